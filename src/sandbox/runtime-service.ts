/**
 * Serving a runtime worker (started by start-worker.ts), for the sandbox frame (frame.worker.ts) and, where a host
 * cannot serve the frame, for the page itself (host/runtime/runtime-client.ts): see protocol/sandbox.ts for the messages.
 * Nothing the worker sends is read but its one ready signal and the synchronous workspace calls (checked by
 * the sync server, then asked of the page's workspace port, which checks them again).
 */
import { createCallRecordBuffer, readCallRecord, readHeartbeat } from "../protocol/call-record.ts";
import type { FrameReport, FrameRequest, RuntimeBoot } from "../protocol/sandbox.ts";
import { connectEmbeddedWorkspace } from "../workspace/embedded/client.ts";
import { serveSyncChannel, type SyncChannelServer } from "../workspace/sync-server.ts";
import type { StartingWorker } from "./start-worker.ts";

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
