/**
 * Upstream pi's example extensions as a file tree the runtime harness can serve: every text file
 * under examples/extensions/, keyed by its path relative to that folder, so an example's relative
 * imports (`./utils.ts`) resolve to its sibling files through the harness's in-memory fetch.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { UPSTREAM_EXAMPLES } from "../support/upstream-examples.ts";

const TEXT = /\.(m|c)?[jt]sx?$|\.(json|md)$/i;

/** Every text file under `root` (recursively), path relative to `root` with "/" separators → source. */
export function serveDirectory(root: string): Record<string, string> {
	const files: Record<string, string> = {};
	const walk = (dir: string) => {
		for (const name of readdirSync(dir).sort()) {
			const path = join(dir, name);
			if (name === "node_modules") continue;
			if (statSync(path).isDirectory()) walk(path);
			else if (TEXT.test(name)) files[relative(root, path).split(sep).join("/")] = readFileSync(path, "utf8");
		}
	};
	walk(root);
	return files;
}

/** The examples' file tree, read once. */
let tree: Record<string, string> | undefined;
export function exampleFiles(): Record<string, string> {
	tree ??= serveDirectory(UPSTREAM_EXAMPLES);
	return tree;
}

/**
 * Every example, as the path the harness loads: each top-level `.ts` file, and `index.ts` of each
 * folder that has one. Sorted by name.
 */
export function exampleEntries(root: string = UPSTREAM_EXAMPLES): string[] {
	const entries: string[] = [];
	for (const name of readdirSync(root).sort()) {
		const path = join(root, name);
		if (statSync(path).isDirectory()) {
			try {
				if (statSync(join(path, "index.ts")).isFile()) entries.push(`${name}/index.ts`);
			} catch {
				// a folder without an entry point is not an extension
			}
		} else if (/\.ts$/.test(name)) entries.push(name);
	}
	return entries;
}

export { exampleName } from "./names.ts";
