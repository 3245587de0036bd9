/**
 * The provider gateway, on the main thread: model requests that need a key are made here by pi-ai with the key
 * from the SecretStore, and their events are streamed to the runtime worker (../../runtime/gateway-protocol.ts).
 * The worker's `before_provider_request` handlers see the real payload: pi-ai's `onPayload` asks the sink for
 * a replacement, which is what goes over the wire. The key never goes back: it is not in the payload or the
 * events pi-ai produces, and the gateway strips it from everything it forwards all the same (an error body that
 * quotes it, a header a provider echoes).
 */
import type { Api, AssistantMessage, AssistantMessageEvent, AssistantMessageEventStream, Context, Model, SimpleStreamOptions } from "@earendil-works/pi-ai";
import { streamSimple as piStreamSimple } from "@earendil-works/pi-ai/compat";
import * as Comlink from "comlink";
import { failedMessage } from "../../runtime/agent/gateway-stream.ts";
import type { GatewayEvent, GatewayRequest, GatewaySink, ProviderGatewayApi } from "../../runtime/gateway-protocol.ts";
import type { SecretStore } from "./secrets.ts";

/** What a keyless endpoint is sent in place of a key (the OpenAI SDK insists on one). */
export const NO_KEY = "playa-no-key";

export interface GatewayOptions {
	secrets: Pick<SecretStore, "keyFor" | "hasKey">;
	/** Names that are called without a key when none is stored (custom endpoints of local servers). */
	isKeyless?(name: string): boolean;
	/** pi-ai's streamSimple; tests may pass another. */
	streamSimple?: (model: Model<Api>, context: Context, options?: SimpleStreamOptions) => AssistantMessageEventStream;
}

/** Replaces every occurrence of `secret` in the strings of a JSON-like value; the value itself when there is none. */
export function redact<T>(value: T, secret: string | undefined): T {
	if (!secret || value === undefined) return value;
	if (typeof value === "string") return (value.includes(secret) ? value.split(secret).join("[redacted]") : value) as T;
	const escaped = JSON.stringify(secret).slice(1, -1);
	let json: string | undefined;
	try {
		json = JSON.stringify(value);
	} catch {
		return value;
	}
	if (json === undefined || !json.includes(escaped)) return value;
	return JSON.parse(json.split(escaped).join("[redacted]")) as T;
}

/** The compact form of a pi-ai event: deltas without `partial` (the worker rebuilds it). */
export function toWire(event: AssistantMessageEvent, secret: string | undefined): GatewayEvent {
	switch (event.type) {
		case "text_delta":
		case "thinking_delta":
			return { type: event.type, contentIndex: event.contentIndex, delta: redact(event.delta, secret) };
		case "toolcall_delta": {
			const block = event.partial.content[event.contentIndex];
			const args = block?.type === "toolCall" ? block.arguments : {};
			return { type: "toolcall_delta", contentIndex: event.contentIndex, delta: redact(event.delta, secret), arguments: redact(args, secret) };
		}
		default:
			return redact(event, secret);
	}
}

/**
 * Batches events to the sink: one message per macrotask rather than one per token, and the next batch only once
 * the worker answered the last one (a worker that falls behind slows the batches, not the main thread).
 */
class Outbox {
	private buffer: GatewayEvent[] = [];
	private timer: ReturnType<typeof setTimeout> | undefined;
	private inflight: Promise<void> | undefined;
	failed = false;

	constructor(
		private readonly sink: GatewaySink,
		private readonly onFail: (error: unknown) => void,
	) {}

	push(event: GatewayEvent): void {
		if (this.failed) return;
		this.buffer.push(event);
		if (!this.timer && !this.inflight) this.timer = setTimeout(() => this.send(), 0);
	}

	private send(): void {
		this.timer = undefined;
		if (this.failed || this.inflight || this.buffer.length === 0) return;
		const batch = this.buffer;
		this.buffer = [];
		this.inflight = Promise.resolve()
			.then(() => this.sink.events(batch))
			.then(
				() => {
					this.inflight = undefined;
					if (this.buffer.length > 0) this.send();
				},
				(error) => {
					this.inflight = undefined;
					this.failed = true;
					this.onFail(error);
				},
			);
	}

