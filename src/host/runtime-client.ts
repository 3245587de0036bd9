/** Starts a runtime worker and talks to it through Comlink; the worker sees only `HostBridge` and the gateway. */
import * as Comlink from "comlink";
import type { ProviderGatewayApi } from "../protocol/gateway.ts";
import { exposeGuarded } from "../protocol/guard.ts";
import { HOST_BRIDGE_METHODS, type HostBridge, type RuntimeApi, type RuntimeConfig } from "../protocol/runtime.ts";
import { checkedHostBridge } from "./checked-bridge.ts";
import { exposeGateway } from "./gateway/guard.ts";

export interface RuntimeHandle {
	api: Comlink.Remote<RuntimeApi>;
	terminate(): void;
}

/**
 * `onCreated` sees the worker before `start` runs, so a hang while loading can be watched. `onRefused` hears of
 * each message from the worker the page did not accept (see checked-bridge.ts).
 */
export async function startRuntimeWorker(
	config: RuntimeConfig,
	bridge: HostBridge,
	onCreated?: (handle: RuntimeHandle) => void,
	gateway?: ProviderGatewayApi,
	onRefused: (problem: string) => void = (problem) => console.warn(`Playa ignored a message from the runtime worker: ${problem}`),
): Promise<RuntimeHandle> {
	const worker = new Worker(new URL("../runtime/worker.ts", import.meta.url), { type: "module", name: "playa-runtime" });
	const api = Comlink.wrap<RuntimeApi>(worker);
	// The bridge and the gateway each get a port that answers only their methods (see protocol/guard.ts):
	// Comlink.proxy would answer any path, e.g. `new (emit.constructor)(code)`, which runs code here.
	const hostChannel = new MessageChannel();
	exposeGuarded(checkedHostBridge(bridge, onRefused), hostChannel.port1, [...HOST_BRIDGE_METHODS], { name: "The page" });
	const gatewayChannel = gateway ? new MessageChannel() : undefined;
	if (gateway && gatewayChannel) exposeGateway(gateway, gatewayChannel.port1);
	const handle = {
		api,
		terminate() {
			api[Comlink.releaseProxy]();
			hostChannel.port1.close();
			gatewayChannel?.port1.close();
			worker.terminate();
		},
	};
	onCreated?.(handle);
	try {
		const hostPort = hostChannel.port2;
		const gatewayPort = gatewayChannel?.port2;
		const transfer = [config.workspacePort, hostPort, gatewayPort].filter((port): port is MessagePort => port !== undefined);
		await api.start(Comlink.transfer({ ...config, hostPort, gatewayPort }, transfer));
	} catch (error) {
		handle.terminate();
		throw error;
	}
	return handle;
}
