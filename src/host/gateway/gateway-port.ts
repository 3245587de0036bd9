/**
 * The gateway's port answers only its three methods (see protocol/guard.ts); `stream` takes the worker's sink.
 * Each port remembers its own last transcript (transcript-memory.ts), so a runtime continues only its own.
 * Runs in the page and in the gateway's worker: each exposes the gateway's port this way.
 */
import { exposeGuarded } from "../../protocol/guard.ts";
import type { GatewayRequest, GatewaySink, GatewayStreamEnd, ProviderGatewayApi } from "../../protocol/gateway.ts";
import { TranscriptMemory } from "./transcript-memory.ts";

export const GATEWAY_METHODS = ["stream", "abort", "hasKey"] as const;

/** A gateway whose `stream` takes the port's transcript memory. */
export interface PortGateway extends ProviderGatewayApi {
	stream(request: GatewayRequest, sink: GatewaySink, transcripts?: TranscriptMemory): Promise<GatewayStreamEnd>;
}

export function exposeGateway(gateway: PortGateway, port: MessagePort): void {
	const transcripts = new TranscriptMemory();
	const served: ProviderGatewayApi = {
		stream: (request, sink) => gateway.stream(request, sink, transcripts),
		abort: (id) => gateway.abort(id),
		hasKey: (name) => gateway.hasKey(name),
	};
	exposeGuarded(served, port, [...GATEWAY_METHODS], { name: "The gateway", proxyArguments: ["stream"] });
}
