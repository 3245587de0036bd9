/**
 * The file walk behind `find` and `grep`: hidden files included (upstream passes --hidden to fd and
 * ripgrep), `.git` skipped, and .gitignore files respected, those above the search directory too.
 * Entries come in path order, so results are stable (fd and ripgrep order by thread timing).
 */
import { ancestorsAndSelf, join, relative } from "../../../workspace/workspace-path.ts";
import type { EntryType, Workspace } from "../../../workspace/workspace.ts";
import { throwIfAborted } from "./builtin-context.ts";
import { isIgnored, parseGitignore } from "./glob.ts";

export interface WalkEntry {
	path: string;
	/** Relative to the walk's root. */
	relative: string;
	type: EntryType;
}

type Rules = ReturnType<typeof parseGitignore>;

async function readGitignore(workspace: Workspace, directory: string): Promise<Rules> {
	try {
		return parseGitignore(await workspace.readFile(join(directory, ".gitignore"), "utf8"), directory);
	} catch {
		return [];
	}
}

/** Every entry under `root` (not `root` itself), depth first in name order. */
export async function* walk(workspace: Workspace, root: string, signal?: AbortSignal): AsyncGenerator<WalkEntry> {
	let inherited: Rules = [];
	for (const ancestor of ["/", ...ancestorsAndSelf(root).slice(0, -1)]) {
		inherited = inherited.concat(await readGitignore(workspace, ancestor));
	}
	async function* visit(directory: string, rules: Rules): AsyncGenerator<WalkEntry> {
		throwIfAborted(signal);
		const local = rules.concat(await readGitignore(workspace, directory));
		for (const entry of await workspace.list(directory)) {
			if (entry.name === ".git") continue;
			const isDirectory = entry.type === "directory";
			if (isIgnored(local, entry.path, isDirectory)) continue;
			yield { path: entry.path, relative: relative(root, entry.path), type: entry.type };
			if (isDirectory) yield* visit(entry.path, local);
		}
	}
	yield* visit(root, inherited);
}
