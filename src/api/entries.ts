/**
 * Session entries in upstream pi's version-3 format: a header, then append-only entries that form a
 * tree through `parentId`. `SessionEntry` is the union of the entries Playa knows and narrows on
 * `type`; entry types written by other tools are kept as they are (`UnknownEntry`), apart from the
 * union, and `StoredEntry` is what a session file or the tree may hold.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { ImageContent, TextContent } from "@earendil-works/pi-ai";

export interface SessionHeader {
	type: "session";
	version: number;
	id: string;
	timestamp: string;
	cwd: string;
	title?: string;
	parentSession?: string;
}

export interface EntryBase {
	id: string;
	parentId: string | null;
	timestamp: string;
}

export interface MessageEntry extends EntryBase {
	type: "message";
	message: AgentMessage;
}

/** A `pi.appendEntry` record: kept in the session, never sent to the model. */
export interface CustomEntry<T = unknown> extends EntryBase {
	type: "custom";
	customType: string;
	data?: T;
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

/**
 * Older history replaced by a summary (upstream's `CompactionEntry`): the model sees the summary, then
 * the entries from `firstKeptEntryId` on. `summaryReplies` is Playa's: how many model replies the
 * summary took, so the scripted model knows which step comes next.
 */
export interface CompactionEntry extends EntryBase {
	type: "compaction";
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	details?: unknown;
	preserveData?: Record<string, unknown>;
	/** oh-my-pi's flag for a compaction an extension supplied; upstream pi 1.6 writes `fromHook`. */
	fromExtension?: boolean;
	fromHook?: boolean;
	summaryReplies?: number;
}

/** Left behind when tree navigation leaves a branch: what that branch did, for the model's context. */
export interface BranchSummaryEntry extends EntryBase {
	type: "branch_summary";
	/** The leaf that was left ("root" when there was none). */
	fromId: string;
	summary: string;
	details?: unknown;
	/** True when an extension supplied the summary. */
	fromHook?: boolean;
}

export type SessionEntry =
	| MessageEntry
	| CustomEntry
	| CustomMessageEntry
	| ModelChangeEntry
	| ThinkingLevelChangeEntry
	| SessionInfoEntry
	| LabelEntry
	| CompactionEntry
	| BranchSummaryEntry;

/**
 * Any other entry type written by upstream pi or oh-my-pi: carried through untouched. Not part of
 * `SessionEntry`, whose `type` would otherwise no longer narrow.
 */
export interface UnknownEntry extends EntryBase {
	type: string;
	[field: string]: unknown;
}

/** An entry as a session file or the tree holds it: a known one, or one of another tool's types. */
export type StoredEntry = SessionEntry | UnknownEntry;

/** An entry as the caller describes it; the tree fills in id, parentId and timestamp. */
export type NewEntry =
	| Omit<MessageEntry, keyof EntryBase>
	| Omit<CustomEntry, keyof EntryBase>
	| Omit<CustomMessageEntry, keyof EntryBase>
	| Omit<ModelChangeEntry, keyof EntryBase>
	| Omit<ThinkingLevelChangeEntry, keyof EntryBase>
	| Omit<SessionInfoEntry, keyof EntryBase>
	| Omit<LabelEntry, keyof EntryBase>
	| Omit<CompactionEntry, keyof EntryBase>
	| Omit<BranchSummaryEntry, keyof EntryBase>;

/** An entry with its children (oldest first) and its resolved label, as upstream's `getTree` gives it. */
export interface SessionTreeNode<E extends StoredEntry = SessionEntry> {
	entry: E;
	children: SessionTreeNode<E>[];
	label?: string;
}
