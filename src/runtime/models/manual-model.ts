/**
 * The manual model ("you are the model"): each time the agent asks for a reply, the host shows the user a
 * form and the turn they write (text, tool calls) is streamed back through pi-ai's faux provider, so the
 * agent loop, extension events and the transcript see an ordinary assistant message. Abort cancels the wait.
 */
import type { StreamFn } from "@earendil-works/pi-agent-core";
import {
	contentText,
	createAssistantMessageEventStream,
	getCurrentTools,
	type Api,
	type AssistantMessageEventStream,
	type Model,
	type TranscriptContext,
	createFauxCore,
} from "@earendil-works/pi-ai";
import type { HostBridge, JsonSchema, ManualTurnRequest, ManualTurnResponse } from "../../protocol/runtime.ts";
import { ABORTED_MESSAGE, failedMessage } from "../../session/messages.ts";
import { stepToMessage, withEveryThinkingLevel } from "./scripted-model.ts";

export const MANUAL_PROVIDER = "manual";

export interface ManualModel {
	readonly model: Model<string>;
	stream: StreamFn;
}

type ManualHost = Pick<HostBridge, "requestManualTurn" | "cancelManualTurn">;

/** What the user needs to write the reply: the active tools with plain JSON schemas, and the last message. */
export function manualTurnRequest(context: TranscriptContext): ManualTurnRequest {
	const tools = getCurrentTools(context.messages).map((tool) => ({
		name: tool.name,
		description: tool.description,
		// TypeBox schemas carry symbol keys and may hold functions: send plain JSON.
		parameters: JSON.parse(JSON.stringify(tool.parameters ?? {})) as JsonSchema,
	}));
	const last = [...context.messages].reverse().find((message) => message.role !== "system");
	const text = last && "content" in last ? contentText(last.content as Parameters<typeof contentText>[0]) : "";
	return { tools, ...(last ? { lastMessage: { role: last.role, text } } : {}) };
}

export function createManualModel(host: () => ManualHost | undefined, tokensPerSecond = 0): ManualModel {
	const core = createFauxCore({
		api: "playa-manual",
		provider: MANUAL_PROVIDER,
		models: [{ id: "manual", name: "Manual (you are the model)", contextWindow: 200_000, maxTokens: 16_384 }],
		tokensPerSecond,
	});
	let counter = 0;

	const failed = (model: Model<Api>, reason: "error" | "aborted", text: string): AssistantMessageEventStream => {
		const stream = createAssistantMessageEventStream();
		stream.push({ type: "error", reason, error: failedMessage(model, reason, text) });
		stream.end();
		return stream;
	};

	/** Resolves with the user's answer, or `cancelled` as soon as the signal aborts. */
	const ask = (bridge: ManualHost, request: ManualTurnRequest, signal: AbortSignal | undefined): Promise<ManualTurnResponse> => {
		const id = `manual-${++counter}`;
		return new Promise((resolve, reject) => {
			const onAbort = () => {
				bridge.cancelManualTurn?.(id);
				resolve({ cancelled: true });
			};
			if (signal?.aborted) return onAbort();
			signal?.addEventListener("abort", onAbort, { once: true });
			bridge.requestManualTurn!(id, request).then(
				(answer) => {
					signal?.removeEventListener("abort", onAbort);
					resolve(answer);
				},
				(error: unknown) => {
					signal?.removeEventListener("abort", onAbort);
					reject(error);
				},
			);
		});
	};

	return {
		model: withEveryThinkingLevel(core.getModel()),
		async stream(model, context, options) {
			const bridge = host();
			if (!bridge?.requestManualTurn) return failed(model, "error", "The manual model needs someone to answer: it works in the playground page only.");
			// As with the scripted model, the "payload" extensions see and may replace is the transcript.
			const replaced = options?.onPayload ? ((await options.onPayload(context, model)) as TranscriptContext | undefined) : undefined;
			const effective = replaced ?? context;
			let answer: ManualTurnResponse;
			try {
				answer = await ask(bridge, manualTurnRequest(effective), options?.signal);
			} catch (error) {
				return failed(model, "error", `The manual reply could not be read: ${error instanceof Error ? error.message : String(error)}`);
			}
			if ("cancelled" in answer) return failed(model, "aborted", ABORTED_MESSAGE);
			await options?.onResponse?.({ status: 200, headers: { "content-type": "text/event-stream" } }, model);
			core.setResponses([stepToMessage(answer.turn, 0)]);
			const { onResponse: _answered, ...rest } = options ?? {};
			return core.streamSimple(model, effective, rest);
		},
	};
}
