/**
 * What opening the editor is for: a new extension from a template (`run`: at once, the first screen's starter), or a
 * file (after the files `besides`, each in a tab: a playground's first files).
 */
export type EditorIntent = { kind: "template"; id: string; run?: boolean } | { kind: "open"; path: string; line?: number; besides?: string[] };
