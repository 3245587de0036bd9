/**
 * Every extension event of the reference's section 5: its payload (besides `type`) and what a
 * handler may return. How results combine is declared per event in runtime/extensions/merge-rules.ts.
 */
import type { AgentMessage, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, AssistantMessageEvent, ImageContent, Model, TextContent, ToolResultMessage } from "@earendil-works/pi-ai";
import type { CompactionPreparation } from "./compaction.ts";
import type { CompactionEntry, SessionEntry } from "./entries.ts";
import type { RegisteredMcpServer } from "./mcp.ts";
import type { SystemPromptOptions } from "./system-prompt.ts";
import type { CustomMessage } from "./ui.ts";

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

/** pi 1.6's `before_provider_headers`: a string adds or overrides a header, `null` drops one the handler added. */
export type ProviderHeaders = Record<string, string | null>;

/** What a dialog waits for, in `ui_prompt_start` / `ui_prompt_end`. */
export type UIPromptKind = "select" | "confirm" | "input" | "editor" | "custom";

/** An entry an `agent_before_settle` handler proposes (upstream's `SessionBoundaryDraft`, the kinds Playa appends). */
export type SessionBoundaryDraft =
	| { type: "custom"; customType: string; data?: unknown }
	| { type: "custom_message"; customType: string; content: string | (TextContent | ImageContent)[]; display: boolean; details?: unknown };

/** What triggered a compaction: `/compact` or `ctx.compact()`, the context threshold, or a context-overflow error. */
export type CompactionReason = "manual" | "threshold" | "overflow";

type Ev<P, R = void> = { payload: P; result: R };
type Cancel<R = {}> = ({ cancel?: boolean } & R) | void;
type None = Record<never, never>;

