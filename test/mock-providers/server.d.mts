// Types for server.mjs (plain JavaScript so that Node 20 runs it without a TypeScript loader).

/** The pi-ai api ids the mock serves, one route each. */
export type MockApi = "openai-completions" | "openai-responses" | "anthropic-messages" | "google-generative-ai";

/**
 * A provider-neutral description of one model reply; the mock renders it in the wire format of the api it is
 * scripted for. Usage numbers are in pi-ai's terms (`input` excludes cached tokens, `output` includes reasoning),
 * so the `Usage` pi-ai reports equals them for every api.
 */
export interface MockReply {
	/** Reasoning, streamed first. A string is split into word-sized deltas; an array gives the deltas exactly. */
	thinking?: string | string[];
	/** Visible text, streamed after the reasoning. Same splitting as `thinking`. */
	text?: string | string[];
	/**
	 * Tool calls, streamed after the text, in order (parallel calls in one reply). Arguments stream in small pieces
	 * (whole for Google, which does not stream them). A string is sent verbatim, e.g. to send malformed JSON.
	 * Without an `id` the mock makes one in the provider's style (`call_…`, `toolu_…`; none for Google).
	 */
	toolCalls?: { id?: string; name: string; arguments: Record<string, unknown> | string }[];
	/** Defaults: input 10, cacheRead 0, cacheWrite 0, reasoning ≈ thinking length / 4, output ≈ visible length / 4 + reasoning. */
	usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number; reasoning?: number };
	/** Defaults to "toolUse" when there are tool calls, else "stop". */
	stopReason?: "stop" | "length" | "toolUse";

	/**
	 * Answer with an HTTP error instead of a stream: a named failure with the provider's real body and headers, or
	 * any status, body and headers (a string body is sent as it is, as text/plain unless `headers` say otherwise).
	 * - "unauthorized": 401 (Google's is its OAuth UNAUTHENTICATED body).
	 * - "invalid-key": what a wrong API key really gets: 401 for OpenAI and Anthropic, 400 API_KEY_INVALID for Google.
	 * - "rate-limited": 429 with `retry-after` (OpenAI, Anthropic) or RetryInfo (Google, whose body speaks of quota and billing).
	 * - "overloaded": 503 for OpenAI and Google, 529 overloaded_error for Anthropic, with `retry-after` (not Google).
	 */
	error?: MockErrorKind | { status: number; body: unknown; headers?: Record<string, string> };
	/** Seconds in `retry-after` (and Google's RetryInfo) for "rate-limited" and "overloaded". Default 1. */
	retryAfter?: number;

	/**
	 * Break the stream after `breakAfter` frames (default: half of them):
	 * - "garbage": a frame of cut-off JSON, then the response ends;
	 * - "overloaded": the provider's in-stream overload error (OpenAI `{error}` chunk, Responses `response.failed`,
	 *   Anthropic `event: error`, Google `{error: {code: 503}}` chunk), then the response ends;
	 * - "disconnect": the socket is destroyed;
	 * - "hang": nothing more is sent until the client aborts or the mock closes.
	 */
	breakStream?: "garbage" | "overloaded" | "disconnect" | "hang";
	breakAfter?: number;
	/** Milliseconds between frames. Defaults to the server's `delayMs`, else 0. */
	delayMs?: number;
}

export type MockErrorKind = "unauthorized" | "invalid-key" | "rate-limited" | "overloaded";

/** Computes the reply from the request it answers (in-process scripting only). */
export type MockReplyFunction = (request: RecordedRequest) => MockReply | Promise<MockReply>;

/** Every request the mock received, in order, including CORS preflights. */
export interface RecordedRequest {
	/** Null for a preflight on a path that is no provider route. */
	api: MockApi | null;
	method: string;
	/** Path without the query, e.g. "/anthropic/v1/messages". */
	path: string;
	query: Record<string, string>;
	/** Lower-case names, as Node reports them. */
	headers: Record<string, string | string[] | undefined>;
	/** Parsed JSON, the raw text if it is not JSON, undefined for a preflight. */
	body: any;
	time: number;
}

export interface MockProvidersOptions {
	/** Default 0: any free port. */
	port?: number;
	/** Default "127.0.0.1". */
	host?: string;
	/** Default milliseconds between frames. Default 0. */
	delayMs?: number;
	/** Answers requests when nothing is scripted for their api. Without it they get a provider-shaped 400. */
	fallback?: MockReply | MockReplyFunction;
}

export interface MockProviders {
	/** e.g. "http://127.0.0.1:41234". Base URLs for pi-ai models: client.ts `mockBaseUrl()` / `mockModel()`. */
	url: string;
	port: number;
	/** Live list of recorded requests; `reset()` empties it. */
	requests: RecordedRequest[];
	/** Queues replies for an api; each request to it takes the next one. */
	script(api: MockApi, replies: (MockReply | MockReplyFunction)[]): void;
	/** Replies still queued, per api. */
	pending(): Record<MockApi, number>;
	/** Forgets queued replies and recorded requests. */
	reset(): void;
	/** Stops the server and drops open connections (including hanging streams). */
	close(): Promise<void>;
}

/** Request headers the preflight allows. */
export declare const ALLOWED_HEADERS: readonly string[];

export declare function startMockProviders(options?: MockProvidersOptions): Promise<MockProviders>;
