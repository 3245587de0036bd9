/**
 * How the handlers of each event combine: one table, one entry per event, built from a few
 * rule kinds (reference section 5, "merge" column). The dispatcher in runner.ts is generic over it.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { Dialect } from "../../loader/dialect.ts";
import { newPromptOptions, type PromptState, renderPrompt } from "./system-prompt.ts";
import type {
	ExtensionEvent,
	ExtensionEventMap,
	ExtensionEventName,
	ExtensionEventResult,
	ProviderHeaders,
	SessionBoundaryDraft,
	ToolCallEventResult,
	ToolResultEventResult,
} from "../../api/events.ts";

export type Result<E extends ExtensionEventName> = Exclude<ExtensionEventResult<E>, void | undefined>;

/** Folds handler results into one outcome. */
export interface MergeRule<E extends ExtensionEventName, Outcome> {
	initial(event: ExtensionEvent<E>): Outcome;
	/** The event as the next handler sees it, given the outcome so far, in the handler's dialect (docs/dialects.md). */
	view(event: ExtensionEvent<E>, outcome: Outcome, dialect: Dialect): ExtensionEvent<E>;
	/** Folds one handler's (non-undefined) result; `stop` ends the dispatch (short-circuit). */
	fold(outcome: Outcome, result: Result<E>, event: ExtensionEvent<E>, dialect: Dialect): { outcome: Outcome; stop?: boolean };
	/** A handler that throws or times out: reported always; fail-closed rules also fold it here. */
	onFailure?(outcome: Outcome, reason: string): { outcome: Outcome; stop?: boolean };
	/** Run every handler at once instead of one after another. */
	parallel?: boolean;
	/** Per-handler time budget in ms, when not the default. */
	timeoutMs?: number;
}

const same = <E extends ExtensionEventName>(event: ExtensionEvent<E>) => event;

/** Results ignored; every handler sees the same event. */
function notify<E extends ExtensionEventName>(): MergeRule<E, void> {
	return { initial() {}, view: same, fold: (outcome) => ({ outcome }) };
}

/** The last result wins; a result matching `stopWhen` short-circuits (first cancel, first block). */
function lastResult<E extends ExtensionEventName>(stopWhen: (result: Result<E>) => boolean = () => false): MergeRule<E, Result<E> | undefined> {
	return { initial: () => undefined, view: same, fold: (_, result) => ({ outcome: result, stop: stopWhen(result) }) };
}

/** The first result matching `accept` wins; others are ignored. */
function firstMatch<E extends ExtensionEventName>(accept: (result: Result<E>) => boolean): MergeRule<E, Result<E> | undefined> {
	return {
		initial: () => undefined,
		view: same,
		fold: (outcome, result) => (accept(result) ? { outcome: result, stop: true } : { outcome }),
	};
}

const nonEmpty = (value: object) => Object.values(value).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));

/** Repeats compared ignoring surrounding white space are dropped, as the spec asks. */
function addContext(list: string[], text: string | undefined): string[] {
	const trimmed = text?.trim();
	if (!trimmed || list.some((existing) => existing.trim() === trimmed)) return list;
	return [...list, text!];
}

export interface InputOutcome {
	text: string;
	images?: ExtensionEvent<"input">["images"];
	handled: boolean;
}

/** The prompt being built (the reference's parts and pi's options) and every message to inject. */
export interface AgentStartOutcome extends PromptState {
	messages: NonNullable<Result<"before_agent_start">["message"]>[];
}

/** `before_agent_start` as each dialect sees it: the reference chains parts; pi sees one string and the options. */
function agentStartView(event: ExtensionEvent<"before_agent_start">, outcome: AgentStartOutcome, dialect: Dialect): ExtensionEvent<"before_agent_start"> {
	const { systemPromptOptions: _options, messageType, message, prompt, ...base } = event;
	if (dialect !== "pi") {
		const forced = outcome.options.forceSystemPrompt;
		return { ...base, prompt, systemPrompt: forced !== undefined ? [forced] : [...outcome.parts] };
	}
	const view = {
		...base,
		...(messageType === "custom" ? { message } : { prompt }),
		messageType: messageType ?? "user",
		systemPromptOptions: outcome.options,
	};
	// A getter, as upstream: it shows the options' edits made so far, this handler's own included.
	Object.defineProperty(view, "systemPrompt", { get: () => renderPrompt(outcome), enumerable: true });
	return view as unknown as ExtensionEvent<"before_agent_start">;
}

/** The boundary proposal `agent_before_settle` handlers pass on. */
export interface SettleOutcome {
	entries: SessionBoundaryDraft[];
	continue: boolean;
}

export interface ToolCallOutcome {
	block: boolean;
	reason?: string;
	input?: Record<string, unknown>;
	additionalContext: string[];
}

export type ToolResultOutcome = Pick<ExtensionEvent<"tool_result">, "content" | "isError"> & { details: unknown; additionalContext: string[] };

