/**
 * Every extension event of the reference's section 5: its payload (besides `type`) and what a
 * handler may return. How results combine is declared per event in runtime/extensions/merge-rules.ts.
 */
import type { AgentMessage, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, AssistantMessageEvent, ImageContent, Model, TextContent, ToolResultMessage } from "@earendil-works/pi-ai";
import type { CompactionPreparation } from "./compaction.ts";
import type { CompactionEntry, SessionEntry } from "./entries.ts";

export type CustomMessagePayload<T = unknown> =
	| string
	| {
			customType?: string;
			content?: string | (TextContent | ImageContent)[];
			display?: boolean;
			details?: T;
			attribution?: "user" | "agent";
	  };

export interface ToolCallEventResult {
	block?: boolean;
	reason?: string;
	input?: Record<string, unknown>;
	additionalContext?: string;
}

export interface ToolResultEventResult {
	content?: (TextContent | ImageContent)[];
	details?: unknown;
	isError?: boolean;
	additionalContext?: string;
}

export interface BashResult {
	output: string;
	exitCode: number | undefined;
	cancelled?: boolean;
	truncated?: boolean;
}

export interface CompactionResult {
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	details?: unknown;
}

/** What triggered a compaction: `/compact` or `ctx.compact()`, the context threshold, or a context-overflow error. */
export type CompactionReason = "manual" | "threshold" | "overflow";

type Ev<P, R = void> = { payload: P; result: R };
type Cancel<R = {}> = ({ cancel?: boolean } & R) | void;
type None = Record<never, never>;

