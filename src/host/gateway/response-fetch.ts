/**
 * pi-ai's Google Generative AI provider goes through @google/genai, which never hands pi-ai the HTTP response,
 * so `onResponse` (and with it `after_provider_response`) would not run for Google models. The gateway gives
 * such providers a `fetch` that reports the status and headers as soon as they arrive, before the body is read,
 * as pi-ai does for the other providers.
 */
import type { Api, ProviderResponse } from "@earendil-works/pi-ai";

/** The apis whose pi-ai provider does not call `onResponse` itself. */
export const APIS_WITHOUT_RESPONSE_HOOK: ReadonlySet<Api> = new Set<Api>(["google-generative-ai"]);

export function responseReportingFetch(report: (response: ProviderResponse) => void | Promise<void>, base: typeof fetch = globalThis.fetch): typeof fetch {
	let reported = false;
	return async (input, init) => {
		const response = await base(input, init);
		// A provider retry or a second call within the same reply is not a new response for the hook.
		if (!reported) {
			reported = true;
			const headers: Record<string, string> = {};
			response.headers.forEach((value, key) => (headers[key] = value));
			await report({ status: response.status, headers });
		}
		return response;
	};
}