	/** Resolves once everything pushed so far was delivered (or delivery failed). */
	async flush(): Promise<void> {
		for (;;) {
			if (this.failed) return;
			if (this.inflight) {
				await this.inflight;
				continue;
			}
			if (this.buffer.length === 0) return;
			if (this.timer) clearTimeout(this.timer);
			this.send();
		}
	}
}

export class ProviderGateway implements ProviderGatewayApi {
	private readonly running = new Map<string, AbortController>();
	private readonly streamSimple: NonNullable<GatewayOptions["streamSimple"]>;

	constructor(private readonly options: GatewayOptions) {
		this.streamSimple = options.streamSimple ?? piStreamSimple;
	}

	async hasKey(name: string): Promise<boolean> {
		return this.options.secrets.hasKey(name) || Boolean(this.options.isKeyless?.(name));
	}

	async abort(id: string): Promise<void> {
		this.running.get(id)?.abort();
	}

	/** Requests running now (for a UI that shows them, and for tests). */
	get active(): number {
		return this.running.size;
	}

	async stream(request: GatewayRequest, sink: GatewaySink): Promise<void> {
		const controller = new AbortController();
		if (this.running.has(request.id)) throw new Error(`A request with id ${request.id} is already running`);
		this.running.set(request.id, controller);
		const outbox = new Outbox(sink, () => controller.abort());
		const { model } = request;
		let secret: string | undefined;
		let ended = false;
		const end = (event: GatewayEvent) => {
			ended = true;
			outbox.push(event);
		};
		try {
			const auth = this.auth(request);
			if (!auth.ok) return end({ type: "error", reason: "error", error: failedMessage(model, "error", auth.message) });
			secret = auth.key === NO_KEY ? undefined : auth.key;
			const options: SimpleStreamOptions = {
				...request.options,
				apiKey: auth.key,
				signal: controller.signal,
				onPayload: request.hooks.payload
					? async (payload) => {
							await outbox.flush();
							const replacement = await sink.payload(redact(payload, secret));
							return replacement ?? undefined;
						}
					: undefined,
				onResponse: request.hooks.response
					? async (response) => {
							await outbox.flush();
							await sink.response(redact(response, secret));
						}
					: undefined,
			};
			const events = this.streamSimple(model, request.context, options);
			for await (const event of events) {
				if (event.type === "done" || event.type === "error") end(toWire(event, secret));
				else outbox.push(toWire(event, secret));
			}
			if (!ended) {
				const message: AssistantMessage = redact(await events.result(), secret);
				end(message.stopReason === "error" || message.stopReason === "aborted" ? { type: "error", reason: message.stopReason, error: message } : { type: "done", reason: message.stopReason === "length" || message.stopReason === "toolUse" ? message.stopReason : "stop", message });
			}
		} catch (error) {
			const reason = controller.signal.aborted ? "aborted" : "error";
			const text = redact(error instanceof Error ? error.message : String(error), secret);
			if (!ended) end({ type: "error", reason, error: failedMessage(model, reason, text) });
		} finally {
			await outbox.flush();
			this.running.delete(request.id);
			(sink as Partial<Comlink.Remote<GatewaySink>>)[Comlink.releaseProxy]?.();
		}
	}

	private auth(request: GatewayRequest): { ok: true; key: string } | { ok: false; message: string } {
		if (typeof request.model?.baseUrl !== "string" || typeof request.model.api !== "string") {
			return { ok: false, message: "The model has no base URL or api: the request was not sent" };
		}
		if (request.keyless) return { ok: true, key: NO_KEY };
		const name = request.keyName ?? request.model.provider;
		const lookup = this.options.secrets.keyFor(name, request.model.baseUrl);
		if (lookup.ok) return lookup;
		if (lookup.reason === "missing" && this.options.isKeyless?.(name)) return { ok: true, key: NO_KEY };
		return lookup;
	}
}
