/**
 * The sandbox frame's script (`sandbox.html`): starts one runtime worker with the frame's opaque origin,
 * keeps its call record and answers its synchronous workspace calls (runtime-service.ts). It tells the page it
 * runs (a host that cannot serve this frame leaves the page to run the worker itself), then waits for the
 * page's one start message (and, before it, perhaps a hint that extensions are to load).
 */
import { isMessage, RUNTIME_WARM, SANDBOX_ALIVE, SANDBOX_START, SANDBOX_WARM, type FrameReport } from "../protocol/sandbox.ts";
import { startWorker } from "./start-worker.ts";

/** The app's origin: this document's URL is the app's even though its origin is opaque. */
const appOrigin = new URL(location.href).origin;

const runtime = startWorker("frame");
// The code that serves the worker (the synchronous workspace channel, with its schemas) loads while the runtime's module does.
const host = import("./runtime-service.ts");
let taken = false;
if (parent !== window) parent.postMessage({ type: SANDBOX_ALIVE }, appOrigin);
addEventListener("message", (event: MessageEvent) => {
	// One start, from the page that embeds this frame and nobody else.
	if (taken || event.source !== parent || parent === window || event.origin !== appOrigin) return;
	if (isMessage(event.data, SANDBOX_WARM)) {
		// Ahead of the boot: serve() posts the boot when the same `ready` resolves, and asks later than this.
		runtime.ready.then(
			() => runtime.worker.postMessage({ type: RUNTIME_WARM }),
			() => undefined,
		);
		return;
	}
	if (!isMessage(event.data, SANDBOX_START)) return;
	const [runtimePort, control, workspace] = event.ports;
	if (!runtimePort || !control) return;
	taken = true;
	host.then(
		({ serve }) => serve(runtime, { runtime: runtimePort, control, workspace }),
		(error: Error) =>
			control.postMessage({ type: "failed", message: `the sandbox's script did not load: ${error.message}`.slice(0, 2000) } satisfies FrameReport),
	);
});
