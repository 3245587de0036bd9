/**
 * Session entries in upstream pi's version-3 format: a header, then append-only entries that form a
 * tree through `parentId`. Entry types Playa does not know are kept as they are (`UnknownEntry`).
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { ImageContent, TextContent } from "@earendil-works/pi-ai";

export const SESSION_VERSION = 3;

export interface SessionHeader {
	type: "session";
	version: number;
	id: string;
	timestamp: string;
	cwd: string;
	title?: string;
	parentSession?: string;
}

interface EntryBase {
	id: string;
	parentId: string | null;
	timestamp: string;
}

export interface MessageEntry extends EntryBase {
	type: "message";
	message: AgentMessage;
}

export interface CustomEntry extends EntryBase {
	type: "custom";
	customType: string;
	data?: unknown;
}

export interface CustomMessageEntry extends EntryBase {
	type: "custom_message";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: unknown;
}

export interface ModelChangeEntry extends EntryBase {
	type: "model_change";
	/** "provider/id" */
	model: string;
}

export interface ThinkingLevelChangeEntry extends EntryBase {
	type: "thinking_level_change";
	thinkingLevel?: string;
	configured?: string;
}

export interface SessionInfoEntry extends EntryBase {
	type: "session_info";
	name?: string;
}

export interface LabelEntry extends EntryBase {
	type: "label";
	targetId: string;
	/** undefined clears the target's label */
	label: string | undefined;
}

/** Any other entry type written by upstream pi or oh-my-pi: carried through untouched. */
export interface UnknownEntry extends EntryBase {
	type: string;
	[field: string]: unknown;
}

export type KnownEntry = MessageEntry | CustomEntry | CustomMessageEntry | ModelChangeEntry | ThinkingLevelChangeEntry | SessionInfoEntry | LabelEntry;
export type SessionEntry = KnownEntry | UnknownEntry;

/** An entry as the caller describes it; the tree fills in id, parentId and timestamp. */
export type NewEntry =
	| Omit<MessageEntry, keyof EntryBase>
	| Omit<CustomEntry, keyof EntryBase>
	| Omit<CustomMessageEntry, keyof EntryBase>
	| Omit<ModelChangeEntry, keyof EntryBase>
	| Omit<ThinkingLevelChangeEntry, keyof EntryBase>
	| Omit<SessionInfoEntry, keyof EntryBase>
	| Omit<LabelEntry, keyof EntryBase>;

export function isMessageEntry(entry: SessionEntry): entry is MessageEntry {
	return entry.type === "message";
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