export interface Outcomes {
	input: InputOutcome;
	before_agent_start: AgentStartOutcome;
	context: AgentMessage[];
	context_with_system: AgentMessage[];
	before_provider_headers: ProviderHeaders;
	agent_before_settle: SettleOutcome;
	project_trust: Result<"project_trust"> | undefined;
	before_provider_request: unknown;
	assistant_message: ExtensionEvent<"assistant_message">["message"]["content"];
	tool_call: ToolCallOutcome;
	tool_result: ToolResultOutcome;
	session_before_switch: Result<"session_before_switch"> | undefined;
	session_before_branch: Result<"session_before_branch"> | undefined;
	session_before_compact: Result<"session_before_compact"> | undefined;
	session_before_tree: Result<"session_before_tree"> | undefined;
	session_before_fork: Result<"session_before_fork"> | undefined;
	"session.compacting": Result<"session.compacting"> | undefined;
	session_stop: Result<"session_stop"> | undefined;
	before_subagent_spawn: Result<"before_subagent_spawn"> | undefined;
	cache_warming_decision: Result<"cache_warming_decision"> | undefined;
	user_bash: Result<"user_bash"> | undefined;
	user_python: Result<"user_python"> | undefined;
	resources_discover: { skillPaths: string[]; promptPaths: string[]; themePaths: string[] };
}

type OutcomeOf<E extends ExtensionEventName> = E extends keyof Outcomes ? Outcomes[E] : void;
export type MergeTable = { [E in ExtensionEventName]: MergeRule<E, OutcomeOf<E>> };
export type { OutcomeOf };

