/**
 * The editor's defaults: what opening it is for, the file it opens with when nothing was open, and what a new line
 * indents with.
 */
/** What opening the editor is for: a new extension from a template (`run`: at once, the first screen's starter), or a file. */
export type EditorIntent =
	| { kind: "template"; id: string; run?: boolean }
	| { kind: "open"; path: string; line?: number; replace?: { text: string; run?: boolean }; besides?: string[] };

/** The file an editor opens with when nothing was open (an embed's editor layout): the first extension, else the first file. */
export function fileToOpenFirst(files: string[]): string | undefined {
	const sorted = [...files].sort();
	return sorted.find((path) => /(^|\/)\.(pi|omp)\/extensions\//.test(path)) ?? sorted[0];
}

/**
 * What a new line indents with, read from the file's own lines: a tab where the file indents with tabs, else as many
 * spaces as its smallest indentation step (2 when it has none yet).
 */
export function indentOf(text: string): string {
	let tabs = 0;
	let spaced = 0;
	let step = 0;
	for (const line of text.split("\n", 2_000)) {
		if (line.startsWith("\t")) tabs++;
		else {
			const spaces = /^( +)\S/.exec(line)?.[1].length ?? 0;
			if (spaces === 0) continue;
			spaced++;
			if (spaces >= 2 && (step === 0 || spaces < step)) step = spaces;
		}
	}
	if (tabs > spaced) return "\t";
	return " ".repeat(step === 0 || step > 8 ? 2 : step);
}
