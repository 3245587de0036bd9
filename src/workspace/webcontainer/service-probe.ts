/**
 * A quick look at whether StackBlitz's WebContainer service can be reached, so an offline boot falls
 * back in a moment instead of at its timeout. It asks for the page `WebContainer.boot()` loads in its
 * iframe (the API's own `WEBCONTAINER_API_IFRAME_URL` override, or stackblitz.com, at `/headless`).
 *
 * A `no-cors` request, because the service sends no CORS headers; its response is opaque, and only
 * whether one came matters. Why a failed request is a reliable "unreachable": offline, refused, or
 * unresolvable, the request fails at once. Online, this page's `Cross-Origin-Embedder-Policy:
 * require-corp` lets the opaque response through only with `Cross-Origin-Resource-Policy:
 * cross-origin`, which the boot's iframe needs too (the same check applies to an embedded document), so
 * if that header were missing the boot could not work either. GET rather than HEAD, so the request is
 * the one the iframe makes and not one the server might answer differently. A probe that gets no
 * answer within `PROBE_TIMEOUT_MS` says nothing, and the boot's own timeout decides.
 */

export const PROBE_TIMEOUT_MS = 4_000;
const DEFAULT_SERVICE_ORIGIN = "https://stackblitz.com";

/** The page the API's iframe loads, with the same override the API reads. */
export function serviceUrl(): string {
	const override = (globalThis as { WEBCONTAINER_API_IFRAME_URL?: string }).WEBCONTAINER_API_IFRAME_URL;
	const url = new URL("/headless", new URL(override ?? DEFAULT_SERVICE_ORIGIN).origin);
	url.searchParams.set("coep", "require-corp");
	return url.href;
}

/** A reason when `url` cannot be reached; undefined when it answers, takes too long, or `signal` ends the probe. */
export async function probeService(signal: AbortSignal, url = serviceUrl(), timeoutMs = PROBE_TIMEOUT_MS): Promise<string | undefined> {
	const stop = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
	try {
		await fetch(url, { mode: "no-cors", cache: "no-store", signal: stop });
		return undefined;
	} catch (error) {
		if (stop.aborted) return undefined;
		const origin = new URL(url).origin;
		return `StackBlitz's WebContainer service at ${origin} could not be reached (${error instanceof Error ? error.message : String(error)}; offline?)`;
	}
}
