/**
 * Provider failures in words a user understands: what happened and what to do. pi-ai reports a failed reply
 * as an assistant message with `stopReason: "error"` and the provider's error text in `errorMessage` (often
 * "401: {json}", "OpenAI API error (429): …", "429 {json}", or the raw body for Google); this reads that text,
 * and the HTTP status when the caller has it. Pure: no DOM, no pi-ai import (the UI loads it up front).
 */

export type ProviderErrorKind =
	| "no-key"
	| "key-refused"
	| "unauthorized"
	| "forbidden"
	| "quota"
	| "rate-limit"
	| "overloaded"
	| "context-overflow"
	| "network"
	| "disconnected"
	| "garbage"
	| "not-found"
	| "bad-request"
	| "aborted"
	| "server"
	| "unknown";

export interface ProviderErrorExplanation {
	kind: ProviderErrorKind;
	/** One line: what happened. */
	title: string;
	/** What to do about it. */
	action: string;
	/** The HTTP status, when known. */
	status?: number;
	/** Playa retries these by itself (with `auto_retry_start/end`). */
	retryable: boolean;
	/** The provider's own text, shortened, for the curious. */
	detail: string;
}

const CONTEXT_OVERFLOW =
	/context[ _]length|context window|context size|prompt is too long|prompt too long|request_too_large|too many tokens|maximum context|input token count exceeds|reduce the length of the messages|exceeds? the (?:available |model's )?(?:context|maximum)|longer than the model's context|token limit|greater than the context length|maximum prompt length/i;
const GARBAGE =
	/malformed server-sent event|could not parse|unterminated string in json|unexpected (?:token|end of json)|json at position|not valid json|invalid json|unexpected (?:event|chunk)/i;
const NETWORK =
	/failed to fetch|fetch failed|connection error|networkerror|network request failed|load failed|err_network|econnrefused|enotfound|eai_again|bad port|cors|access-control-allow-origin/i;
const DISCONNECTED = /terminated|other side closed|socket hang up|econnreset|und_err_socket|premature close|stream ended|network error/i;
const UNAUTHORIZED =
	/invalid[ _]?x-api-key|incorrect api key|invalid api key|invalid_api_key|api key not valid|api_key_invalid|unauthenticated|authentication_error|authentication[ _]failed|unauthorized/i;
const QUOTA = /insufficient_quota|quota|billing|credit balance|out of credits|payment required/i;
const RATE = /rate[ _]?limit|resource_exhausted|too many requests/i;
const OVERLOADED = /overloaded|unavailable|temporarily|try again later|server had an error|capacity/i;

/** The HTTP status named in a pi-ai error message, when it names one in a way that is not mere prose. */
export function statusFromMessage(message: string): number | undefined {
	const patterns = [
		/^\s*(\d{3})(?:[:\s]|$)/, // "401: {…}", "429 {…}"
		/API error \((\d{3})\)/i, // "OpenAI API error (401): …"
		/"code"\s*:\s*(\d{3})\b/, // Google: {"error":{"code":429,…}}
		/\bstatus(?:\s*code)?\s*[:=]?\s*(\d{3})\b/i, // "status 503", "status code: 401"
		/\bHTTP\s*(\d{3})\b/i,
	];
	for (const pattern of patterns) {
		const match = pattern.exec(message);
		const status = match ? Number(match[1]) : NaN;
		if (status >= 400 && status < 600) return status;
	}
	return undefined;
}

/** The provider's message inside a JSON body, if there is one; else the text, shortened. */
function shortDetail(message: string): string {
	const brace = message.indexOf("{");
	if (brace >= 0) {
		try {
			const body = JSON.parse(message.slice(brace)) as { message?: unknown; error?: { message?: unknown } | string };
			const inner = typeof body.error === "object" ? body.error?.message : (body.error ?? body.message);
			if (typeof inner === "string" && inner) return clip(inner);
		} catch {
			// Not JSON after all: keep the text.
		}
	}
	return clip(message);
}

function clip(text: string): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > 300 ? `${flat.slice(0, 297)}…` : flat;
}

