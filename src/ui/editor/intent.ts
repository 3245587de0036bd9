/** What opening the editor is for: a new extension from a template (`run`: at once, the first screen's starter), or a file. */
export type EditorIntent = { kind: "template"; id: string; run?: boolean } | { kind: "open"; path: string; line?: number };

/** The file an editor opens with when nothing was open (an embed's editor layout): the first extension, else the first file. */
export function fileToOpenFirst(files: string[]): string | undefined {
	const sorted = [...files].sort();
	return sorted.find((path) => /(^|\/)\.(pi|omp)\/extensions\//.test(path)) ?? sorted[0];
}
