/** What compaction hooks receive: the settings and what a compaction would summarize and keep. */
import type { AgentMessage } from "@earendil-works/pi-agent-core";

export interface CompactionSettings {
	enabled: boolean;
	/** Room left for the reply: compaction starts when the context passes window − reserve. */
	reserveTokens: number;
	/** About how much recent history stays as it is. */
	keepRecentTokens: number;
}

export interface FileOperations {
	read: Set<string>;
	written: Set<string>;
	edited: Set<string>;
}

/** What `session_before_compact` receives as `preparation` (upstream's `CompactionPreparation`). */
export interface CompactionPreparation {
	firstKeptEntryId: string;
	messagesToSummarize: AgentMessage[];
	/** The start of a turn the cut falls inside, summarized on its own. */
	turnPrefixMessages: AgentMessage[];
	isSplitTurn: boolean;
	tokensBefore: number;
	previousSummary?: string;
	fileOps: FileOperations;
	settings: CompactionSettings;
}
