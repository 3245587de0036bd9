/**
 * How the page gives each runtime its port to the provider gateway. In the page the gateway runs in a worker of
 * its own (gateway.worker.ts), so that requests and their streams never wait for the main thread, nor it for them;
 * the page keeps that worker's copy of the keys, endpoints and registered providers current.
 */
import * as Comlink from "comlink";
import type { ProviderGatewayApi } from "../../protocol/gateway.ts";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import type { EndpointStore } from "../keys/endpoints.ts";
import type { GatewaySettings, GatewayWorkerApi } from "../gateway/gateway.worker.ts";
import { whenIdle } from "./idle.ts";
import { exposeGateway } from "../gateway/gateway-port.ts";
import type { SecretStore } from "../keys/secrets.ts";
import type { Notices } from "../state/notices.ts";
import { OFFLINE_PROVIDERS, type PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";

/** One runtime's port to the gateway, and the way to close it once that runtime is gone. */
export interface GatewayLink {
	port: MessagePort;
	release(): void;
}

export interface GatewayConnector {
	connect(): GatewayLink;
}

/** The gateway answered on this thread (Node, tests, or where a worker cannot start). */
export function inThreadGateway(gateway: ProviderGatewayApi): GatewayConnector {
	return {
		connect() {
			const channel = new MessageChannel();
			exposeGateway(gateway, channel.port1);
			return { port: channel.port2, release: () => channel.port1.close() };
		},
	};
}

export interface GatewayWorkerSources {
	secrets: Pick<SecretStore, "items" | "subscribe">;
	endpoints: Pick<EndpointStore, "items" | "subscribe">;
	/** The page's state: the providers extensions registered, and the model its next request will name. */
	store: Pick<Store<PlaygroundState>, "get" | "subscribe">;
	/** Told when the worker failed to load or run: requests will not be answered. */
	notices?: Pick<Notices, "error">;
}

/**
 * The model the page's next request will name, once the page is ready; undefined before that, or when the
 * model is answered in the runtime's worker. The gateway loads its provider while the page is idle, so that
 * the first request does not wait for pi-ai and the provider's SDK to load.
 */
function expectedModel({ phase, model, registeredProviders }: PlaygroundState): { provider: string; id: string } | undefined {
	// Asked on every change of the page's state: the cheap test first.
	if (phase !== "ready" || OFFLINE_PROVIDERS.has(model.provider)) return undefined;
	return registeredProviders.some((entry) => entry.name === model.provider && entry.local) ? undefined : model;
}

export class GatewayClient implements GatewayConnector {
	private worker?: Worker;
	private api?: Comlink.Remote<GatewayWorkerApi>;
	private readonly stops: (() => void)[] = [];
	private serial = 0;
	private sentRegistered?: readonly RegisteredProviderInfo[];
	/** The expected model last loaded ahead, as "provider/id". */
	private warmed?: string;
	private disposed = false;

	constructor(private readonly sources: GatewayWorkerSources) {
		this.stops.push(sources.store.subscribe(() => this.warmExpected()));
	}

	connect(): GatewayLink {
		const api = this.start();
		const channel = new MessageChannel();
		const id = ++this.serial;
		// The port waits with what the runtime sends until the worker takes it.
		void api.serve(id, Comlink.transfer(channel.port1, [channel.port1]));
		return { port: channel.port2, release: () => void api.release(id).catch(() => undefined) };
	}

	dispose(): void {
		this.disposed = true;
		for (const stop of this.stops.splice(0)) stop();
		this.api?.[Comlink.releaseProxy]();
		this.worker?.terminate();
		this.worker = undefined;
		this.api = undefined;
	}

	private warmExpected(): void {
		const model = expectedModel(this.sources.store.get());
		const key = model && `${model.provider}/${model.id}`;
		if (!model || key === this.warmed) return;
		this.warmed = key;
		void whenIdle(1_000).then(() => {
			if (!this.disposed)
				void this.start()
					.warm(model.provider, model.id)
					.catch(() => undefined);
		});
	}

	/** What the worker copies: the stores' own items (never read back by the page) and the registered providers. */
	private settings(): GatewaySettings {
		const registered = this.sources.store.get().registeredProviders;
		this.sentRegistered = registered;
		return { items: { ...this.sources.secrets.items(), ...this.sources.endpoints.items() }, registered: [...registered] };
	}

	private start(): Comlink.Remote<GatewayWorkerApi> {
		if (this.api) return this.api;
		const worker = new Worker(new URL("../gateway/gateway.worker.ts", import.meta.url), { type: "module", name: "playa-gateway" });
		worker.addEventListener("error", (event) => {
			event.preventDefault();
			this.sources.notices?.error(`The provider gateway's worker failed: ${event.message || "it did not load"}`);
		});
		const api = Comlink.wrap<GatewayWorkerApi>(worker);
		this.worker = worker;
		this.api = api;
		void api.init(
			this.settings(),
			Comlink.proxy(async () => this.settings()),
		);
		const send = () => void api.update(this.settings()).catch(() => undefined);
		this.stops.push(this.sources.secrets.subscribe(send), this.sources.endpoints.subscribe(send));
		this.stops.push(
			this.sources.store.subscribe(() => {
				if (this.sources.store.get().registeredProviders !== this.sentRegistered) send();
			}),
		);
		// Another tab of the page stored or removed a key or an endpoint.
		if (typeof addEventListener === "function") {
			addEventListener("storage", send);
			this.stops.push(() => removeEventListener("storage", send));
		}
		return api;
	}
}
