/**
 * Which entries of a branch reach the model once it has been compacted (upstream's
 * `buildContextEntries`): the latest compaction first (its summary), then the entries from its
 * `firstKeptEntryId` up to it, then everything after it.
 */
import { isCompactionEntry, type CompactionEntry, type StoredEntry } from "../entries.ts";

export function latestCompaction(path: StoredEntry[]): CompactionEntry | undefined {
	for (let i = path.length - 1; i >= 0; i--) {
		const entry = path[i];
		if (isCompactionEntry(entry)) return entry;
	}
	return undefined;
}

export function contextEntries(path: StoredEntry[]): StoredEntry[] {
	const compaction = latestCompaction(path);
	if (!compaction) return path;
	const at = path.indexOf(compaction);
	const keptFrom = path.findIndex((entry, i) => i < at && entry.id === compaction.firstKeptEntryId);
	// A first kept entry that is not on the branch keeps nothing before the compaction.
	const kept = keptFrom < 0 ? [] : path.slice(keptFrom, at).filter((entry) => !isCompactionEntry(entry));
	return [compaction, ...kept, ...path.slice(at + 1)];
}
