/** Starts a runtime worker and talks to it through Comlink; the worker sees only `HostBridge` and the gateway. */
import * as Comlink from "comlink";
import type { ProviderGatewayApi } from "../protocol/gateway.ts";
import { exposeGuarded } from "../protocol/guard.ts";
import { HOST_BRIDGE_METHODS, RUNTIME_API_METHODS, type HostBridge, type RuntimeApi, type RuntimeConfig } from "../protocol/runtime.ts";
import { parseRuntimeAnswer } from "../protocol/runtime-schema.ts";
import { checkedHostBridge } from "./checked-bridge.ts";
import { exposeGateway } from "./gateway/guard.ts";

export interface RuntimeHandle {
	api: RuntimeApi;
	terminate(): void;
}

/** The runtime's API with each answer parsed (runtime-schema.ts): a malformed answer rejects the call. */
function checkedRuntimeApi(remote: Comlink.Remote<RuntimeApi>, onRefused: (problem: string) => void): RuntimeApi {
	const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
	for (const method of RUNTIME_API_METHODS) {
		const call = remote[method] as unknown as (...args: unknown[]) => Promise<unknown>;
		api[method] = async (...args) => {
			const parsed = parseRuntimeAnswer(method, await call(...args));
			if (parsed.ok) return parsed.value;
			onRefused(parsed.error);
			throw new Error(`The page refused the runtime's answer to ${parsed.error}`);
		};
	}
	return api as unknown as RuntimeApi;
}

/**
 * `onCreated` sees the worker before `start` runs, so a hang while loading can be watched. `onRefused` hears of
 * each message from the worker the page did not accept (checked-bridge.ts, and the answers checked here).
 */
export async function startRuntimeWorker(
	config: RuntimeConfig,
	bridge: HostBridge,
	onCreated?: (handle: RuntimeHandle) => void,
	gateway?: ProviderGatewayApi,
	onRefused: (problem: string) => void = (problem) => console.warn(`Playa ignored a message from the runtime worker: ${problem}`),
): Promise<RuntimeHandle> {
	const worker = new Worker(new URL("../runtime/worker.ts", import.meta.url), { type: "module", name: "playa-runtime" });
	const remote = Comlink.wrap<RuntimeApi>(worker);
	const api = checkedRuntimeApi(remote, onRefused);
	// The bridge and the gateway each get a port that answers only their methods (see protocol/guard.ts):
	// Comlink.proxy would answer any path, e.g. `new (emit.constructor)(code)`, which runs code here.
	const hostChannel = new MessageChannel();
	exposeGuarded(checkedHostBridge(bridge, onRefused), hostChannel.port1, [...HOST_BRIDGE_METHODS], { name: "The page" });
	const gatewayChannel = gateway ? new MessageChannel() : undefined;
	if (gateway && gatewayChannel) exposeGateway(gateway, gatewayChannel.port1);
	const handle = {
		api,
		terminate() {
			remote[Comlink.releaseProxy]();
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
