/**
 * The offline default model: pi-ai's faux provider replaying steps stored with the playground.
 * Reply N of a session plays step N, so a reload (or a colleague opening the same link) continues
 * the script where the session stands.
 */
import { type AssistantMessage, type FauxContentBlock, type JsonObject, type Model, type TranscriptContext } from "@earendil-works/pi-ai";
import { createFauxCore, fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai/compat";
import type { StreamFn } from "@earendil-works/pi-agent-core";
import type { ScriptStep } from "./script.ts";

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

export interface ScriptedModel {
	readonly model: Model<string>;
	setSteps(steps: ScriptStep[]): void;
	stream: StreamFn;
}

/** `replyIndex` says which reply of the session this is; by default the replies in the context are counted. */
export function createScriptedModel(initialSteps: ScriptStep[], tokensPerSecond = 250, replyIndex?: (context: TranscriptContext) => number): ScriptedModel {
	let steps = initialSteps;
	const core = createFauxCore({
		api: "playa-scripted",
		provider: SCRIPTED_PROVIDER,
		models: [{ id: "scripted", name: "Scripted", contextWindow: 200_000, maxTokens: 16_384 }],
		tokensPerSecond,
	});
	const replyFor = (context: TranscriptContext) => {
		const index = replyIndex ? replyIndex(context) : context.messages.filter((message) => message.role === "assistant").length;
		return stepToMessage(steps[index], index);
	};
	return {
		model: core.getModel(),
		setSteps(next) {
			steps = next;
		},
		// The faux provider sends nothing over the wire, so the request hooks are called here: the
		// "payload" extensions see and may replace is the transcript the model is given.
		async stream(model, context, options) {
			const replaced = options?.onPayload ? await options.onPayload(context, model) : undefined;
			await options?.onResponse?.({ status: 200, headers: { "content-type": "text/event-stream" } }, model);
			core.setResponses([replyFor]);
			// The faux core calls onResponse itself too: once per request is enough.
			const { onResponse: _answered, ...rest } = options ?? {};
			return core.streamSimple(model, (replaced as TranscriptContext | undefined) ?? context, rest);
		},
	};
}
