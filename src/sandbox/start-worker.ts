/**
 * Starts the runtime worker (see runtime-service.ts, which serves it), in a module of its own: the sandbox frame
 * starts the worker before it loads the code that serves it, so the runtime's module loads meanwhile.
 *
 * The worker is a classic one from a `blob:` URL (a module worker from `blob:` does not start in a sandboxed
 * frame), which `import()`s the runtime's module from the app's server, a cross-origin request in the frame.
 */
import runtimeWorkerUrl from "../runtime/runtime.worker.ts?worker&url";
import { isRuntimeReady } from "../protocol/sandbox.ts";

export interface StartingWorker {
	worker: Worker;
	ready: Promise<void>;
}

function workerSource(moduleUrl: string): string {
	// A classic script: a failed import is reported by the error event below, with the reason.
	return `import(${JSON.stringify(moduleUrl)}).catch((error) => { setTimeout(() => { throw error; }); });`;
}

/**
 * Starts the worker at once, so its module loads while the page gets the session ready; the boot goes to it
 * once both the worker is ready and the page's ports are here. In the frame it is a classic `blob:` worker
 * (it takes the frame's opaque origin); in the page a module worker of the runtime's own URL, whose response
 * brings the worker's policy (a `blob:` worker would take the page's, which allows no `blob:` modules).
 */
export function startWorker(where: "frame" | "page"): StartingWorker {
	const moduleUrl = new URL(runtimeWorkerUrl, location.href).href;
	let worker: Worker;
	if (where === "page") worker = new Worker(moduleUrl, { type: "module", name: "playa-runtime" });
	else {
		const source = URL.createObjectURL(new Blob([workerSource(moduleUrl)], { type: "text/javascript" }));
		worker = new Worker(source, { name: "playa-runtime" });
		URL.revokeObjectURL(source);
	}
	const ready = new Promise<void>((resolve, reject) => {
		const onMessage = (event: MessageEvent) => {
			if (!isRuntimeReady(event.data)) return;
			worker.removeEventListener("message", onMessage);
			worker.removeEventListener("error", onError);
			resolve();
		};
		const onError = (event: ErrorEvent) => {
			event.preventDefault();
			reject(new Error(event.message || "the runtime's script did not load"));
		};
		worker.addEventListener("message", onMessage);
		worker.addEventListener("error", onError);
	});
	// Reported to the page once it asks (serve); until then the failure waits here, not in the console.
	ready.catch(() => undefined);
	return { worker, ready };
}
