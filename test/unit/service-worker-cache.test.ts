/**
 * The service worker on a full disk (issue 33, finding 7): a copy it cannot keep (Cache Storage over its quota)
 * never fails the response, or the reloaded page would be blank. The worker's template runs here with the
 * constants filled in, over a stand-in `self`, `caches` and `fetch`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const TEMPLATE = readFileSync(new URL("../../src/host/offline/service.worker.js", import.meta.url), "utf8")
	.replace('"__PLAYA_VERSION__"', JSON.stringify("test"))
	.replace("__PLAYA_PRECACHE__", "[]")
	.replace('"__PLAYA_WORKER_POLICY__"', JSON.stringify("default-src 'self'"));

const SCOPE = "https://playa.test/";

interface FetchEvent {
	request: Request;
	respondWith(response: Promise<Response>): void;
	waitUntil(promise: Promise<unknown>): void;
}

/** The worker's fetch handler, over a cache whose `put` and `open` do as told, and a network that answers `body`. */
function serviceWorker(options: { put?: () => Promise<void>; open?: () => Promise<unknown>; network?: () => Promise<Response> }) {
	const listeners = new Map<string, (event: FetchEvent) => void>();
	const self = {
		registration: { scope: SCOPE },
		location: { origin: new URL(SCOPE).origin },
		clients: { claim: async () => undefined },
		skipWaiting: () => undefined,
		addEventListener: (type: string, listener: (event: FetchEvent) => void) => listeners.set(type, listener),
	};
	const cache = { match: async () => undefined, put: options.put ?? (async () => undefined) };
	const caches = { open: options.open ?? (async () => cache), keys: async () => [] };
	const network =
		options.network ??
		(async () => {
			const response = new Response("the file", { status: 200, headers: { "content-type": "text/javascript" } });
			// A same-origin response, as the browser's fetch gives it.
			Object.defineProperty(response, "type", { value: "basic" });
			return response;
		});
	new Function("self", "caches", "fetch", TEMPLATE)(self, caches, network);
	return async (url: string): Promise<{ response: Promise<Response>; kept: Promise<unknown>[] }> => {
		let response: Promise<Response> | undefined;
		const kept: Promise<unknown>[] = [];
		listeners.get("fetch")!({ request: new Request(url), respondWith: (given) => (response = given), waitUntil: (promise) => kept.push(promise) });
		if (!response) throw new Error("the worker did not answer");
		return { response, kept };
	};
}

function quotaExceeded(): Error {
	const error = new Error("");
	error.name = "QuotaExceededError";
	return error;
}

describe("the service worker on a full disk", () => {
	it("answers from the network when the copy cannot be kept", async () => {
		const fetchThrough = serviceWorker({ put: () => Promise.reject(quotaExceeded()) });
		const { response, kept } = await fetchThrough(`${SCOPE}assets/app-1234.js`);
		const answered = await response;
		expect(answered.status).toBe(200);
		expect(await answered.text()).toBe("the file");
		// The failed copy is waited for, and settles without an error.
		await expect(Promise.all(kept)).resolves.toBeDefined();
	});

	it("answers from the network when the cache cannot even be opened", async () => {
		const fetchThrough = serviceWorker({ open: () => Promise.reject(quotaExceeded()) });
		const { response } = await fetchThrough(`${SCOPE}assets/app-1234.js`);
		expect(await (await response).text()).toBe("the file");
	});

	it("still fails a request the network cannot answer and no copy holds", async () => {
		const fetchThrough = serviceWorker({ network: () => Promise.reject(new TypeError("Failed to fetch")) });
		const { response } = await fetchThrough(`${SCOPE}assets/app-1234.js`);
		await expect(response).rejects.toThrow("Failed to fetch");
	});
});
