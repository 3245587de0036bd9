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
import { failedMessage } from "../../session/messages.ts";
import type { GatewayEvent, GatewayRequest, GatewaySink, ProviderGatewayApi } from "../../protocol/gateway.ts";
import type { SecretStore } from "./secrets.ts";
import { APIS_WITHOUT_RESPONSE_HOOK, responseReportingFetch } from "./response-fetch.ts";

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

/**
 * A provider payload as data the worker can receive, and the way back: Google's payload carries the request's
 * AbortSignal (`config.abortSignal`), which cannot be copied to a worker and must survive the replacement.
 */
export function detachSignals(payload: unknown): { plain: unknown; restore(replacement: unknown): unknown } {
	const signals: { path: string[]; signal: AbortSignal }[] = [];
	const walk = (value: unknown, path: string[]): unknown => {
		if (typeof AbortSignal !== "undefined" && value instanceof AbortSignal) {
			signals.push({ path, signal: value });
			return undefined;
		}
		if (typeof value === "function") return undefined;
		if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, String(i)]));
		if (value && typeof value === "object") {
			const out: Record<string, unknown> = {};
			for (const [key, item] of Object.entries(value)) {
				const copied = walk(item, [...path, key]);
				if (copied !== undefined) out[key] = copied;
			}
			return out;
		}
		return value;
	};
	const plain = walk(payload, []);
	return {
		plain,
		restore(replacement) {
			for (const { path, signal } of signals) {
				let target = replacement as Record<string, unknown> | undefined;
				for (const key of path.slice(0, -1)) target = target && typeof target[key] === "object" ? (target[key] as Record<string, unknown>) : undefined;
				if (target) target[path.at(-1)!] = signal;
			}
			return replacement;
		},
	};
}

/** Text (or thinking) of each block of a message. */
function blockText(block: AssistantMessage["content"][number] | undefined): string | undefined {
	return block?.type === "text" ? block.text : block?.type === "thinking" ? block.thinking : undefined;
}

/**
 * The compact form of one request's pi-ai events (see `GatewayDelta`): deltas without `partial`, and for text and
 * thinking what the worker's copy lacks. `sent` remembers how much of each block the worker has.
 */
export function createWireEncoder(secret: string | undefined): (event: AssistantMessageEvent) => GatewayEvent {
	const sent = new Map<number, number>();
	return (event) => {
		switch (event.type) {
			case "text_delta":
			case "thinking_delta": {
				const live = blockText(event.partial.content[event.contentIndex]) ?? "";
				const from = sent.get(event.contentIndex) ?? 0;
				sent.set(event.contentIndex, Math.max(from, live.length));
				return { type: event.type, contentIndex: event.contentIndex, delta: redact(event.delta, secret), append: redact(live.slice(from), secret) };
			}
			case "toolcall_delta": {
				const block = event.partial.content[event.contentIndex];
				const args = block?.type === "toolCall" ? block.arguments : {};
				return { type: "toolcall_delta", contentIndex: event.contentIndex, delta: redact(event.delta, secret), arguments: redact(args, secret) };
			}
			default: {
				// A snapshot: `partial` is live, and the batch leaves after later deltas changed it.
				const copy = snapshot(event, secret);
				const message = "partial" in copy ? copy.partial : undefined;
				message?.content.forEach((block, index) => sent.set(index, blockText(block)?.length ?? 0));
				return copy;
			}
		}
	};
}

/** A copy of a JSON-like value taken now, with `secret` replaced. */
function snapshot<T>(value: T, secret: string | undefined): T {
	const json = JSON.stringify(value);
	if (!secret) return JSON.parse(json) as T;
	const escaped = JSON.stringify(secret).slice(1, -1);
	return JSON.parse(json.includes(escaped) ? json.split(escaped).join("[redacted]") : json) as T;
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
							const { plain, restore } = detachSignals(payload);
							const replacement = await sink.payload(redact(plain, secret));
							return replacement === undefined || replacement === null ? undefined : restore(replacement);
						}
					: undefined,
				onResponse: request.hooks.response
					? async (response) => {
							await outbox.flush();
							await sink.response(redact(response, secret));
						}
					: undefined,
			};
			if (options.onResponse && APIS_WITHOUT_RESPONSE_HOOK.has(model.api)) options.fetch = responseReportingFetch(async (response) => options.onResponse!(response, model));
			const events = this.streamSimple(model, request.context, options);
			const toWire = createWireEncoder(secret);
			for await (const event of events) {
				if (event.type === "done" || event.type === "error") end(toWire(event));
				else outbox.push(toWire(event));
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
