/**
 * The page ⇄ sandbox frame ⇄ runtime worker boundary, in one place.
 *
 * Extension code runs in the runtime worker, which the page does not start itself: it loads
 * `sandbox.html` in an `<iframe sandbox="allow-scripts">`, whose origin is opaque, and the frame starts the
 * worker (a classic worker from a `blob:` URL, which inherits the frame's opaque origin and its cross-origin
 * isolation). So extension code cannot open the app's IndexedDB, localStorage, caches, locks or service
 * worker, and whatever it needs of them goes through the host on the validated runtime protocol.
 *
 * The page hands the frame two ports once it has loaded: the runtime port (passed on to the worker, where
 * the runtime answers `RuntimeApi` on it) and the control port (the frame's own, below). The call record
 * (call-record.ts) is shared memory, which cannot cross from the opaque origin to the page: the frame
 * keeps it, gives it to the worker at boot, and reads it when the page's watchdog asks.
 *
 * What the frame reports is untrusted input to the page (it shares a process with the worker, and a bug in
 * it would let extension code speak for it), so the page parses it (sandbox-schema.ts) before acting on it.
 */
import type { RunningCall } from "./call-record.ts";

/**
 * The page → frame message (window `postMessage`), with `[runtimePort, controlPort, workspacePort]`
 * transferred; the workspace port (served by the page) backs the synchronous calls the frame answers.
 */
export const SANDBOX_START = "playa-sandbox-start";

/**
 * The page → frame message (window `postMessage`) before the start, when extensions are to load: the worker
 * loads ahead what nearly every extension imports (pi-ai, with its model catalog), while a consent prompt waits
 * or the session gets ready. It carries nothing: no extension's address or code reaches the frame before the start.
 */
export const SANDBOX_WARM = "playa-sandbox-warm";

/** The frame → page message (window `postMessage`) as soon as the frame's script runs. */
export const SANDBOX_ALIVE = "playa-sandbox-alive";

/** The worker → frame message once the runtime's module has run: the frame then sends the boot. */
export const RUNTIME_READY = "playa-runtime-ready";

/** The frame → worker form of `SANDBOX_WARM`, once the worker is ready and only before its boot. */
export const RUNTIME_WARM = "playa-runtime-warm";

/**
 * The frame → worker message: where to answer the host, the call record to write, and the frame's channel
 * for synchronous workspace calls (Node's `fs.*Sync`): shared memory reaches the frame, not the page.
 */
export interface RuntimeBoot {
	type: "playa-runtime-boot";
	port: MessagePort;
	callRecord?: SharedArrayBuffer;
	syncPort?: MessagePort;
}

/** Page → frame, on the control port. */
export type FrameRequest = { type: "read_call_record"; id: number };

/** Frame → page, on the control port. */
export type FrameReport =
	/** The worker's runtime module ran and has its port; `isolated`: the call record exists. */
	| { type: "started"; isolated: boolean }
	/** The worker could not start (its script failed to load or threw). */
	| { type: "failed"; message: string }
	/**
	 * What the worker is doing: the extension code it runs, whether it waits on a synchronous workspace call, and
	 * its heartbeat's count (protocol/call-record.ts), which grows while its event loop turns.
	 */
	| { type: "call_record"; id: number; running?: RunningCall; syncCall?: boolean; beat?: number };

/** Whether `data` is a message of this `type` (a boundary's message is checked for nothing more than that here). */
export function isMessage(data: unknown, type: string): boolean {
	return !!data && typeof data === "object" && (data as { type?: unknown }).type === type;
}

/** Whether a message the worker posted to the frame is its ready signal (the only one the frame reads). */
export function isRuntimeReady(data: unknown): boolean {
	return isMessage(data, RUNTIME_READY);
}
