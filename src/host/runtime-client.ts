/** Starts a runtime worker and talks to it through Comlink; the worker sees only `HostBridge`. */
import * as Comlink from "comlink";
import type { HostBridge, RuntimeApi, RuntimeConfig } from "../runtime/protocol.ts";

export interface RuntimeHandle {
	api: Comlink.Remote<RuntimeApi>;
	terminate(): void;
}

export async function startRuntimeWorker(config: RuntimeConfig, bridge: HostBridge): Promise<RuntimeHandle> {
	const worker = new Worker(new URL("../runtime/worker.ts", import.meta.url), { type: "module", name: "playa-runtime" });
	const api = Comlink.wrap<RuntimeApi>(worker);
	const handle = {
		api,
		terminate() {
			api[Comlink.releaseProxy]();
			worker.terminate();
		},
	};
	try {
		await api.start(config, Comlink.proxy(bridge));
	} catch (error) {
		handle.terminate();
		throw error;
	}
	return handle;
}
