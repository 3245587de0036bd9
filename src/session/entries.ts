/**
 * Session entry helpers; the entry types themselves are part of the contract (api/entries.ts).
 */
import type { CompactionEntry, MessageEntry, SessionEntry, SessionHeader, StoredEntry } from "../api/entries.ts";

export type * from "../api/entries.ts";

export const SESSION_VERSION = 3;

const KNOWN_TYPES: ReadonlySet<string> = new Set<SessionEntry["type"]>([
	"message",
	"custom",
	"custom_message",
	"model_change",
	"thinking_level_change",
	"session_info",
	"label",
	"compaction",
	"branch_summary",
]);

/** True for the entry types Playa knows; the others are another tool's, carried through untouched. */
export function isSessionEntry(entry: StoredEntry): entry is SessionEntry {
	return KNOWN_TYPES.has(entry.type);
}

export function isMessageEntry(entry: StoredEntry): entry is MessageEntry {
	return entry.type === "message";
}

export function isCompactionEntry(entry: StoredEntry): entry is CompactionEntry {
	return entry.type === "compaction" && typeof entry.summary === "string" && typeof entry.firstKeptEntryId === "string";
}

/** 8 hex characters, as upstream writes them. */
export function newEntryId(taken: (id: string) => boolean): string {
	for (;;) {
		const id = crypto.randomUUID().replace(/-/g, "").slice(-8);
		if (!taken(id)) return id;
	}
}

export function newSessionHeader(cwd: string): SessionHeader {
	return { type: "session", version: SESSION_VERSION, id: crypto.randomUUID(), timestamp: new Date().toISOString(), cwd };
}