export interface ExtensionEventMap {
	// Session lifecycle
	session_start: Ev<None>;
	session_before_switch: Ev<{ reason: "new" | "resume" | "fork"; targetSessionFile?: string }, Cancel>;
	session_switch: Ev<{ reason: "new" | "resume" | "fork"; previousSessionFile?: string }>;
	session_before_branch: Ev<{ entryId: string; reason?: "branch" | "fork" | "btw" }, Cancel<{ skipConversationRestore?: boolean }>>;
	session_branch: Ev<{ previousSessionFile?: string; reason?: "branch" | "fork" | "btw" }>;
	/** Upstream pi: before `fork(entryId)` copies a branch into a new session. */
	session_before_fork: Ev<{ entryId: string; position: "before" | "at" }, Cancel<{ skipConversationRestore?: boolean }>>;
	session_before_compact: Ev<
		{
			preparation: CompactionPreparation;
			branchEntries: SessionEntry[];
			customInstructions?: string;
			reason: CompactionReason;
			/** True when the turn that overflowed is retried after this compaction. */
			willRetry: boolean;
			signal: AbortSignal;
		},
		Cancel<{ compaction?: CompactionResult }>
	>;
	"session.compacting": Ev<
		{ sessionId: string; messages: AgentMessage[] },
		{ context?: string[]; prompt?: string; preserveData?: Record<string, unknown> } | void
	>;
	session_compact: Ev<{ compactionEntry: CompactionEntry; fromExtension: boolean; reason: CompactionReason; willRetry: boolean }>;
	session_before_tree: Ev<
		{
			preparation: {
				targetId: string;
				oldLeafId: string | null;
				commonAncestorId: string | null;
				entriesToSummarize: SessionEntry[];
				userWantsSummary: boolean;
				customInstructions?: string;
				replaceInstructions?: boolean;
				label?: string;
			};
			signal: AbortSignal;
		},
		Cancel<{ summary?: { summary: string; details?: unknown }; customInstructions?: string; replaceInstructions?: boolean; label?: string }>
	>;
	session_tree: Ev<{ newLeafId: string | null; oldLeafId: string | null; summaryEntry?: SessionEntry; fromExtension?: boolean }>;
	session_shutdown: Ev<None>;
	session_stop: Ev<
		{
			messages: AgentMessage[];
			turn_id: string;
			last_assistant_message?: string;
			session_id: string;
			session_file?: string;
			stop_hook_active: boolean;
			signal: AbortSignal;
		},
		{ continue?: boolean; additionalContext?: string; decision?: "block"; reason?: string } | void
	>;
	goal_updated: Ev<{ goal: unknown; state?: unknown }>;
	// Prompt, turn, provider
	input: Ev<
		{ text: string; images?: ImageContent[]; source: "interactive" | "rpc" | "extension" },
		{ handled?: boolean; action?: "continue" | "transform" | "handled"; text?: string; images?: ImageContent[] } | void
	>;
	before_agent_start: Ev<
		{ prompt: string; images?: ImageContent[]; systemPrompt: string[] },
		{ message?: CustomMessagePayload; systemPrompt?: string[] } | void
	>;
	context: Ev<{ messages: AgentMessage[] }, { messages?: AgentMessage[] } | void>;
	before_provider_request: Ev<{ payload: unknown }, unknown>;
	after_provider_response: Ev<{ status: number; headers: Record<string, string>; requestId?: string; metadata?: unknown }>;
	before_subagent_spawn: Ev<
		{ agent: unknown; invocationKind: "task" | "eval"; modelRole?: string; patterns: string[]; spawnKey?: string },
		{ model?: string | string[]; block?: boolean; reason?: string; note?: string } | void
	>;
	cache_warming_decision: Ev<{ warmCost: number; missCost: number; continuationProbability: number; action: "warm" | "stop" }, { action?: "warm" | "stop" } | void>;
	agent_start: Ev<None>;
	agent_end: Ev<{ messages: AgentMessage[]; willContinue?: boolean }>;
	/** pi 1.6: the run has fully settled (retries, compaction and queued continuations done); the agent is idle. */
	agent_settled: Ev<{ aborted: boolean }>;
	turn_start: Ev<{ turnIndex: number; timestamp: number }>;
	turn_end: Ev<{ turnIndex: number; message: AgentMessage; toolResults: ToolResultMessage[] }>;
	assistant_message: Ev<{ message: AssistantMessage }, { content?: AssistantMessage["content"] } | void>;
	message_start: Ev<{ message: AgentMessage }>;
	message_update: Ev<{ message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }>;
	message_end: Ev<{ message: AgentMessage }>;
	// Tools
	tool_call: Ev<{ toolCallId: string; toolName: string; input: Record<string, unknown> }, ToolCallEventResult | void>;
	tool_result: Ev<
		{
			toolCallId: string;
			toolName: string;
			input: Record<string, unknown>;
			content: (TextContent | ImageContent)[];
			details: unknown;
			isError: boolean;
		},
		ToolResultEventResult | void
	>;
	tool_execution_start: Ev<{ toolCallId: string; toolName: string; args: unknown; intent?: string }>;
	tool_execution_update: Ev<{ toolCallId: string; toolName: string; args: unknown; partialResult: unknown }>;
	tool_execution_end: Ev<{ toolCallId: string; toolName: string; result: unknown; isError: boolean }>;
	tool_approval_requested: Ev<{ sessionId: string; toolCallId: string; toolName: string; reason?: string; approvalMode: string }>;
	tool_approval_resolved: Ev<{ sessionId: string; toolCallId: string; toolName: string; approved: boolean; reason?: string }>;
	// User shell and misc
	user_bash: Ev<{ command: string; excludeFromContext: boolean; cwd: string }, { result?: BashResult } | void>;
	user_python: Ev<{ code: string; excludeFromContext: boolean; cwd: string }, { result?: { output: string; exitCode?: number } } | void>;
	resources_discover: Ev<{ cwd: string; reason: "startup" | "reload" }, { skillPaths?: string[]; promptPaths?: string[]; themePaths?: string[] } | void>;
	auto_compaction_start: Ev<{ reason: "threshold" | "overflow" | "idle" | "incomplete"; action: string }>;
	auto_compaction_end: Ev<{ action: string; result?: unknown; aborted: boolean; willRetry: boolean; errorMessage?: string; skipped?: boolean }>;
	model_select: Ev<{ model: Model<Api>; previousModel: Model<Api> | undefined; source: "set" | "cycle" | "restore" }>;
	thinking_level_select: Ev<{ level: ThinkingLevel; previousLevel: ThinkingLevel }>;
	auto_retry_start: Ev<{ attempt: number; maxAttempts: number; delayMs: number; errorMessage: string; errorId?: string }>;
	auto_retry_end: Ev<{ success: boolean; attempt: number; finalError?: string; retryErrors?: string[] }>;
	retry_fallback_applied: Ev<{ from: string; to: string; role: string; reason?: string }>;
	retry_fallback_succeeded: Ev<{ model: string; role: string }>;
	ttsr_triggered: Ev<{ rules: unknown[] }>;
	todo_reminder: Ev<{ todos: unknown[]; attempt: number; maxAttempts: number }>;
	credential_disabled: Ev<{ provider: string; disabledCause: string; credentialId?: string }>;
	mcp_notification: Ev<{ server: string; method: string; params: unknown }>;
}

export type ExtensionEventName = keyof ExtensionEventMap;
export type ExtensionEvent<E extends ExtensionEventName> = { type: E } & ExtensionEventMap[E]["payload"];
export type ExtensionEventResult<E extends ExtensionEventName> = ExtensionEventMap[E]["result"];
export type ToolCallEvent = ExtensionEvent<"tool_call">;
export type ToolResultEvent = ExtensionEvent<"tool_result">;
