/**
 * The runtime worker ↔ provider gateway boundary, in one place. The gateway lives in a worker of the app's
 * origin, holds a copy of the API keys the page keeps (localStorage, which workers cannot open) and makes the
 * requests that need one with pi-ai; the
 * worker's stream function (runtime/models/gateway-stream.ts) asks it for a reply and receives the reply's events.
 *
 * A request names a model (provider and id) and carries the transcript and a few options that only shape the
 * reply. The gateway builds the model — its api, base URL and headers — from its own configuration (pi-ai's
 * catalog, the user's custom endpoints, the providers the page lists as registered), so nothing the worker sends
 * chooses where a request goes, its headers, `env` or a proxy. Keys travel in one direction only: nothing here
 * carries one towards the worker. `before_provider_request` / `after_provider_response` still run in the worker:
 * the gateway hands the real payload to `GatewaySink.payload` and sends whatever the worker returns.
 *
 * Everything here is structured-clonable data, apart from the sink, which crosses as a Comlink proxy. The gateway
 * parses each request with `gatewayRequestSchema` before it acts on it: the worker runs extension code.
 */
import type { AssistantMessageEvent, JsonObject, ProviderResponse, SimpleStreamOptions, TranscriptContext } from "@earendil-works/pi-ai";
import { z } from "zod";

/** The request options that cross the boundary: they shape the reply, never where it is sent or how. */
export const GATEWAY_OPTION_KEYS = [
	"reasoning",
	"thinkingBudgets",
	"maxTokens",
	"temperature",
	"toolChoice",
	"sessionId",
	"cacheRetention",
	"metadata",
	"samplingParams",
	"maxRetries",
	"maxRetryDelayMs",
	"timeoutMs",
] as const satisfies readonly (keyof SimpleStreamOptions)[];

export type GatewayStreamOptions = Pick<SimpleStreamOptions, (typeof GATEWAY_OPTION_KEYS)[number]>;

/**
 * The model a request is for. `api` and `baseUrl` are what the worker believes the model to be: the gateway
 * never uses them, and refuses a request whose belief differs from its own model (an extension that pointed a
 * model at another server is told so, rather than answered by the stored one).
 */
export interface GatewayModelRef {
	provider: string;
	id: string;
	api?: string;
	baseUrl?: string;
}

export interface GatewayRequest {
	/** Chosen by the worker, so that it can `abort(id)` before `stream` answers. */
	id: string;
	model: GatewayModelRef;
	/**
	 * The transcript as the agent loop built it (`TranscriptContext`'s brand is a type, not data); with
	 * `continues`, only the messages after those the gateway already has.
	 */
	context: TranscriptContext;
	/**
	 * The transcript starts with the first `keep` messages of request `id`, the last one sent on this port: a
	 * conversation grows by a few messages a turn, and copying all of it to the gateway on every request would
	 * cost more with each turn. The gateway answers `{ resend: true }` when it does not have that request's
	 * messages (nothing is sent to the provider); the worker then sends the transcript whole.
	 */
	continues?: { id: string; keep: number };
	options: GatewayStreamOptions;
	/**
	 * Which hooks the worker has handlers for; the gateway skips the round trip for the others. `observePayload`:
	 * no handler may replace the payload, but the worker records it (its inspector), so the gateway tells it a
	 * snapshot of the payload (`GatewaySink.observed`) without waiting for an answer.
	 */
	hooks: { payload: boolean; response: boolean; streamEvents?: boolean; observePayload?: boolean };
	/**
	 * Headers `before_provider_headers` handlers added: merged over the provider's own, never one that could
	 * carry or replace a credential (`isExtensionHeaderAllowed`), so the key stays the page's.
	 */
	headers?: Record<string, string>;
}

/** At most this many extension headers per request. */
export const MAX_EXTENSION_HEADERS = 32;

/**
 * Whether an extension may set this request header: a plain token name that is not about credentials,
 * cookies, the connection or the body (`Authorization`, `x-api-key`, `Cookie`, `Host`, `Content-*`, AWS
 * signing headers, anything naming a key, token, secret or auth), and a short value on one line.
 */
export function isExtensionHeaderAllowed(name: string, value: unknown): value is string {
	if (!/^[A-Za-z0-9-]{1,100}$/.test(name)) return false;
	if (/^(host|origin|referer|cookie|connection|transfer-encoding|te|upgrade|expect|proxy-.*|content-.*|sec-.*|x-amz-.*)$/i.test(name)) return false;
	if (/key|auth|token|secret|credential|signature|cookie|password/i.test(name)) return false;
	return typeof value === "string" && value.length <= 2_000 && !/[\r\n\0]/.test(value);
}

const count = z.number().int().nonnegative();
const level = z.enum(["minimal", "low", "medium", "high", "xhigh", "max"]);

