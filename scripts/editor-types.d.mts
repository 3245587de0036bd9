export function collectEditorTypes(root: string): Record<string, string>;
export const EDITOR_LIB_NAMES: string[];
