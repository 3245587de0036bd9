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

/** How much of the first prompt names an untitled session in the list. */
const FIRST_PROMPT_CHARS = 80;

/**
 * The first user message's text among `entries`, on one line and cut short: what the session list calls a session
 * that has no name of its own, as pi's `/resume` list shows it. Undefined when there is no user text yet.
 */
export function firstPromptOf(entries: readonly StoredEntry[]): string | undefined {
	for (const entry of entries) {
		if (!isMessageEntry(entry) || entry.message?.role !== "user") continue;
		// Entries come from a runtime worker or a file: only what is text counts.
		const content: unknown = entry.message.content;
		const blocks = Array.isArray(content) ? content : [];
		const raw =
			typeof content === "string" ? content : blocks.map((block) => (block?.type === "text" && typeof block.text === "string" ? block.text : "")).join(" ");
		const text = raw.replace(/\s+/g, " ").trim();
		if (text) return text.length > FIRST_PROMPT_CHARS ? `${text.slice(0, FIRST_PROMPT_CHARS - 1)}…` : text;
	}
	return undefined;
}

export function newSessionHeader(cwd: string): SessionHeader {
	return { type: "session", version: SESSION_VERSION, id: crypto.randomUUID(), timestamp: new Date().toISOString(), cwd };
}
