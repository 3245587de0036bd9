/**
 * The provider gateway, in its worker (gateway.worker.ts): model requests that need a key are made here by pi-ai
 * with the key from the SecretStore, and their events are streamed to the runtime worker (../../protocol/gateway.ts).
 *
 * Where a request goes is decided here alone: the request names a model, and the model — api, base URL, headers
 * — is the page's own (models.ts); the options that cross are parsed and only shape the reply. Every URL pi-ai
 * fetches for the request is checked against the origins the key is stored for (key-fetch.ts). The worker's
 * `before_provider_request` handlers see the real payload and may replace it (payload-guard.ts keeps it from
 * choosing headers or an address). The key is in none of what pi-ai hands back — events, payloads — and is
 * taken out of the two places a provider could echo it: error messages and response headers.
 */
import type {
	Api,
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
	Model,
	ProviderResponse,
	SimpleStreamOptions,
} from "@earendil-works/pi-ai";
import { getModels, streamSimple as piStreamSimple } from "@earendil-works/pi-ai/compat";
import * as Comlink from "comlink";
import { failedMessage } from "../../session/messages.ts";
import { snapshot } from "../../protocol/inspector/inspector-snapshot.ts";
import {
	gatewayRequestSchema,
	KEY_REFUSED_PREFIX,
	type GatewayEvent,
	type GatewayModelRef,
	type GatewayRequest,
	type GatewaySink,
	type GatewayStreamEnd,
	type ProviderGatewayApi,
} from "../../protocol/gateway.ts";
import { Outbox } from "./outbox.ts";
import { originCheckedFetch, type KeyRefusedError, type UrlCheck } from "./key-fetch.ts";
import { hostModels, type GatewayModels, type ResolvedModel } from "./models.ts";
import { pacedFetch } from "./paced-fetch.ts";
import { confinePayload } from "./payload-guard.ts";
import type { SecretStore } from "../keys/secrets.ts";
import { TranscriptMemory } from "./transcript-memory.ts";
import { originOf } from "../keys/secrets.ts";
import { APIS_WITHOUT_RESPONSE_HOOK, responseReportingFetch } from "./response-fetch.ts";

/** What a keyless endpoint is sent in place of a key (the OpenAI SDK insists on one). */
export const NO_KEY = "playa-no-key";

export interface GatewayOptions {
	secrets: Pick<SecretStore, "keyFor" | "hasKey">;
	/** The models requests may name. Default: pi-ai's catalog alone. */
	models?: GatewayModels;
	/** Names that are called without a key when none is stored (custom endpoints of local servers), for `hasKey`. */
	isKeyless?(name: string): boolean;
	/** pi-ai's streamSimple; tests may pass another. */
	streamSimple?: (model: Model<Api>, context: Context, options?: SimpleStreamOptions) => AssistantMessageEventStream;
	/** The fetch under the gateway's checks. Default: globalThis.fetch at the time of each call. */
	fetch?: typeof fetch;
	/**
	 * Brings the keys, endpoints and providers up to the page's latest, where the gateway holds a copy of them (a
	 * worker): a request whose model or key does not fit is tried once more after it, as the change may not have arrived.
	 */
	catchUp?(): Promise<void>;
}

/** A provider's event as plain data (it may hold class instances), or undefined when it is not JSON. */
function jsonData(data: unknown): unknown {
	try {
		return JSON.parse(JSON.stringify(data));
	} catch {
		return undefined;
	}
}

/** `text` without the key: only for error messages and response headers, which a provider may echo it into. */
function withoutKey(text: string, key: string | undefined): string {
	return key && text.includes(key) ? text.split(key).join("[redacted]") : text;
}

function withoutKeyInHeaders(response: ProviderResponse, key: string | undefined): ProviderResponse {
	if (!key) return response;
	return { ...response, headers: Object.fromEntries(Object.entries(response.headers).filter(([, value]) => !String(value).includes(key))) };
}

/** A model for error replies to a request the gateway did not make. */
function refModel(ref: Partial<GatewayModelRef> | undefined): Model<Api> {
	const text = (value: unknown) => (typeof value === "string" ? value : "unknown");
	return {
		id: text(ref?.id),
		name: text(ref?.id),
		api: text(ref?.api),
		provider: text(ref?.provider),
		baseUrl: "",
		reasoning: false,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 0,
		maxTokens: 0,
	};
}

