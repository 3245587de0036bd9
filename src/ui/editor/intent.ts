/** What opening the editor is for: a new extension from a template, or a file. */
export type EditorIntent = { kind: "template"; id: string; /** Run it at once (the first screen's starter). */ run?: boolean } | { kind: "open"; path: string; line?: number };
