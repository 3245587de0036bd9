/**
 * Starting a runtime worker and serving it, for the sandbox frame (frame.ts) and, where a host cannot serve
 * the frame, for the page itself (host/runtime-client.ts): see protocol/sandbox.ts for the messages.
 *
 * The worker is a classic one from a `blob:` URL (a module worker from `blob:` does not start in a sandboxed
 * frame), which `import()`s the runtime's module from the app's server, a cross-origin request in the frame.
 * Nothing the worker sends is read but its one ready signal and the synchronous workspace calls (checked by
 * the sync server, then asked of the page's workspace port, which checks them again).
 */
import runtimeWorkerUrl from "../runtime/worker.ts?worker&url";
import { createCallRecordBuffer, readCallRecord, readHeartbeat } from "../protocol/call-record.ts";
import { isRuntimeReady, type FrameReport, type FrameRequest, type RuntimeBoot } from "../protocol/sandbox.ts";
import { connectEmbeddedWorkspace } from "../workspace/embedded/client.ts";
import { serveSyncChannel, type SyncChannelServer } from "../workspace/sync-server.ts";

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

/**
 * A channel for the worker's synchronous workspace calls (Node's `fs.*Sync`): it blocks on shared memory,
 * which reaches this frame and not the page, and each call is answered from the page's workspace port.
 */
function syncChannel(workspacePort: MessagePort | undefined): { port?: MessagePort; busy(): boolean } {
	if (!workspacePort || !crossOriginIsolated) return { busy: () => false };
	const channel = new MessageChannel();
	let server: SyncChannelServer | undefined;
	connectEmbeddedWorkspace(workspacePort, {}, false).then(
		(connected) => (server = serveSyncChannel(channel.port1, connected)),
		() => channel.port1.close(),
	);
	return { port: channel.port2, busy: () => server?.busy === true };
}

export function serve(runtime: StartingWorker, ports: { runtime: MessagePort; control: MessagePort; workspace?: MessagePort }): void {
	const { control } = ports;
	const report = (message: FrameReport) => control.postMessage(message);
	// The worker shares this frame's agent cluster, so shared memory reaches it; the page cannot see it.
	const callRecord = crossOriginIsolated ? createCallRecordBuffer() : undefined;
	const sync = syncChannel(ports.workspace);
	const syncPort = sync.port;
	runtime.ready.then(
		() => {
			const boot: RuntimeBoot = { type: "playa-runtime-boot", port: ports.runtime, callRecord, syncPort };
			runtime.worker.postMessage(boot, syncPort ? [ports.runtime, syncPort] : [ports.runtime]);
			report({ type: "started", isolated: callRecord !== undefined });
		},
		(error: Error) => report({ type: "failed", message: error.message.slice(0, 2000) }),
	);
	control.addEventListener("message", (event: MessageEvent<FrameRequest>) => {
		const request = event.data;
		if (request?.type !== "read_call_record" || typeof request.id !== "number") return;
		const record = callRecord ? { running: readCallRecord(callRecord), beat: readHeartbeat(callRecord) } : {};
		report({ type: "call_record", id: request.id, ...record, syncCall: sync.busy() });
	});
	control.start();
}
