/**
 * A run that was watched as it happened (the page's playground) made into a scenario: the events of the start
 * and of each prompt submitted go through the one recorder (observe.ts), the model's replies are read back from
 * the assistant messages appended (so a run with any model, a provider's too, replays with the scripted one),
 * and the dialogs' answers from the dialogs answered. Pure TypeScript: runs in the page, and under Node in tests.
 */
import type { UIRequest, UIResponse } from "../protocol/runtime.ts";
import type { ScriptStep } from "../protocol/script.ts";
import type { Observation } from "./compare.ts";
import { type ObservedEvent, Observer } from "./observe.ts";
import { type LifecycleStep, SCENARIO_VERSION, type Scenario, type ScenarioStep } from "./schema.ts";

/** A lifecycle action as the run took it (its step without the replies, answers and expectations, which the events give). */
export type WatchedLifecycle = Omit<LifecycleStep, "replies" | "answers" | "expect">;

/** One part of a watched run: a prompt (`lifecycle` absent; `esc` when Esc stopped one of its tools) or a lifecycle action. */
export interface WatchedStep {
	prompt: string;
	events: ObservedEvent[];
	lifecycle?: WatchedLifecycle;
	esc?: { toolCall: number };
}

/** A run as it was watched: what happened while the extensions loaded, then each prompt and what followed it. */
export interface WatchedRun {
	start: ObservedEvent[];
	steps: WatchedStep[];
}

interface Block {
	type?: string;
	text?: string;
	thinking?: string;
	name?: string;
	arguments?: Record<string, unknown>;
}

/** The response a scenario's answer gives a dialog: "yes"/"no" for a confirm, the text or option for the others; none cancels. */
export function answerFor(request: UIRequest, answer: string | null | undefined): UIResponse {
	if (answer === undefined || answer === null) return { cancelled: true };
	if (request.method === "confirm") return { confirmed: /^(y|yes|true|1)$/i.test(answer) };
	return { value: answer };
}

/** A dialog's answer as a scenario writes it: "yes"/"no" for a confirm, the text or option, `null` when cancelled. */
export function answerOf(response: UIResponse): string | null {
	if ("cancelled" in response) return null;
	if ("confirmed" in response) return response.confirmed ? "yes" : "no";
	return response.value;
}

/** An assistant message as the scripted model's step that says the same: its text, thinking, tool calls and error. */
export function replyOf(message: { content?: unknown; errorMessage?: unknown }): ScriptStep {
	const blocks = (Array.isArray(message.content) ? message.content : []) as Block[];
	const join = (type: "text" | "thinking") =>
		blocks
			.filter((block) => block?.type === type)
			.map((block) => block[type] ?? "")
			.join("");
	const step: ScriptStep = {};
	const thinking = join("thinking");
	const text = typeof message.content === "string" ? message.content : join("text");
	const calls = blocks.filter((block) => block?.type === "toolCall").map((block) => ({ name: String(block.name), arguments: block.arguments ?? {} }));
	if (thinking) step.thinking = thinking;
	if (text) step.text = text;
	if (calls.length > 0) step.toolCalls = calls;
	if (typeof message.errorMessage === "string" && message.errorMessage) step.error = message.errorMessage;
	return step;
}

function assistantMessages(events: readonly ObservedEvent[]): { content?: unknown; errorMessage?: unknown }[] {
	const out: { content?: unknown; errorMessage?: unknown }[] = [];
	for (const event of events) {
		if (event.type !== "entry_appended" || event.entry.type !== "message") continue;
		const message = (event.entry as { message?: { role?: string; content?: unknown; errorMessage?: unknown } }).message;
		if (message?.role === "assistant") out.push(message);
	}
	return out;
}

/** Where a split turn's summary joins its two replies (runtime/agent/compaction/summarize.ts). */
const SPLIT_TURN = "\n\n---\n\n**Turn Context (split turn):**\n\n";
/** The file lists a summary gets after the model's text. */
const FILE_LISTS = /\n\n<(read|modified)-files>[\s\S]*$/;

/** The summary replies a compaction took, read back from its entry (none when an extension supplied the summary). */
function summaryReplies(events: readonly ObservedEvent[]): ScriptStep[] {
	for (const event of events) {
		if (event.type !== "entry_appended" || event.entry.type !== "compaction") continue;
		const entry = event.entry as { summary?: unknown; summaryReplies?: unknown };
		if (typeof entry.summary !== "string" || typeof entry.summaryReplies !== "number" || entry.summaryReplies < 1) return [];
		const text = entry.summary.replace(FILE_LISTS, "");
		const parts = entry.summaryReplies === 2 && text.includes(SPLIT_TURN) ? text.split(SPLIT_TURN, 2) : [text];
		return parts.map((part) => ({ text: part }));
	}
	return [];
}

function answersOf(events: readonly ObservedEvent[]): (string | null)[] {
	return events.flatMap((event) => (event.type === "ui_request" ? [answerOf(event.response)] : []));
}

/** The assistant replies a run's events appended: where the scripted model's script stands after them. */
export function repliesIn(events: readonly ObservedEvent[]): number {
	return assistantMessages(events).length;
}

/** What a watched run did, in the scenario's shape (for the comparer). */
export function observeRun(run: WatchedRun): Observation {
	const observer = new Observer();
	for (const event of run.start) observer.event(event);
	const start = observer.take();
	const steps = run.steps.map((step) => {
		for (const event of step.events) observer.event(event);
		return observer.take();
	});
	return { start, steps };
}

export interface RunScenarioOptions {
	/** The extensions, in load order, as the scenario names them. */
	extensions: string[];
	name?: string;
	match?: "exact" | "subset";
}

/** A watched run as a scenario: its prompts, the replies and answers it got, and what happened as expectations. */
export function scenarioFromRun(run: WatchedRun, options: RunScenarioOptions): Scenario {
	const observed = observeRun(run);
	const startAnswers = answersOf(run.start);
	const steps = run.steps.map((step, index): ScenarioStep => {
		const answers = answersOf(step.events);
		if (step.lifecycle) {
			const replies = step.lifecycle.lifecycle === "compact" ? summaryReplies(step.events) : [];
			return {
				...step.lifecycle,
				...(replies.length > 0 && { replies }),
				...(answers.length > 0 && { answers }),
				expect: observed.steps[index],
			};
		}
		const replies = assistantMessages(step.events).map(replyOf);
		return {
			prompt: step.prompt,
			...(replies.length > 0 && { replies }),
			...(answers.length > 0 && { answers }),
			...(step.esc && { esc: step.esc }),
			expect: observed.steps[index],
		};
	});
	return {
		version: SCENARIO_VERSION,
		...(options.name && { name: options.name }),
		extensions: options.extensions,
		match: options.match ?? "exact",
		ignore: [],
		start: { ...(startAnswers.length > 0 && { answers: startAnswers }), expect: observed.start },
		steps,
	};
}
