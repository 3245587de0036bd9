/** Display name of an entry: the file name without `.ts`, or the folder name with a slash. */
export function exampleName(entry: string): string {
	return entry.endsWith("/index.ts") ? `${entry.slice(0, -"/index.ts".length)}/` : entry.replace(/\.ts$/, "");
}
