/**
 * The page's side of the service worker (service.worker.js): registers it, reloads once under it when
 * the host sent no isolation headers (the worker adds them), asks it to keep the build for offline use,
 * and asks the browser to keep the sessions and workspace files (`navigator.storage.persist()`).
 * Only in a production build: the dev server sends its own headers and changes files all the time.
 */

/** Set for the one reload under the worker, so a browser that still does not isolate is not reloaded forever. */
const RELOADED = "playa-isolation-reload";
const CONTROL_TIMEOUT_MS = 5_000;

function serviceWorkers(): ServiceWorkerContainer | undefined {
	if (!import.meta.env.PROD || !window.isSecureContext) return undefined;
	return navigator.serviceWorker;
}

function scriptUrl(): string {
	return new URL("sw.js", window.location.href).href;
}

function controlled(container: ServiceWorkerContainer): Promise<boolean> {
	if (container.controller) return Promise.resolve(true);
	return new Promise((resolve) => {
		const timer = setTimeout(() => resolve(false), CONTROL_TIMEOUT_MS);
		container.addEventListener(
			"controllerchange",
			() => {
				clearTimeout(timer);
				resolve(true);
			},
			{ once: true },
		);
	});
}

function register(container: ServiceWorkerContainer): Promise<ServiceWorkerRegistration> {
	return container.register(scriptUrl(), { scope: "./" });
}

/**
 * Where the host sent no isolation headers: registers the worker and reloads under it. Resolves "reloading" when
 * the page is reloading to come back isolated (start nothing then), else "ready". An isolated page registers it
 * once it has started (`keepForOffline`).
 */
export async function startServiceWorker(): Promise<"ready" | "reloading"> {
	const container = serviceWorkers();
	if (!container) return "ready";
	if (window.crossOriginIsolated) {
		sessionStorage.removeItem(RELOADED);
		return "ready";
	}
	const registration = register(container);
	if (sessionStorage.getItem(RELOADED)) {
		registration.catch(() => {});
		return "ready";
	}
	try {
		await registration;
	} catch {
		return "ready";
	}
	// A worker already active but not in charge of this load (a hard reload) takes charge on a plain one.
	const inCharge = container.controller !== null || (await controlled(container));
	if (!inCharge && !(await container.getRegistration(scriptUrl()))?.active) return "ready";
	sessionStorage.setItem(RELOADED, "1");
	window.location.reload();
	return "reloading";
}

/** The whole build is fetched once the page has settled; what the page loads once the worker is in charge is kept as it loads. */
const KEEP_AFTER_MS = 10_000;
/** How long the registration waits for the started page to be idle, at the most. */
const REGISTER_IDLE_MS = 3_000;

function idle(timeout: number): Promise<unknown> {
	return new Promise((resolve) => (window.requestIdleCallback ? window.requestIdleCallback(resolve, { timeout }) : resolve(undefined)));
}

/**
 * Once the page has started (`started`: ready, failed, or asking about trust) and is idle, registers the worker
 * (again where it is, which checks for a new build), then asks it to keep the build; `data-offline` on <html>
 * says how that went ("ready" or "partial"). Registered after the start: on a first visit, the worker's install,
 * activation and claim of the page ran beside the start, on the same cores.
 */
export async function keepForOffline(started: Promise<unknown>): Promise<void> {
	const container = serviceWorkers();
	if (!container) return;
	await started;
	await idle(REGISTER_IDLE_MS);
	await register(container);
	const registration = await container.ready;
	await new Promise((resolve) => setTimeout(resolve, KEEP_AFTER_MS));
	await idle(KEEP_AFTER_MS);
	const channel = new MessageChannel();
	const reply = new Promise<{ ok?: boolean }>((resolve) => {
		channel.port1.onmessage = (event) => resolve((event.data ?? {}) as { ok?: boolean });
	});
	registration.active?.postMessage({ type: "precache" }, [channel.port2]);
	const result = await reply;
	document.documentElement.dataset.offline = result.ok ? "ready" : "partial";
}

/** Sessions and workspace files live in IndexedDB, which the browser may clear under storage pressure unless asked not to. */
export async function askToKeepStorage(): Promise<boolean> {
	const storage = navigator.storage;
	if (!storage?.persist) return false;
	const kept = (await storage.persisted?.()) || (await storage.persist());
	document.documentElement.dataset.storagePersisted = String(kept);
	return kept;
}
