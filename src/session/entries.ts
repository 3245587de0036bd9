/**
 * Session entry helpers; the entry types themselves are part of the contract (api/entries.ts).
 */
import type { CompactionEntry, MessageEntry, SessionEntry, SessionHeader } from "../api/entries.ts";

export type * from "../api/entries.ts";

export const SESSION_VERSION = 3;

export function isMessageEntry(entry: SessionEntry): entry is MessageEntry {
	return entry.type === "message";
}

export function isCompactionEntry(entry: SessionEntry): entry is CompactionEntry {
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