export const MERGE_RULES: MergeTable = {
	// Session lifecycle: before_* — the first `cancel: true` short-circuits, else the last result.
	session_start: notify(),
	session_before_switch: lastResult((r) => r.cancel === true),
	session_switch: notify(),
	session_before_branch: lastResult((r) => r.cancel === true),
	session_branch: notify(),
	session_before_fork: lastResult((r) => r.cancel === true),
	session_before_compact: lastResult((r) => r.cancel === true),
	"session.compacting": {
		// last non-empty result wins
		initial: () => undefined,
		view: same,
		fold: (outcome, result) => ({ outcome: nonEmpty(result) ? result : outcome }),
	},
	session_compact: notify(),
	session_compact_failed: notify(),
	session_info_changed: notify(),
	// The first yes or no decides; "undecided" leaves it to later handlers and then the page's prompt.
	project_trust: firstMatch((r) => r.trusted === "yes" || r.trusted === "no"),
	mcp_servers_change: notify(),
	session_before_tree: lastResult((r) => r.cancel === true),
	session_tree: notify(),
	session_shutdown: { ...notify<"session_shutdown">(), parallel: true, timeoutMs: 2_000 },
	// `decision: "block"` short-circuits; otherwise the first `continue: true` with its context is kept.
	session_stop: {
		initial: () => undefined,
		view: same,
		fold: (outcome, result) => {
			if (result.decision === "block") return { outcome: result, stop: true };
			if (result.continue && !outcome?.continue) return { outcome: result };
			return { outcome };
		},
	},
	goal_updated: notify(),

	// Prompt and turn. input: chain; each handler sees the text and images so far; `handled` stops.
	input: {
		initial: (event) => ({ text: event.text, images: event.images, handled: false }),
		view: (event, outcome) => ({ ...event, text: outcome.text, images: outcome.images }),
		// Upstream pi 1.6 answers { action: "continue" | "transform" | "handled" }; both shapes are accepted.
		fold: (outcome, result) => {
			const next = {
				text: typeof result.text === "string" ? result.text.trim() : outcome.text,
				images: result.images ?? outcome.images,
				handled: result.handled === true || result.action === "handled",
			};
			return { outcome: next, stop: next.handled };
		},
	},
	// The prompt chains (each handler sees the current one); every message is collected. The reference's
	// string[] replaces the parts; pi's string replaces the whole prompt (upstream's forceSystemPrompt), and
	// pi's handlers edit the shared options in place. A reference handler after a forced prompt edits that text.
	before_agent_start: {
		initial: (event) => ({ parts: event.systemPrompt, options: event.systemPromptOptions ?? newPromptOptions([], ""), messages: [] }),
		view: agentStartView,
		fold: (outcome, result) => {
			const messages = result.message ? [...outcome.messages, result.message] : outcome.messages;
			const prompt = result.systemPrompt;
			if (typeof prompt === "string") outcome.options.forceSystemPrompt = prompt;
			else if (Array.isArray(prompt) && outcome.options.forceSystemPrompt !== undefined) outcome.options.forceSystemPrompt = prompt.join("\n\n");
			return { outcome: { ...outcome, parts: Array.isArray(prompt) && outcome.options.forceSystemPrompt === undefined ? prompt : outcome.parts, messages } };
		},
	},
	// Replacement messages chain; they affect only this provider call.
	context: {
		initial: (event) => event.messages,
		view: (event, messages) => ({ ...event, messages }),
		fold: (messages, result) => ({ outcome: Array.isArray(result.messages) ? result.messages : messages }),
	},
	// The same chain over the whole request, system messages included; what it returns is sent.
	context_with_system: {
		initial: (event) => event.messages,
		view: (event, messages) => ({ ...event, messages }),
		fold: (messages, result) => ({ outcome: Array.isArray(result.messages) ? result.messages : messages }),
	},
	// In-place mutation: every handler edits the same object; what they return is ignored.
	before_provider_headers: {
		initial: (event) => event.headers,
		view: same,
		fold: (headers) => ({ outcome: headers }),
	},
	provider_stream_event: notify(),
	// The handler returns the replacement payload itself; any non-undefined return replaces it.
	before_provider_request: {
		initial: (event) => event.payload,
		view: (event, payload) => ({ ...event, payload }),
		fold: (_, result) => ({ outcome: result }),
	},
	after_provider_response: notify(),
	before_subagent_spawn: {
		initial: () => undefined,
		view: same,
		fold: (outcome, result) => {
			if (result.block) return { outcome: result, stop: true };
			return { outcome: result.model !== undefined ? { ...outcome, model: result.model, note: result.note } : outcome };
		},
	},
	// The last handler that states an action decides; a result without one changes nothing.
	cache_warming_decision: {
		initial: () => undefined,
		view: same,
		fold: (outcome, result) => ({ outcome: result.action !== undefined ? result : outcome }),
	},
	agent_start: notify(),
	agent_end: notify(),
	agent_settled: notify(),
	// Each handler sees the proposal so far; returning `entries` or `continue` replaces only that field.
	agent_before_settle: {
		initial: (event) => ({ entries: event.entries, continue: event.continue }),
		view: (event, outcome) => ({ ...event, entries: [...outcome.entries], continue: outcome.continue }),
		fold: (outcome, result) => ({
			outcome: {
				entries: Array.isArray(result.entries) ? result.entries : outcome.entries,
				continue: typeof result.continue === "boolean" ? result.continue : outcome.continue,
			},
		}),
	},
	ui_prompt_start: notify(),
	ui_prompt_end: notify(),
	turn_start: notify(),
	turn_end: notify(),
	// Text rewrites chain; the session checks that only text changed before using them.
	assistant_message: {
		initial: (event) => event.message.content,
		view: (event, content) => ({ ...event, message: { ...event.message, content } }),
		fold: (content, result) => ({ outcome: Array.isArray(result.content) ? result.content : content }),
	},
	message_start: notify(),
	message_update: notify(),
	message_end: notify(),

	// Tools. tool_call: the first block short-circuits; `input` last-wins while every handler sees
	// the original input; additionalContext accumulates; a throwing or stuck handler blocks (fail-closed).
	tool_call: {
		initial: () => ({ block: false, additionalContext: [] }),
		view: same,
		fold: (outcome, result: ToolCallEventResult) => {
			const next: ToolCallOutcome = {
				...outcome,
				input: result.input ?? outcome.input,
				additionalContext: addContext(outcome.additionalContext, result.additionalContext),
			};
			if (result.block) return { outcome: { ...next, block: true, reason: result.reason }, stop: true };
			return { outcome: next };
		},
		onFailure: (outcome, reason) => ({ outcome: { ...outcome, block: true, reason }, stop: true }),
	},
	// middleware: each handler sees the result as patched by those before it.
	tool_result: {
		initial: (event) => ({ content: event.content, details: event.details, isError: event.isError, additionalContext: [] }),
		view: (event, outcome) => ({ ...event, content: outcome.content, details: outcome.details, isError: outcome.isError }),
		fold: (outcome, result: ToolResultEventResult) => ({
			outcome: {
				content: result.content ?? outcome.content,
				details: "details" in result ? result.details : outcome.details,
				isError: result.isError ?? outcome.isError,
				additionalContext: addContext(outcome.additionalContext, result.additionalContext),
			},
		}),
	},
	tool_execution_start: notify(),
	tool_execution_update: notify(),
	tool_execution_end: notify(),
	tool_approval_requested: notify(),
	tool_approval_resolved: notify(),

	// User shell: the first handler that supplies a result wins.
	user_bash: firstMatch((r) => Boolean(r.result)),
	user_python: firstMatch((r) => Boolean(r.result)),
	resources_discover: {
		initial: () => ({ skillPaths: [], promptPaths: [], themePaths: [] }),
		view: same,
		fold: (outcome, result) => ({
			outcome: {
				skillPaths: [...outcome.skillPaths, ...(result.skillPaths ?? [])],
				promptPaths: [...outcome.promptPaths, ...(result.promptPaths ?? [])],
				themePaths: [...outcome.themePaths, ...(result.themePaths ?? [])],
			},
		}),
	},
	auto_compaction_start: notify(),
	auto_compaction_end: notify(),
	model_select: notify(),
	thinking_level_select: notify(),
	auto_retry_start: notify(),
	auto_retry_end: notify(),
	retry_fallback_applied: notify(),
	retry_fallback_succeeded: notify(),
	ttsr_triggered: notify(),
	todo_reminder: notify(),
	credential_disabled: notify(),
	mcp_notification: notify(),
};

export type EventPayload<E extends ExtensionEventName> = ExtensionEventMap[E]["payload"];
