/**
 * The offline default model: pi-ai's faux provider replaying steps stored with the playground.
 * Reply N of a session plays step N, so a reload (or a colleague opening the same link) continues
 * the script where the session stands.
 */
import type { AssistantMessage, FauxContentBlock, JsonObject, Model, TranscriptContext } from "@earendil-works/pi-ai";
import { createAssistantMessageEventStream, createFauxCore, fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai";
import type { StreamFn } from "@earendil-works/pi-agent-core";
import type { ScriptStep } from "../../protocol/script.ts";
import { ABORTED_MESSAGE, failedMessage } from "../../session/messages.ts";
import type { ScriptGate } from "./script-gate.ts";

export type { ScriptStep };

export const SCRIPTED_PROVIDER = "scripted";

export function stepToMessage(step: ScriptStep | undefined, index: number): AssistantMessage {
	if (!step) {
		return fauxAssistantMessage(`(The script has no step ${index + 1}. Add steps to the scripted model to go on.)`);
	}
	const content: FauxContentBlock[] = [];
	if (step.thinking) content.push(fauxThinking(step.thinking));
	if (step.text) content.push(fauxText(step.text));
	for (const call of step.toolCalls ?? []) content.push(fauxToolCall(call.name, call.arguments as JsonObject));
	if (step.error) return fauxAssistantMessage(content, { stopReason: "error", errorMessage: step.error });
	return fauxAssistantMessage(content, { stopReason: step.toolCalls?.length ? "toolUse" : "stop" });
}

/** Which step a request plays; by default the number of replies already in its context. */
export type ReplyIndex = (context: TranscriptContext) => number;

export const repliesInContext: ReplyIndex = (context) => context.messages.filter((message) => message.role === "assistant").length;

export interface ScriptedModel {
	readonly model: Model<string>;
	setSteps(steps: ScriptStep[]): void;
	/** The session counts replies its context no longer shows (compacted history, summaries). */
	setReplyIndex(index: ReplyIndex): void;
	/** Demo mode: each step waits for the gate (the presenter's click in the page); undefined plays at once. */
	setGate(gate: ScriptGate | undefined): void;
	stream: StreamFn;
	/** Plays one given step whatever the context holds: requests outside the conversation (a branch summary). */
	streamStep(index: number): StreamFn;
}

/**
 * The offline models play whatever thinking a script or the user writes, so they take every thinking level:
 * declared reasoning-capable with `xhigh` and `max` mapped, pi-ai's `getSupportedThinkingLevels` lists all
 * levels and the session never clamps a level picked for them.
 */
export function withEveryThinkingLevel(model: Model<string>): Model<string> {
	return { ...model, reasoning: true, thinkingLevelMap: { xhigh: "xhigh", max: "max" } };
}

export function createScriptedModel(initialSteps: ScriptStep[], tokensPerSecond = 250): ScriptedModel {
	let steps = initialSteps;
	let replyIndex = repliesInContext;
	let gate: ScriptGate | undefined;
	const core = createFauxCore({
		api: "playa-scripted",
		provider: SCRIPTED_PROVIDER,
		models: [{ id: "scripted", name: "Scripted", contextWindow: 200_000, maxTokens: 16_384 }],
		tokensPerSecond,
	});
	const replyFor = (context: TranscriptContext) => {
		const index = replyIndex(context);
		return stepToMessage(steps[index], index);
	};
	return {
		model: withEveryThinkingLevel(core.getModel()),
		setSteps(next) {
			steps = next;
		},
		setReplyIndex(index) {
			replyIndex = index;
		},
		setGate(next) {
			gate = next;
		},
		// The faux provider sends nothing over the wire, so the request hooks are called here: the
		// "payload" extensions see and may replace is the transcript the model is given.
		async stream(model, context, options) {
			const replaced = options?.onPayload ? await options.onPayload(context, model) : undefined;
			if (gate && !(await gate({ index: replyIndex((replaced as TranscriptContext | undefined) ?? context), total: steps.length }, options?.signal))) {
				const stopped = createAssistantMessageEventStream();
				stopped.push({ type: "error", reason: "aborted", error: failedMessage(model, "aborted", ABORTED_MESSAGE) });
				stopped.end();
				return stopped;
			}
			await options?.onResponse?.({ status: 200, headers: { "content-type": "text/event-stream" } }, model);
			core.setResponses([replyFor]);
			// The faux core calls onResponse itself too: once per request is enough.
			const { onResponse: _answered, ...rest } = options ?? {};
			return core.streamSimple(model, (replaced as TranscriptContext | undefined) ?? context, rest);
		},
		streamStep: (index) => (model, context, options) => {
			core.setResponses([() => stepToMessage(steps[index], index)]);
			const { onResponse: _answered, ...rest } = options ?? {};
			return core.streamSimple(model, context, rest);
		},
	};
}
