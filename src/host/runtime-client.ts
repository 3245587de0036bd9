/** Starts a runtime worker and talks to it through Comlink; the worker sees only `HostBridge`. */
import * as Comlink from "comlink";
import type { HostBridge, RuntimeApi, RuntimeConfig } from "../runtime/protocol.ts";

export interface RuntimeHandle {
	api: Comlink.Remote<RuntimeApi>;
	terminate(): void;
}

/** `onCreated` sees the worker before `start` runs, so a hang while loading can be watched. */
export async function startRuntimeWorker(config: RuntimeConfig, bridge: HostBridge, onCreated?: (handle: RuntimeHandle) => void): Promise<RuntimeHandle> {
	const worker = new Worker(new URL("../runtime/worker.ts", import.meta.url), { type: "module", name: "playa-runtime" });
	const api = Comlink.wrap<RuntimeApi>(worker);
	const handle = {
		api,
		terminate() {
			api[Comlink.releaseProxy]();
			worker.terminate();
		},
	};
	onCreated?.(handle);
	try {
		const transfer = config.workspacePort ? [config.workspacePort] : [];
		await api.start(Comlink.transfer(config, transfer), Comlink.proxy(bridge));
	} catch (error) {
		handle.terminate();
		throw error;
	}
	return handle;
}
