/**
 * Upstream pi's example extensions in the browser tests, read at build time with Vite's glob: path relative
 * to examples/extensions/ → source, and the entries the corpus loads (each top-level `.ts`, each folder's `index.ts`).
 */
const PREFIX = "../../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/";
const sources = import.meta.glob("../../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/**/*.{ts,json,md}", {
	query: "?raw",
	import: "default",
	eager: true,
}) as Record<string, string>;

export const exampleFiles: Record<string, string> = Object.fromEntries(
	Object.entries(sources)
		.filter(([path]) => !path.includes("/node_modules/", PREFIX.length))
		.map(([path, source]) => [path.slice(PREFIX.length), source]),
);

export const exampleEntries: string[] = Object.keys(exampleFiles)
	.filter((path) => /^[^/]+\.ts$/.test(path) || /^[^/]+\/index\.ts$/.test(path))
	.sort();
