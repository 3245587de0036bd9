/**
 * Playa's service worker (a template: scripts/vite-service-worker.ts fills in the constants and writes
 * it to the build as sw.js). Two jobs:
 *
 * - Cross-origin isolation where the host sends no headers (GitHub Pages): every same-origin response
 *   it hands the page gets COOP/COEP (and CORP, so the sandbox page may load the assets), and worker
 *   scripts get the worker policy the dev and preview servers send (scripts/vite-csp.ts).
 * - Offline after the first visit: what the page loads is kept as it loads, the page asks it to keep
 *   the rest of the build (a "precache" message once the app has settled), and it answers from that
 *   copy when the network cannot.
 *
 * Only same-origin GETs are touched; everything else goes to the network as if it were not here.
 */
const VERSION = "__PLAYA_VERSION__";
/** The build's files, relative to the worker's scope. */
const PRECACHE = __PLAYA_PRECACHE__;
const WORKER_POLICY = "__PLAYA_WORKER_POLICY__";
const CACHE = `playa-${VERSION}`;
const INDEX = new URL("./", self.registration.scope).href;

self.addEventListener("install", () => {
	// Nothing to wait for: the page reloads under this worker as soon as it controls it, to be isolated.
	self.skipWaiting();
});

self.addEventListener("activate", (event) => {
	event.waitUntil(
		(async () => {
			await self.clients.claim();
			for (const name of await caches.keys()) if (name.startsWith("playa-") && name !== CACHE) await caches.delete(name);
		})(),
	);
});

async function precache() {
	const cache = await caches.open(CACHE);
	const missing = [];
	for (const path of PRECACHE) {
		const url = new URL(path, self.registration.scope).href;
		if (!(await cache.match(url))) missing.push(url);
	}
	// One file that cannot be fetched leaves the others kept; the next visit asks again.
	const results = await Promise.allSettled(
		missing.map(async (url) => {
			const response = await fetch(url, { cache: "no-cache" });
			if (!response.ok) throw new Error(`${url}: ${response.status}`);
			await cache.put(url, response);
		}),
	);
	return { files: PRECACHE.length, failed: results.filter((result) => result.status === "rejected").length };
}

self.addEventListener("message", (event) => {
	if (event.data?.type !== "precache") return;
	const reply = event.ports[0];
	event.waitUntil(
		precache().then(
			(result) => reply?.postMessage({ ok: result.failed === 0, ...result }),
			(error) => reply?.postMessage({ ok: false, error: String(error) }),
		),
	);
});

/** The response with the headers a static host could not send. */
function withIsolation(request, response) {
	if (response.type === "opaqueredirect" || response.status === 0) return response;
	const headers = new Headers(response.headers);
	headers.set("Cross-Origin-Opener-Policy", "same-origin");
	headers.set("Cross-Origin-Embedder-Policy", "require-corp");
	headers.set("Cross-Origin-Resource-Policy", "cross-origin");
	if (request.mode !== "navigate" && !headers.has("Access-Control-Allow-Origin")) headers.set("Access-Control-Allow-Origin", "*");
	// Always: a kept copy was fetched as a plain file, and may carry the page's policy instead.
	if (request.destination === "worker" || request.destination === "sharedworker") headers.set("Content-Security-Policy", WORKER_POLICY);
	return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A page: the network first (a new deploy shows at once), the kept copy when offline. */
async function navigate(request) {
	try {
		return await fetch(request);
	} catch (error) {
		const cache = await openCache();
		const kept = (await keptCopy(cache, request, { ignoreSearch: true })) ?? (await keptCopy(cache, INDEX));
		if (kept) return kept;
		throw error;
	}
}

/** The cache, or undefined when it cannot be opened: the page then loads from the network as without this worker. */
async function openCache() {
	try {
		return await caches.open(CACHE);
	} catch {
		return undefined;
	}
}

/** A kept copy, or undefined (none, or a cache that cannot be read). */
async function keptCopy(cache, request, options) {
	try {
		return await cache?.match(request, options);
	} catch {
		return undefined;
	}
}

/**
 * A build file (named by its hash, so a kept copy is never stale) from the cache; anything else from the network,
 * kept for offline. Keeping it is a bonus: a copy that cannot be kept (Cache Storage over its quota) never fails the
 * response, or the page would load blank on a full disk.
 */
async function subresource(request, event) {
	const cache = await openCache();
	const kept = await keptCopy(cache, request);
	if (kept) return kept;
	let response;
	try {
		response = await fetch(request);
	} catch (error) {
		const stale = await keptCopy(cache, request, { ignoreSearch: true });
		if (stale) return stale;
		throw error;
	}
	if (cache && response.ok && response.type === "basic") {
		const keeping = cache.put(request, response.clone()).catch(() => undefined);
		event?.waitUntil?.(keeping);
	}
	return response;
}

self.addEventListener("fetch", (event) => {
	const request = event.request;
	if (request.method !== "GET") return;
	const url = new URL(request.url);
	if (url.origin !== self.location.origin || !request.url.startsWith(self.registration.scope)) return;
	if (url.pathname.endsWith("/sw.js")) return;
	event.respondWith((request.mode === "navigate" ? navigate(request) : subresource(request, event)).then((response) => withIsolation(request, response)));
});
