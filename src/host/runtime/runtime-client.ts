/**
 * Starts a runtime worker inside a sandbox frame (protocol/sandbox.ts) and talks to it through Comlink; the
 * worker sees only `HostBridge`, the gateway, the session writer and the workspace port, and has an opaque origin.
 */
import * as Comlink from "comlink";
import { exposeGuarded } from "../../protocol/guard.ts";
import { HOST_BRIDGE_METHODS, RUNTIME_API_METHODS, type HostBridge, type RuntimeApi, type RuntimeConfig } from "../../protocol/runtime.ts";
import { parseRuntimeAnswer } from "../../protocol/runtime-schema.ts";
import { checkedHostBridge } from "./checked-bridge.ts";
import type { GatewayConnector } from "./gateway-client.ts";
import { SandboxFrame, type RuntimeActivity } from "./sandbox-frame.ts";
import type { SessionWriterLink } from "../storage/writer/writer-client.ts";

export interface RuntimeHandle {
	api: RuntimeApi;
	/** False where the host could not serve the sandbox frame and the worker runs with the app's origin. */
	sandboxed: boolean;
	/**
	 * What the worker is doing, as the frame sees it: the extension code it runs (from the call record; none
	 * when not isolated), and whether it waits on a synchronous workspace call.
	 */
	readActivity(): Promise<RuntimeActivity>;
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

export interface RuntimeStartOptions {
	/** Sees the worker once it runs and before `start` does, so a hang while loading can be watched. */
	onCreated?: (handle: RuntimeHandle) => void;
	/** Gives the runtime its port to the provider gateway. */
	gateway?: GatewayConnector;
	/** The runtime's port to the session writer, closed with the runtime; without it the page stores its entries. */
	sessionWriter?: SessionWriterLink;
	/** Hears of each message from the worker the page did not accept (checked-bridge.ts, and the answers checked here). */
	onRefused?: (problem: string) => void;
	/** One from `prepareRuntimeFrame`; default: a new one. */
	frame?: SandboxFrame;
	/** A workspace port for the frame, which answers the runtime's synchronous workspace calls from it. */
	frameWorkspacePort?: MessagePort;
}

export async function startRuntimeWorker(config: RuntimeConfig, bridge: HostBridge, options: RuntimeStartOptions = {}): Promise<RuntimeHandle> {
	const { onCreated, gateway, sessionWriter, frame = new SandboxFrame() } = options;
	const onRefused = options.onRefused ?? ((problem: string) => console.warn(`Playa ignored a message from the runtime worker: ${problem}`));
	const runtimeChannel = new MessageChannel();
	const remote = Comlink.wrap<RuntimeApi>(runtimeChannel.port1);
	const api = checkedRuntimeApi(remote, onRefused);
	// The bridge and the gateway each get a port that answers only their methods (see protocol/guard.ts):
	// Comlink.proxy would answer any path, e.g. `new (emit.constructor)(code)`, which runs code here.
	const hostChannel = new MessageChannel();
	exposeGuarded(checkedHostBridge(bridge, onRefused), hostChannel.port1, [...HOST_BRIDGE_METHODS], { name: "The page" });
	const gatewayLink = gateway?.connect();
	const handle: RuntimeHandle = {
		api,
		get sandboxed() {
			return frame.sandboxed;
		},
		readActivity: () => frame.readActivity(),
		terminate() {
			remote[Comlink.releaseProxy]();
			runtimeChannel.port1.close();
			hostChannel.port1.close();
			gatewayLink?.release();
			void sessionWriter?.close();
			frame.remove();
		},
	};
	try {
		await frame.start(runtimeChannel.port2, onRefused, options.frameWorkspacePort);
		performance.mark("playa:runtime-loaded");
		onCreated?.(handle);
		const hostPort = hostChannel.port2;
		const gatewayPort = gatewayLink?.port;
		const sessionWriterPort = sessionWriter?.port;
		const transfer = [config.workspacePort, hostPort, gatewayPort, sessionWriterPort].filter((port): port is MessagePort => port !== undefined);
		await api.start(Comlink.transfer({ ...config, hostPort, gatewayPort, sessionWriterPort }, transfer));
	} catch (error) {
		handle.terminate();
		throw error;
	}
	return handle;
}
