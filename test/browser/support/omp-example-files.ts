/**
 * oh-my-pi's examples (test/corpus/omp-examples/) in the browser tests, read at build time with Vite's glob:
 * path relative to that folder → source ("hooks/qna.ts"), and the entries its corpus loads (each `.ts` file of
 * extensions/, hooks/ and custom-tools/, and each folder's `index.ts`), as test/corpus/omp-tree.ts lists them under Node.
 */
const PREFIX = "../../corpus/omp-examples/";
const sources = import.meta.glob("../../corpus/omp-examples/**/*.{ts,json,md}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

export const ompExampleFiles: Record<string, string> = Object.fromEntries(Object.entries(sources).map(([path, source]) => [path.slice(PREFIX.length), source]));

export const ompExampleEntries: string[] = Object.keys(ompExampleFiles)
	.filter((path) => /^(extensions|hooks|custom-tools)\/([^/]+\.ts|[^/]+\/index\.ts)$/.test(path))
	.sort();
