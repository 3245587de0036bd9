/** Which tree rows the tree panel shows: upstream's filter modes and search, over the runtime's rows. */
import type { TreeRow } from "../../protocol/runtime.ts";

export const TREE_FILTERS = [
	{ mode: "default", name: "Default" },
	{ mode: "no-tools", name: "No tools" },
	{ mode: "user-only", name: "User only" },
	{ mode: "labeled-only", name: "Labeled only" },
	{ mode: "all", name: "All" },
] as const;

export type TreeFilterMode = (typeof TREE_FILTERS)[number]["mode"];

function passes(row: TreeRow, mode: TreeFilterMode): boolean {
	// Replies made only of tool calls are hidden in every mode, unless they are where the session stands.
	if (row.toolOnly && !row.isLeaf) return false;
	switch (mode) {
		case "default":
			return row.kind !== "bookkeeping";
		case "no-tools":
			return row.kind !== "bookkeeping" && row.kind !== "toolResult";
		case "user-only":
			return row.kind === "user";
		case "labeled-only":
			return row.label !== undefined;
		case "all":
			return true;
	}
}

/** Every space-separated token must be found (case-insensitive) in the row's label, kind or text. */
function matches(row: TreeRow, tokens: string[]): boolean {
	if (tokens.length === 0) return true;
	const haystack = `${row.label ?? ""} ${row.kind} ${row.text}`.toLowerCase();
	return tokens.every((token) => haystack.includes(token));
}

export function filterTreeRows(rows: TreeRow[], mode: TreeFilterMode, query: string): TreeRow[] {
	const tokens = query.toLowerCase().split(/\s+/).filter(Boolean);
	return rows.filter((row) => passes(row, mode) && matches(row, tokens));
}

/** The shown row nearest to an entry: the entry itself, else its closest shown ancestor, else the last row. */
export function nearestShownIndex(shown: TreeRow[], all: TreeRow[], entryId: string | null): number {
	if (shown.length === 0) return -1;
	const index = new Map(shown.map((row, i) => [row.id, i]));
	const parents = new Map(all.map((row) => [row.id, row.parentId]));
	const seen = new Set<string>();
	for (let id = entryId; id !== null && !seen.has(id); id = parents.get(id) ?? null) {
		seen.add(id);
		const found = index.get(id);
		if (found !== undefined) return found;
	}
	return shown.length - 1;
}
