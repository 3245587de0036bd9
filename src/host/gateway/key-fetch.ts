/**
 * The `fetch` the gateway gives pi-ai for one request: before anything is sent it checks the URL pi-ai actually
 * asks for — not the model's base URL, which pi-ai may not use (Azure's takes its address from the environment,
 * Google's SDK from per-request options) — against the origins the key may go to, and refuses any other. Redirects
 * are refused as well: a redirect would carry the key's header to wherever it points.
 */

/** Why a URL may not be fetched, or undefined when it may. */
export type UrlCheck = (url: string) => string | undefined;

/** Thrown instead of fetching; the gateway reports its message as the reply's error. */
export class KeyRefusedError extends Error {}

function urlOf(input: RequestInfo | URL): string {
	if (typeof input === "string") return input;
	if (input instanceof URL) return input.href;
	return input.url;
}

export function originCheckedFetch(check: UrlCheck, onRefused: (error: KeyRefusedError) => void, base: typeof fetch = globalThis.fetch): typeof fetch {
	return async (input, init) => {
		const refusal = check(urlOf(input));
		if (refusal !== undefined) {
			const error = new KeyRefusedError(refusal);
			onRefused(error);
			throw error;
		}
		return base(input, { ...init, redirect: "error" });
	};
}
