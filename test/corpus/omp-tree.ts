/**
 * oh-my-pi's examples (vendored unchanged in test/corpus/omp-examples/ by scripts/omp-examples.mjs) as a
 * file tree the runtime harness can serve, keyed by their path under that folder ("hooks/qna.ts"), and
 * the list of entries: each `.ts` file of extensions/, hooks/ and custom-tools/, and each folder's `index.ts`.
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { exampleEntries, serveDirectory } from "./examples.ts";

export const OMP_VERSION = "18.3.4";
export const OMP_PACKAGE = `@oh-my-pi/pi-coding-agent@${OMP_VERSION}`;
export const OMP_EXAMPLES = fileURLToPath(new URL("./omp-examples/", import.meta.url));
export const OMP_KINDS = ["extensions", "hooks", "custom-tools"] as const;

let tree: Record<string, string> | undefined;
/** The examples' file tree, read once. */
export function ompFiles(): Record<string, string> {
	tree ??= serveDirectory(OMP_EXAMPLES);
	return tree;
}

/** Every entry, as the path the harness loads ("extensions/hello.ts", "custom-tools/hello/index.ts"), by kind then name. */
export function ompEntries(): string[] {
	return OMP_KINDS.flatMap((kind) => exampleEntries(join(OMP_EXAMPLES, kind)).map((entry) => `${kind}/${entry}`));
}