const ACTIONS: Record<ProviderErrorKind, { title: string; action: string; retryable: boolean }> = {
	"no-key": {
		title: "There is no API key for this provider.",
		action: "Add your key with the model panel's key button, or pick the Scripted or Manual model, which need none.",
		retryable: false,
	},
	"key-refused": {
		title: "Playa kept your key back: this model points at a different server than the one the key is for.",
		action: "An extension (or a custom model) chose this address. Pick the provider's own model, or add the server as a custom endpoint with its own key.",
		retryable: false,
	},
	unauthorized: {
		title: "The provider did not accept the API key.",
		action: "Check the key (copied whole, for this provider, not revoked) and enter it again in the key dialog.",
		retryable: false,
	},
	forbidden: {
		title: "The key works but may not use this model or feature.",
		action: "Check your account's access to this model, or pick another model.",
		retryable: false,
	},
	quota: {
		title: "The account has run out of quota or credit.",
		action: "Check the plan and billing on the provider's site, or switch to another provider.",
		retryable: false,
	},
	"rate-limit": {
		title: "The provider is limiting how fast requests may be sent (rate limit).",
		action: "Wait a moment and send again; Playa retries a few times by itself. Lower usage or a higher tier helps if it keeps happening.",
		retryable: true,
	},
	overloaded: {
		title: "The provider is overloaded or briefly unavailable.",
		action: "Playa retries by itself; if it keeps failing, try again in a few minutes or pick another model.",
		retryable: true,
	},
	"context-overflow": {
		title: "The conversation is too long for this model's context window.",
		action: "Start a new session, branch from an earlier message, compact the session, or pick a model with a larger window.",
		retryable: false,
	},
	network: {
		title: "The request did not reach the provider, or the browser blocked its answer.",
		action:
			"Check that you are online and the address is right. A server must allow requests from web pages (CORS): for Ollama start it with OLLAMA_ORIGINS=*, in LM Studio turn on CORS; a page on https:// can only reach http://localhost, not other http:// hosts.",
		retryable: true,
	},
	disconnected: {
		title: "The connection broke while the reply was streaming.",
		action: "Send again; what arrived is kept in the session.",
		retryable: true,
	},
	garbage: {
		title: "The provider sent a reply Playa could not read.",
		action: "Send again. If it keeps happening, the server is not speaking this API's format: check the custom endpoint's URL and API type.",
		retryable: true,
	},
	"not-found": {
		title: "The provider does not know this model or address.",
		action: "Check the model id and the base URL (most OpenAI-compatible servers end in /v1).",
		retryable: false,
	},
	"bad-request": {
		title: "The provider rejected the request.",
		action:
			"An extension may have changed the request (before_provider_request), or the model does not support an option such as thinking. See the provider's message.",
		retryable: false,
	},
	aborted: { title: "Stopped.", action: "Send a new prompt to go on.", retryable: false },
	server: {
		title: "The provider had an internal error.",
		action: "Playa retries by itself; if it persists, try again later.",
		retryable: true,
	},
	unknown: { title: "The model request failed.", action: "See the provider's message below; sending again may help.", retryable: false },
};

function classify(message: string, status: number | undefined): ProviderErrorKind {
	if (/^No API key\b/i.test(message)) return "no-key";
	if (message.startsWith("Playa did not send the")) return "key-refused";
	if (/^(?:Request was )?aborted|request aborted|the operation was aborted|this operation was aborted/i.test(message)) return "aborted";
	// Overflow first: providers send it as a 400 or 413 and sometimes say "rate" or "limit" in it.
	if (CONTEXT_OVERFLOW.test(message) || status === 413) return "context-overflow";
	if (status === 401 || UNAUTHORIZED.test(message)) return "unauthorized";
	// Gemini words its per-minute limit as "quota … billing", with a RetryInfo: that is a rate limit.
	const perMinute = /PerMinute|per minute|retryDelay|RetryInfo/i.test(message);
	if (status === 402 || (QUOTA.test(message) && !perMinute && (status === undefined || status === 429 || status === 403 || status === 400))) return "quota";
	if (status === 403 || /permission_denied|permission denied|forbidden/i.test(message)) return "forbidden";
	if (status === 429 || RATE.test(message)) return "rate-limit";
	if (status === 529 || status === 503 || OVERLOADED.test(message)) return "overloaded";
	if (status === 404 || /model[_ ]not[_ ]found|does not exist|unknown model|no such model/i.test(message)) return "not-found";
	if (GARBAGE.test(message)) return "garbage";
	if (NETWORK.test(message)) return "network";
	if (DISCONNECTED.test(message)) return "disconnected";
	if (status !== undefined && status >= 500) return "server";
	if (status !== undefined && status >= 400) return "bad-request";
	return "unknown";
}

/** What went wrong with a model request, and what the user can do. `status` wins over one read from the text. */
export function explainProviderError(message: string, status?: number): ProviderErrorExplanation {
	const text = message ?? "";
	const known = status ?? statusFromMessage(text);
	const kind = classify(text, known);
	const { title, action, retryable } = ACTIONS[kind];
	return { kind, title, action, retryable, detail: shortDetail(text), ...(known !== undefined ? { status: known } : {}) };
}