/** Every event `pi.on(name, handler)` takes: each one's `payload` (the handler's event) and the `result` it may return. */
export interface ExtensionEventMap {
	// Session lifecycle
	/** pi 1.6's `reason` and `previousSessionFile` (the previous session's id), in both dialects. */
	session_start: Ev<{ reason: "startup" | "reload" | "new" | "resume" | "fork"; previousSessionFile?: string }>;
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
	/** pi 1.6: a compaction failed or was cancelled (after `session_before_compact`). */
	session_compact_failed: Ev<{ reason: CompactionReason; errorMessage?: string; aborted: boolean; willRetry: boolean; fromExtension: boolean }>;
	/** pi 1.6: the session's name changed (`pi.setSessionName`, the page's rename); `name` is undefined when cleared. */
	session_info_changed: Ev<{ name: string | undefined }>;
	/**
	 * pi 1.6: new or changed project extensions wait for trust; the other extensions decide first (the first yes or
	 * no wins, `remember` keeps it), with a limited ctx (cwd, mode, hasUI, ui.select/confirm/input/notify).
	 */
	project_trust: Ev<{ cwd: string }, { trusted: "yes" | "no" | "undecided"; remember?: boolean } | void>;
	/** pi 1.6: an extension registered or removed an MCP server after the extensions loaded. */
	mcp_servers_change: Ev<{ servers: RegisteredMcpServer[] }>;
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
	/** pi 1.6: why the session's runtime ends ("quit" when the page closes it; absent when the host did not say). */
	session_shutdown: Ev<{ reason?: "quit" | "reload" | "new" | "resume" | "fork"; targetSessionFile?: string }>;
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
	/** What the user sent, before the agent sees it: return `{ action: "transform", text }` to rewrite it, `{ action: "handled" }` to answer it yourself. */
	input: Ev<
		{
			text: string;
			images?: ImageContent[];
			source: "interactive" | "rpc" | "extension";
			/** pi 1.6: how a prompt sent while a run goes reaches it (the page steers); absent when idle. */
			streamingBehavior?: "steer" | "followUp";
		},
		{ handled?: boolean; action?: "continue" | "transform" | "handled"; text?: string; images?: ImageContent[] } | void
	>;
	/**
	 * The reference's shape. An extension of pi's dialect (docs/dialects.md) sees `systemPrompt` as one
	 * string, `systemPromptOptions` to edit in place, and `messageType` (with `message` for a custom start),
	 * and may return `systemPrompt` as a string, which replaces the whole prompt.
	 */
	before_agent_start: Ev<
		{
			prompt: string;
			images?: ImageContent[];
			systemPrompt: string[];
			messageType?: "user" | "custom";
			message?: CustomMessage;
			systemPromptOptions?: SystemPromptOptions;
		},
		{ message?: CustomMessagePayload; systemPrompt?: string[] | string } | void
	>;
	/** The messages about to go to the model, before each request: return `{ messages }` to send others (the session keeps its own). */
	context: Ev<{ messages: AgentMessage[] }, { messages?: AgentMessage[] } | void>;
	/** pi 1.6: after `context`, the whole request transcript (system messages included); the result is sent as it is. */
	context_with_system: Ev<{ messages: AgentMessage[] }, { messages?: AgentMessage[] } | void>;
	/**
	 * pi 1.6: handlers edit `headers` in place (the return value is ignored). They see only the headers
	 * extensions added: the page adds the provider's own, and its key, after them and never shows them.
	 */
	before_provider_headers: Ev<{ headers: ProviderHeaders }>;
	before_provider_request: Ev<{ payload: unknown }, unknown>;
	/** pi 1.6: a provider's parsed stream event before it is normalized (read-only). */
	provider_stream_event: Ev<{ provider: string; api: string; model: string; data: unknown }>;
	after_provider_response: Ev<{ status: number; headers: Record<string, string>; requestId?: string; metadata?: unknown }>;
	before_subagent_spawn: Ev<
		{ agent: unknown; invocationKind: "task" | "eval"; modelRole?: string; patterns: string[]; spawnKey?: string },
		{ model?: string | string[]; block?: boolean; reason?: string; note?: string } | void
	>;
	cache_warming_decision: Ev<
		{ warmCost: number; missCost: number; continuationProbability: number; action: "warm" | "stop" },
		{ action?: "warm" | "stop" } | void
	>;
	/** The agent starts working on a prompt (one or more turns follow). */
	agent_start: Ev<None>;
	agent_end: Ev<{ messages: AgentMessage[]; willContinue?: boolean }>;
	/**
	 * pi 1.6: the last point a finished run can act at. Each handler sees the entries and the continuation
	 * proposed so far and may replace either; the entries are appended, and `continue` runs one more turn.
	 */
	agent_before_settle: Ev<
		{ entries: SessionBoundaryDraft[]; continue: boolean; outcome: "completed" | "aborted" | "error"; context: { messages: AgentMessage[] } },
		{ entries?: SessionBoundaryDraft[]; continue?: boolean } | void
	>;
	/** pi 1.6: the page waits for the user on an extension's dialog (nested dialogs count once). Not awaited. */
	ui_prompt_start: Ev<{ reason: "ui_prompt"; kind: UIPromptKind; title?: string }>;
	ui_prompt_end: Ev<{ reason: "ui_prompt"; kind: UIPromptKind; title?: string }>;
	/** pi 1.6: the run has fully settled (retries, compaction and queued continuations done); the agent is idle. */
	agent_settled: Ev<{ aborted: boolean }>;
	/** A turn begins: one model reply and the tool calls it makes. */
	turn_start: Ev<{ turnIndex: number; timestamp: number }>;
	turn_end: Ev<{ turnIndex: number; message: AgentMessage; toolResults: ToolResultMessage[] }>;
	assistant_message: Ev<{ message: AssistantMessage }, { content?: AssistantMessage["content"] } | void>;
	message_start: Ev<{ message: AgentMessage }>;
	message_update: Ev<{ message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }>;
	message_end: Ev<{ message: AgentMessage }>;
	// Tools
	/** The model called a tool, before it runs: return `{ block: true, reason }` to refuse the call (the model reads the reason). */
	tool_call: Ev<{ toolCallId: string; toolName: string; input: Record<string, unknown> }, ToolCallEventResult | void>;
	/** A tool's result, before the model reads it: return `content`, `details` or `isError` to change it. */
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