/** Why the worker's belief about the model differs from the page's, or undefined when it does not. */
function mismatch(ref: GatewayModelRef, resolved: ResolvedModel): string | undefined {
	const { model, keyName, keyless } = resolved;
	const apiDiffers = ref.api !== undefined && ref.api !== model.api;
	const urlDiffers = ref.baseUrl !== undefined && ref.baseUrl !== model.baseUrl;
	if (!apiDiffers && !urlDiffers) return undefined;
	const asked = [urlDiffers ? ref.baseUrl : undefined, apiDiffers ? `the ${ref.api} api` : undefined].filter(Boolean).join(" with ");
	const what = keyless ? "request" : `${keyName} key`;
	return `${KEY_REFUSED_PREFIX} ${what}: this request asks for ${asked}, and the page's ${model.provider} model ${model.id} is ${model.baseUrl} with the ${model.api} api.`;
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
 * thinking what the worker's copy lacks. `sent` remembers how much of each block the worker has, `read` how much
 * the deltas read so far make of it.
 */
export function createWireEncoder(): (event: AssistantMessageEvent) => GatewayEvent {
	const sent = new Map<number, number>();
	const read = new Map<number, number>();
	return (event) => {
		switch (event.type) {
			case "text_delta":
			case "thinking_delta": {
				const index = event.contentIndex;
				const live = blockText(event.partial.content[index]) ?? "";
				const from = sent.get(index) ?? 0;
				const before = read.get(index) ?? 0;
				const after = before + event.delta.length;
				read.set(index, after);
				let append: string;
				if (after <= live.length) {
					// pi-ai grows a block by its deltas (`+=`, a rope); slicing the live text would copy all of it flat on
					// every token. The worker lacks what of this delta lies past what it has.
					append = after > from ? event.delta.slice(Math.max(0, from - before)) : "";
					sent.set(index, Math.max(from, after));
				} else {
					append = live.slice(from);
					sent.set(index, Math.max(from, live.length));
				}
				return { type: event.type, contentIndex: index, delta: event.delta, append };
			}
			case "toolcall_delta": {
				const block = event.partial.content[event.contentIndex];
				const args = block?.type === "toolCall" ? block.arguments : {};
				return { type: "toolcall_delta", contentIndex: event.contentIndex, delta: event.delta, arguments: args };
			}
			default: {
				// A snapshot: `partial` is live, and the batch leaves after later deltas changed it.
				const copy = JSON.parse(JSON.stringify(event)) as typeof event;
				const message = "partial" in copy ? copy.partial : undefined;
				message?.content.forEach((block, index) => sent.set(index, blockText(block)?.length ?? 0));
				return copy;
			}
		}
	};
}

/**
 * The payload as sent, told to a worker that only records it (its inspector): as much of it as the record keeps
 * (the whole payload grows with the conversation), after this task, so that it is taken while the request is on
 * its way rather than before, and without waiting for the answer. Messages on the sink's port keep their order,
 * so it arrives before the reply's first events.
 */
function reportPayload(sink: GatewaySink, payload: unknown): undefined {
	setTimeout(() => {
		// A sink already let go (the worker's request ended) records nothing more.
		Promise.resolve()
			.then(() => sink.observed?.(snapshot(payload)))
			.catch(() => undefined);
	}, 0);
	return undefined;
}

export class ProviderGateway implements ProviderGatewayApi {
	private readonly running = new Map<string, AbortController>();
	private readonly streamSimple: NonNullable<GatewayOptions["streamSimple"]>;
	private readonly models: GatewayModels;
	private readonly transcripts = new TranscriptMemory();

	constructor(private readonly options: GatewayOptions) {
		this.streamSimple = options.streamSimple ?? piStreamSimple;
		this.models =
			options.models ??
			hostModels({ catalog: async () => ({ getModels: (provider) => getModels(provider as Parameters<typeof getModels>[0]) as Model<Api>[] }) });
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

	/** `transcripts`: the port's (gateway-port.ts); called in this thread, the gateway's own. */
	async stream(untrusted: GatewayRequest, sink: GatewaySink, transcripts = this.transcripts): Promise<GatewayStreamEnd> {
		const parsed = gatewayRequestSchema.safeParse(untrusted);
		if (!parsed.success) {
			transcripts.forget();
			const issue = parsed.error.issues[0];
			const text = `The provider gateway refused a malformed request (${issue?.path.join(".") || "request"}: ${issue?.message ?? "invalid"}): nothing was sent`;
			await sink.events([
				{ type: "error", reason: "error", error: failedMessage(refModel((untrusted as Partial<GatewayRequest> | undefined)?.model), "error", text) },
			]);
			return;
		}
		const parsedRequest = parsed.data as GatewayRequest;
		const messages = transcripts.resolve(parsedRequest);
		if (!messages) {
			(sink as Partial<Comlink.Remote<GatewaySink>>)[Comlink.releaseProxy]?.();
			return { resend: true };
		}
		const { continues: _, ...whole } = parsedRequest;
		const request: GatewayRequest = { ...whole, context: { messages } as GatewayRequest["context"] };
		if (this.running.has(request.id)) throw new Error(`A request with id ${request.id} is already running`);
		const controller = new AbortController();
		this.running.set(request.id, controller);
		const outbox = new Outbox(sink, () => controller.abort());
		let model = refModel(request.model);
		let key: string | undefined;
		let refused: KeyRefusedError | undefined;
		let ended = false;
		const end = (event: GatewayEvent) => {
			ended = true;
			outbox.push(event);
		};
		const fail = (text: string) => end({ type: "error", reason: "error", error: failedMessage(model, "error", text) });
		/** An error reply as the worker gets it: the gateway's own refusal if there was one, never the key. */
		const errorText = (text: string) => (refused ? refused.message : withoutKey(text, key));
		try {
			const settled = await this.settle(request.model);
			if (settled.model) model = settled.model;
			if (!settled.ok) return fail(settled.message);
			const { resolved, key: sent } = settled;
			key = sent === NO_KEY ? undefined : sent;
			if (controller.signal.aborted) return end({ type: "error", reason: "aborted", error: failedMessage(model, "aborted", "Request was aborted") });

			const checkedFetch = pacedFetch(
				originCheckedFetch(
					this.urlCheck(resolved, sent),
					(error) => (refused = error),
					(input, init) => (this.options.fetch ?? globalThis.fetch)(input, init),
				),
			);
			const options: SimpleStreamOptions = {
				...request.options,
				apiKey: sent,
				signal: controller.signal,
				fetch: checkedFetch,
				// Extensions' headers, checked by the schema: pi-ai merges them over the model's own.
				...(request.headers && { headers: request.headers }),
				onProviderStreamEvent: request.hooks.streamEvents
					? async (data) => {
							await outbox.flush();
							await sink.streamEvent?.(jsonData(data));
						}
					: undefined,
				onPayload: request.hooks.payload
					? async (payload) => {
							await outbox.flush();
							const { plain, restore } = detachSignals(payload);
							const replacement = await sink.payload(plain);
							return replacement === undefined || replacement === null ? undefined : confinePayload(model.api, payload, restore(replacement));
						}
					: request.hooks.observePayload
						? async (payload) => reportPayload(sink, payload)
						: undefined,
				onResponse: request.hooks.response
					? async (response) => {
							await outbox.flush();
							await sink.response(withoutKeyInHeaders(response, key));
						}
					: undefined,
			};
			if (options.onResponse && APIS_WITHOUT_RESPONSE_HOOK.has(model.api))
				options.fetch = responseReportingFetch(async (response) => options.onResponse!(response, model), checkedFetch);
			const events = this.streamSimple(model, request.context, options);
			const toWire = createWireEncoder();
			for await (const event of events) {
				if (event.type === "error") {
					const wire = toWire(event) as Extract<GatewayEvent, { type: "error" }>;
					end({ ...wire, error: { ...wire.error, errorMessage: errorText(wire.error.errorMessage ?? "") } });
				} else if (event.type === "done") end(toWire(event));
				else outbox.push(toWire(event));
			}
			if (!ended) {
				const message: AssistantMessage = JSON.parse(JSON.stringify(await events.result()));
				if (message.errorMessage !== undefined) message.errorMessage = errorText(message.errorMessage);
				end(
					message.stopReason === "error" || message.stopReason === "aborted"
						? { type: "error", reason: message.stopReason, error: message }
						: { type: "done", reason: message.stopReason === "length" || message.stopReason === "toolUse" ? message.stopReason : "stop", message },
				);
			}
		} catch (error) {
			const reason = controller.signal.aborted ? "aborted" : "error";
			const text = errorText(error instanceof Error ? error.message : String(error));
			if (!ended) end({ type: "error", reason, error: failedMessage(model, reason, text) });
		} finally {
			await outbox.flush();
			this.running.delete(request.id);
			(sink as Partial<Comlink.Remote<GatewaySink>>)[Comlink.releaseProxy]?.();
		}
	}

	/** The model a request names and its key, tried again after `catchUp` when they do not fit. */
	private async settle(
		ref: GatewayModelRef,
	): Promise<({ ok: true; resolved: ResolvedModel; key: string } | { ok: false; message: string }) & { model?: Model<Api> }> {
		const attempt = async () => {
			const resolution = await this.models.resolve(ref.provider, ref.id);
			if (!resolution.ok) return resolution;
			const { resolved } = resolution;
			const different = mismatch(ref, resolved);
			if (different) return { ok: false as const, message: different, model: resolved.model };
			const auth = this.auth(resolved);
			return auth.ok
				? { ok: true as const, resolved, key: auth.key, model: resolved.model }
				: { ok: false as const, message: auth.message, model: resolved.model };
		};
		const first = await attempt();
		if (first.ok || !this.options.catchUp) return first;
		await this.options.catchUp();
		return attempt();
	}

	private auth({ model, keyName, keyless }: ResolvedModel): { ok: true; key: string } | { ok: false; message: string } {
		const lookup = this.options.secrets.keyFor(keyName, model.baseUrl);
		if (lookup.ok) return lookup;
		if (lookup.reason === "missing" && keyless) return { ok: true, key: NO_KEY };
		return lookup;
	}

	/** Where pi-ai may send this request: the key's origins, or for a keyless endpoint its own origin. */
	private urlCheck({ model, keyName }: ResolvedModel, key: string): UrlCheck {
		if (key === NO_KEY) {
			const origin = originOf(model.baseUrl);
			return (url) =>
				origin !== undefined && originOf(url) === origin
					? undefined
					: `${KEY_REFUSED_PREFIX} request to ${originOf(url) ?? url}: the endpoint ${model.provider} is at ${origin}.`;
		}
		return (url) => {
			const lookup = this.options.secrets.keyFor(keyName, url);
			return lookup.ok ? undefined : lookup.message;
		};
	}
}
