/** What opening the editor is for: a new extension from a template, or a file. */
export type EditorIntent = { kind: "template"; id: string } | { kind: "open"; path: string; line?: number };
