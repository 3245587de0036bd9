/**
 * The provider gateway in a worker of the app's origin, so that model requests — their fetches, stream parsing
 * and wire encoding — leave the page's main thread, which then only paints. This is the page's own code: a
 * runtime worker reaches it only through the guarded port the page hands that runtime (gateway-port.ts), never this
 * worker's own scope, which only the page holds.
 *
 * Keys and endpoints live in the page's localStorage, which a worker cannot open: the page sends their items
 * whenever they change (gateway-client.ts), with the providers extensions registered. A request whose model or key
 * does not fit asks the page for its latest once before it fails, as a change may not have arrived yet.
 */
import * as Comlink from "comlink";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import { EndpointStore } from "../keys/endpoints.ts";
import { exposeGateway } from "./gateway-port.ts";
import { createLazyGateway } from "./lazy.ts";
import { MemoryStorage, SecretStore } from "../keys/secrets.ts";

/** What the gateway knows of the page: the key and endpoint items of its localStorage, and the registered providers. */
export interface GatewaySettings {
	items: Record<string, string>;
	registered: RegisteredProviderInfo[];
}

export interface GatewayWorkerApi {
	/** `latest` answers the page's settings now; asked when a request does not fit what the worker has. */
	init(settings: GatewaySettings, latest: () => Promise<GatewaySettings>): void;
	update(settings: GatewaySettings): void;
	/** Answers the gateway's methods on `port` for one runtime, until `release(id)`. */
	serve(id: number, port: MessagePort): void;
	release(id: number): void;
	/** Loads what a first request to this model waits for (lazy.ts `warm`); best effort, sends nothing. */
	warm(provider: string, id: string): Promise<void>;
}

const storage = new MemoryStorage();
const secrets = new SecretStore(storage);
const endpoints = new EndpointStore(secrets, storage);
let registered: RegisteredProviderInfo[] = [];
let latest: (() => Promise<GatewaySettings>) | undefined;
const ports = new Map<number, MessagePort>();

function apply(settings: GatewaySettings): void {
	for (let i = storage.length - 1; i >= 0; i--) {
		const item = storage.key(i);
		if (item !== null) storage.removeItem(item);
	}
	for (const [item, value] of Object.entries(settings.items)) storage.setItem(item, value);
	registered = settings.registered;
}

const gateway = createLazyGateway(secrets, {
	endpoints,
	registered: () => registered,
	catchUp: async () => {
		if (latest) apply(await latest());
	},
});

const api: GatewayWorkerApi = {
	init(settings, answer) {
		apply(settings);
		latest = answer;
	},
	update: apply,
	serve(id, port) {
		exposeGateway(gateway, port);
		ports.set(id, port);
	},
	release(id) {
		ports.get(id)?.close();
		ports.delete(id);
	},
	warm: (provider, id) => gateway.warm(provider, id).catch(() => undefined),
};

Comlink.expose(api);
