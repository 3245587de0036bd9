/**
 * A provider gateway stand-in in the runtime's thread: it answers every request with one text reply (what
 * `reply` returns for it), records the requests it got (each with its whole transcript), and claims a key for the names in `keys`. For tests
 * of what extensions do with catalog models; the real gateway and its key handling are tested in test/unit/gateway.
 */
import type { Api, AssistantMessage, Model } from "@earendil-works/pi-ai";
import type { GatewayLike } from "../../src/runtime/models/gateway-stream.ts";
import type { GatewayModelRef, GatewayRequest, ProviderGatewayApi } from "../../src/protocol/gateway.ts";
import { TranscriptMemory } from "../../src/host/gateway/transcript-memory.ts";

export interface GatewayStandIn extends GatewayLike, Pick<ProviderGatewayApi, "hasKey"> {
	requests: GatewayRequest[];
}

function reply(model: GatewayModelRef, text: string): AssistantMessage {
	return {
		role: "assistant",
		content: [{ type: "text", text }],
		api: model.api ?? "openai-responses",
		provider: model.provider,
		model: model.id,
		usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
		stopReason: "stop",
		timestamp: Date.now(),
	};
}

export function gatewayStandIn(answer: (request: GatewayRequest) => string, keys: string[] = []): GatewayStandIn {
	const requests: GatewayRequest[] = [];
	// Requests come as the gateway's port gets them: a transcript continues the last one.
	const transcripts = new TranscriptMemory();
	return {
		requests,
		async stream(sent, sink) {
			const messages = transcripts.resolve(sent);
			if (!messages) return { resend: true };
			const { continues: _, ...request } = { ...sent, context: { messages } as GatewayRequest["context"] };
			requests.push(request);
			await sink.events([{ type: "done", reason: "stop", message: reply(request.model, answer(request)) }]);
		},
		async abort() {},
		async hasKey(name) {
			return keys.includes(name);
		},
	};
}

/** A catalog model as the page would list it (no key in it). */
export function catalogModel(provider: string, id: string, api: Api = "openai-responses"): Model<Api> {
	return {
		id,
		name: id,
		api,
		provider,
		baseUrl: `https://${provider}.example/v1`,
		reasoning: true,
		input: ["text"],
		cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 200_000,
		maxTokens: 16_384,
	};
}
