/**
 * The worker's side of the provider gateway: a pi-agent-core `StreamFn` whose replies come from the gateway
 * in its worker (see ../../protocol/gateway.ts). A request names the model (provider and id, with the api
 * and base URL the worker believes it has, which the gateway checks but never uses), the transcript and the
 * options that shape the reply; the gateway decides the rest. It forwards the payload and response hooks, so that
 * `before_provider_request` and `after_provider_response` run here, on the real payload; it turns the abort
 * signal into `gateway.abort(id)`; it rebuilds `partial` from the compact deltas. No DOM: this runs in the
 * runtime worker and under Node.
 */
import type { StreamFn } from "@earendil-works/pi-agent-core";
import {
	createAssistantMessageEventStream,
	type Api,
	type AssistantMessage,
	type AssistantMessageEventStream,
	type Model,
	type SimpleStreamOptions,
} from "@earendil-works/pi-ai";
import { proxyObject } from "../../protocol/guard.ts";
import { ABORTED_MESSAGE, failedMessage } from "../../session/messages.ts";
import {
	GATEWAY_OPTION_KEYS,
	GATEWAY_SINK_METHODS,
	type GatewayEvent,
	type GatewayModelRef,
	type GatewayRequest,
	type GatewaySink,
	type GatewayStreamOptions,
	type ProviderGatewayApi,
} from "../../protocol/gateway.ts";
import { payloadRecorder } from "../inspector/request-tap.ts";
import { SentTranscript } from "./sent-transcript.ts";

export interface GatewayStreamConfig {
	/** Marks the sink for the transport. Default a Comlink proxy answering only the sink's methods; a gateway in the same thread needs nothing else. */
	proxy?(sink: GatewaySink): GatewaySink;
	/** Request ids. Default: a counter with a random prefix. */
	newId?(): string;
	/** pi 1.6's `before_provider_headers`: the headers extensions add to this request (only those the gateway accepts). */
	headers?(model: Model<Api>): Promise<Record<string, string> | undefined>;
	/**
	 * Whether extensions handle `before_provider_request` / `after_provider_response` now: the reply waits for
	 * those hooks only then (a round trip to this worker each, and the whole payload copied here first). Without
	 * it, every hook the options carry waits.
	 */
	waits?: { payload(): boolean; response(): boolean };
	/** pi 1.6's `provider_stream_event`, when any extension listens: each parsed provider event, in stream order. */
	streamEvents?: { wanted(): boolean; deliver(model: Model<Api>, data: unknown): Promise<void> };
}

/** The gateway as the worker sees it: a Comlink remote, or the object itself in tests and under Node. */
export type GatewayLike = Pick<ProviderGatewayApi, "stream" | "abort">;

/** The serializable subset of the agent's options (it passes its whole loop config, callbacks included). */
export function gatewayOptions(options: SimpleStreamOptions | undefined): GatewayStreamOptions {
	const picked: Record<string, unknown> = {};
	for (const key of GATEWAY_OPTION_KEYS) {
		const value = options?.[key];
		if (value !== undefined) picked[key] = value;
	}
	return picked as GatewayStreamOptions;
}

/** Which model a request is for, as the gateway reads it (strings only: an extension's model may hold anything). */
function modelRef(model: Model<Api>): GatewayModelRef {
	const text = (value: unknown) => (typeof value === "string" ? value : undefined);
	const api = text(model.api);
	const baseUrl = text(model.baseUrl);
	return { provider: String(model.provider), id: String(model.id), ...(api !== undefined ? { api } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}) };
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * What the gateway asks of this worker during a request: the hooks that hold the reply, and, for a call the
 * inspector records, a payload it only reports.
 */
function requestHooks(options: SimpleStreamOptions | undefined, waits: GatewayStreamConfig["waits"], streamEvents: boolean): GatewayRequest["hooks"] {
	const payload = Boolean(options?.onPayload) && (waits?.payload() ?? true);
	const response = Boolean(options?.onResponse) && (waits?.response() ?? true);
	return {
		payload,
		response,
		...(streamEvents && { streamEvents: true }),
		...(!payload && payloadRecorder(options) && { observePayload: true }),
	};
}

