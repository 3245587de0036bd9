/**
 * How the handlers of each event combine: one table, one entry per event, built from a few
 * rule kinds (reference section 5, "merge" column). The dispatcher in runner.ts is generic over it.
 */
import type {
	ExtensionEvent,
	ExtensionEventMap,
	ExtensionEventName,
	ExtensionEventResult,
	ToolCallEventResult,
	ToolResultEventResult,
} from "../../api/types.ts";

/** Folds handler results into one outcome. `payload` is what the next handler sees. */
export interface MergeRule<E extends ExtensionEventName, Outcome> {
	initial(event: ExtensionEvent<E>): Outcome;
	/** The event as the next handler sees it, given the outcome so far. */
	view(event: ExtensionEvent<E>, outcome: Outcome): ExtensionEvent<E>;
	/** Folds one handler's result; `stop` ends the dispatch (short-circuit). */
	fold(outcome: Outcome, result: Exclude<ExtensionEventResult<E>, void>, event: ExtensionEvent<E>): { outcome: Outcome; stop?: boolean };
	/** A handler that throws or times out: report only, or also fold this result (fail-closed). */
	onFailure?(outcome: Outcome, reason: string): { outcome: Outcome; stop?: boolean };
	/** Run every handler at once instead of one after another. */
	parallel?: boolean;
	/** Per-handler time budget in ms, when not the default. */
	timeoutMs?: number;
}

/** Results ignored; every handler sees the same event. */
function notify<E extends ExtensionEventName>(): MergeRule<E, void> {
	return { initial() {}, view: (event) => event, fold: (outcome) => ({ outcome }) };
}

export interface InputOutcome {
	text: string;
	images?: ExtensionEvent<"input">["images"];
	handled: boolean;
}

export interface AgentStartOutcome {
	systemPrompt: string[];
	messages: NonNullable<Exclude<ExtensionEventResult<"before_agent_start">, void>["message"]>[];
}

export interface ToolCallOutcome {
	block: boolean;
	reason?: string;
	input?: Record<string, unknown>;
	additionalContext: string[];
}

export type ToolResultOutcome = Required<Pick<ExtensionEvent<"tool_result">, "content" | "isError">> & { details: unknown };

export type Outcomes = {
	input: InputOutcome;
	before_agent_start: AgentStartOutcome;
	tool_call: ToolCallOutcome;
	tool_result: ToolResultOutcome;
} & { [E in Exclude<ExtensionEventName, "input" | "before_agent_start" | "tool_call" | "tool_result">]: void };

export type MergeTable = { [E in ExtensionEventName]: MergeRule<E, Outcomes[E]> };

export const MERGE_RULES: MergeTable = {
	session_start: notify(),
	session_shutdown: { ...notify<"session_shutdown">(), parallel: true, timeoutMs: 2_000 },
	// chain: each handler sees the text and images so far; `handled` short-circuits.
	input: {
		initial: (event) => ({ text: event.text, images: event.images, handled: false }),
		view: (event, outcome) => ({ ...event, text: outcome.text, images: outcome.images }),
		fold: (outcome, result) => {
			const next = { text: result.text ?? outcome.text, images: result.images ?? outcome.images, handled: result.handled === true };
			return { outcome: next, stop: next.handled };
		},
	},
	// systemPrompt chained (each handler sees the current one); every message collected.
	before_agent_start: {
		initial: (event) => ({ systemPrompt: event.systemPrompt, messages: [] }),
		view: (event, outcome) => ({ ...event, systemPrompt: outcome.systemPrompt }),
		fold: (outcome, result) => ({
			outcome: {
				systemPrompt: result.systemPrompt ?? outcome.systemPrompt,
				messages: result.message ? [...outcome.messages, result.message] : outcome.messages,
			},
		}),
	},
	agent_start: notify(),
	agent_end: notify(),
	turn_start: notify(),
	turn_end: notify(),
	message_start: notify(),
	message_update: notify(),
	message_end: notify(),
	// first block short-circuits; `input` last-wins while every handler sees the original input;
	// additionalContext accumulates; a throwing or stuck handler blocks (fail-closed).
	tool_call: {
		initial: () => ({ block: false, additionalContext: [] }),
		view: (event) => event,
		fold: (outcome, result: ToolCallEventResult) => {
			const next: ToolCallOutcome = {
				...outcome,
				input: result.input ?? outcome.input,
				additionalContext: result.additionalContext ? [...outcome.additionalContext, result.additionalContext] : outcome.additionalContext,
			};
			if (result.block) return { outcome: { ...next, block: true, reason: result.reason }, stop: true };
			return { outcome: next };
		},
		onFailure: (outcome, reason) => ({ outcome: { ...outcome, block: true, reason }, stop: true }),
	},
	// middleware: each handler sees the result as patched by those before it.
	tool_result: {
		initial: (event) => ({ content: event.content, details: event.details, isError: event.isError }),
		view: (event, outcome) => ({ ...event, ...outcome }),
		fold: (outcome, result: ToolResultEventResult) => ({
			outcome: {
				content: result.content ?? outcome.content,
				details: "details" in result ? result.details : outcome.details,
				isError: result.isError ?? outcome.isError,
			},
		}),
	},
	tool_execution_start: notify(),
	tool_execution_update: notify(),
	tool_execution_end: notify(),
};

export type EventPayload<E extends ExtensionEventName> = ExtensionEventMap[E]["payload"];