/** What `stream` accepts; anything else (an `env`, `headers`, a `fetch`, an `apiKey`) is refused, not dropped. */
export const gatewayRequestSchema = z.strictObject({
	id: z.string().min(1).max(200),
	model: z.strictObject({ provider: z.string().min(1), id: z.string().min(1), api: z.string().optional(), baseUrl: z.string().optional() }),
	context: z.strictObject({ messages: z.array(z.looseObject({ role: z.string() })) }),
	continues: z.strictObject({ id: z.string().min(1).max(200), keep: count }).optional(),
	options: z.strictObject({
		// "off" is no reasoning (pi-agent-core sends none; a direct pi-ai call may say so).
		reasoning: z.union([level, z.literal("off").transform(() => undefined)]).optional(),
		thinkingBudgets: z.strictObject({ minimal: count.optional(), low: count.optional(), medium: count.optional(), high: count.optional() }).optional(),
		maxTokens: count.optional(),
		temperature: z.number().optional(),
		toolChoice: z.enum(["auto", "none"]).optional(),
		sessionId: z.string().optional(),
		cacheRetention: z.enum(["none", "short", "long"]).optional(),
		metadata: z.record(z.string(), z.unknown()).optional(),
		// Body fields only (top_p, stop, …), merged into the payload as they are.
		samplingParams: z.record(z.string(), z.unknown()).optional(),
		maxRetries: count.optional(),
		maxRetryDelayMs: count.optional(),
		timeoutMs: count.optional(),
	}),
	hooks: z.strictObject({ payload: z.boolean(), response: z.boolean(), streamEvents: z.boolean().optional(), observePayload: z.boolean().optional() }),
	headers: z
		.record(z.string(), z.string())
		.refine((headers) => Object.keys(headers).length <= MAX_EXTENSION_HEADERS, `at most ${MAX_EXTENSION_HEADERS} headers`)
		.refine((headers) => Object.entries(headers).every(([name, value]) => isExtensionHeaderAllowed(name, value)), "a header an extension may not set")
		.optional(),
});

/**
 * What the gateway streams back. Events that start or end something are pi-ai's own, with a copy of `partial`
 * taken when the gateway read the event. Deltas leave `partial` out (sending the whole message-so-far with every
 * token costs quadratic copying); the worker keeps its copy of the last `partial` and grows it:
 * - text and thinking deltas carry `append`, the text the worker's copy of the block lacks. pi-ai's `partial` is
 *   live (it may already hold later deltas when an event is read), so `append` is what the block gained since the
 *   gateway last sent it, not necessarily `delta`: the copy always holds at least the deltas seen so far.
 * - a tool call's delta carries the call's arguments as pi-ai parsed them so far (the worker needs no JSON parser).
 */
export type GatewayDelta =
	| { type: "text_delta" | "thinking_delta"; contentIndex: number; delta: string; append: string }
	| { type: "toolcall_delta"; contentIndex: number; delta: string; arguments: JsonObject };

export type GatewayEvent = Exclude<AssistantMessageEvent, { type: GatewayDelta["type"] }> | GatewayDelta;

/** What the gateway calls on the worker, through a Comlink proxy the worker passes with each request. */
export interface GatewaySink {
	/** Events in order, batched; the gateway sends the next batch once this one is answered. */
	events(batch: GatewayEvent[]): void | Promise<void>;
	/** pi-ai's `onPayload`: the provider payload; resolves with a replacement, or undefined to keep it. */
	payload(payload: unknown): Promise<unknown>;
	/**
	 * Under `observePayload`: the payload as sent, for the worker's record only, as a bounded snapshot
	 * (inspector-snapshot.ts). The gateway neither waits for nor reads the answer.
	 */
	observed?(payload: unknown): void | Promise<void>;
	/** pi-ai's `onResponse`: the HTTP status and headers, before the body is read. */
	response(response: ProviderResponse): Promise<void>;
	/** pi-ai's `onProviderStreamEvent`: one parsed provider event before it is normalized (as JSON data). */
	streamEvent?(data: unknown): Promise<void>;
}

/** All the gateway may call on the worker's sink. */
export const GATEWAY_SINK_METHODS = ["events", "payload", "observed", "response", "streamEvent"] as const satisfies readonly (keyof GatewaySink)[];

/** How `stream` ends: nothing, or a request to send the transcript whole. */
export type GatewayStreamEnd = void | { resend: true };

/** What the worker calls on the gateway. No method returns a key. */
export interface ProviderGatewayApi {
	/**
	 * Resolves when the reply has ended and its last event was delivered to `sink`, or at once with `{ resend: true }`
	 * when the request continues a transcript this port no longer has (see `GatewayRequest.continues`).
	 */
	stream(request: GatewayRequest, sink: GatewaySink): Promise<GatewayStreamEnd>;
	/** Stops a running request; unknown and finished ids are ignored. */
	abort(id: string): Promise<void>;
	/** Whether a key is stored under `name`; the key itself never crosses. */
	hasKey(name: string): Promise<boolean>;
}

/** The message prefix of the gateway's own refusals (a key asked for another origin). */
export const KEY_REFUSED_PREFIX = "Playa did not send the";