export function createGatewayStreamFn(gateway: GatewayLike, config: GatewayStreamConfig = {}): StreamFn {
	const prefix = Math.random().toString(36).slice(2, 8);
	let counter = 0;
	const newId = config.newId ?? (() => `${prefix}-${++counter}`);
	const mark = config.proxy ?? ((sink: GatewaySink) => proxyObject(sink, GATEWAY_SINK_METHODS));
	const sent = new SentTranscript();

	return (model, context, options): AssistantMessageEventStream => {
		const stream = createAssistantMessageEventStream();
		const id = newId();
		const signal = options?.signal;
		let partial: AssistantMessage | undefined;
		let finished = false;

		const end = (event: Extract<GatewayEvent, { type: "done" | "error" }>) => {
			if (finished) return;
			finished = true;
			signal?.removeEventListener("abort", onAbort);
			stream.push(event);
			stream.end();
		};
		const fail = (reason: "error" | "aborted", text: string) => end({ type: "error", reason, error: failedMessage(model, reason, text, partial) });

		// The reply ends here at once: a gateway that is slow to answer (or gone) cannot hold the agent.
		function onAbort() {
			Promise.resolve(gateway.abort(id)).catch(() => undefined);
			fail("aborted", ABORTED_MESSAGE);
		}
		if (signal?.aborted) {
			fail("aborted", ABORTED_MESSAGE);
			return stream;
		}
		signal?.addEventListener("abort", onAbort, { once: true });

		const deliver = (event: GatewayEvent) => {
			if (finished) return;
			switch (event.type) {
				case "text_delta":
				case "thinking_delta":
				case "toolcall_delta": {
					const block = partial?.content[event.contentIndex];
					if (!partial || !block) return;
					if (event.type === "text_delta" && block.type === "text") block.text += event.append;
					else if (event.type === "thinking_delta" && block.type === "thinking") block.thinking += event.append;
					else if (event.type === "toolcall_delta" && block.type === "toolCall") block.arguments = event.arguments;
					stream.push({ type: event.type, contentIndex: event.contentIndex, delta: event.delta, partial });
					return;
				}
				case "done":
				case "error":
					end(event);
					return;
				default:
					partial = event.partial;
					stream.push(event);
			}
		};

		const streamEvents = config.streamEvents?.wanted() ? config.streamEvents : undefined;
		const sink: GatewaySink = {
			events: (batch) => batch.forEach(deliver),
			payload: async (payload) => (options?.onPayload ? await options.onPayload(payload, model) : undefined),
			observed: (payload) => payloadRecorder(options)?.(payload),
			response: async (response) => {
				await options?.onResponse?.(response, model);
			},
			streamEvent: async (data) => {
				await streamEvents?.deliver(model, data);
			},
		};

		const prepare = async (): Promise<Omit<GatewayRequest, "context">> => {
			const headers = await config.headers?.(model);
			return {
				id,
				model: modelRef(model),
				options: gatewayOptions(options),
				hooks: requestHooks(options, config.waits, Boolean(streamEvents)),
				...(headers && Object.keys(headers).length > 0 && { headers }),
			};
		};
		// The transcript is taken as it is posted, so the gateway has the requests in the order `sent` recorded them.
		const post = (request: Omit<GatewayRequest, "context">) => gateway.stream({ ...request, ...sent.take(id, context.messages) }, mark(sink));
		const send = async (request: Omit<GatewayRequest, "context">) => {
			if ((await post(request))?.resend && !finished) {
				sent.forget();
				await post(request);
			}
		};
		prepare()
			.then(
				(request) => (finished ? undefined : send(request)),
				(error) => fail("error", `The model request could not be prepared: ${messageOf(error)}`),
			)
			.then(
				() => fail("error", "The provider gateway ended the reply without a result"),
				(error) => fail("error", `The provider gateway failed: ${messageOf(error)}`),
			);
		return stream;
	};
}
