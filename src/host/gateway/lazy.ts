/**
 * The gateway as the host hands it to the runtime worker: pi-ai and its providers load with the first model
 * request that needs them, not with the page (the first-load budget), or ahead of it when the page says which
 * model it expects (`warm`). Answers `hasKey` without loading them.
 */
import type { GatewayRequest, GatewaySink } from "../../protocol/gateway.ts";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import { loadCatalogSource } from "../keys/catalog.ts";
import type { EndpointStore } from "../keys/endpoints.ts";
import type { ProviderGateway } from "./gateway.ts";
import type { PortGateway } from "./gateway-port.ts";
import type { GatewayModels } from "./models.ts";
import { loadProviderModule } from "./provider-modules.ts";
import type { SecretStore } from "../keys/secrets.ts";
import type { TranscriptMemory } from "./transcript-memory.ts";

export interface LazyGatewaySources {
	endpoints?: Pick<EndpointStore, "get" | "isKeyless">;
	/** The providers extensions registered, as the page lists them. */
	registered?(): readonly RegisteredProviderInfo[];
	/** See GatewayOptions.catchUp: where these sources are a copy of the page's. */
	catchUp?(): Promise<void>;
}

export interface LazyGateway extends PortGateway {
	loaded(): Promise<ProviderGateway>;
	/**
	 * Loads what a first request to this model would wait for: the gateway with pi-ai, and the provider module of
	 * the model's api. Sends nothing and needs no key; a model the gateway does not know loads no provider.
	 */
	warm(provider: string, id: string): Promise<void>;
}

export function createLazyGateway(secrets: Pick<SecretStore, "keyFor" | "hasKey">, sources: LazyGatewaySources = {}): LazyGateway {
	let loading: Promise<{ gateway: ProviderGateway; models: GatewayModels }> | undefined;
	const { endpoints, registered, catchUp } = sources;
	const isKeyless = (name: string) => Boolean(endpoints?.isKeyless(name));
	const load = () =>
		(loading ??= Promise.all([import("./gateway.ts"), import("./models.ts")]).then(([{ ProviderGateway }, { hostModels }]) => {
			const models = hostModels({ endpoints, registered, catalog: loadCatalogSource });
			return { gateway: new ProviderGateway({ secrets, isKeyless, catchUp, models }), models };
		}));
	return {
		loaded: async () => (await load()).gateway,
		// The transcript is resolved after the load; awaiting one promise keeps the requests' order.
		stream: async (request: GatewayRequest, sink: GatewaySink, transcripts?: TranscriptMemory) => (await load()).gateway.stream(request, sink, transcripts),
		// Nothing can be running before the gateway loaded.
		abort: async (id: string) => {
			if (loading) await (await loading).gateway.abort(id);
		},
		hasKey: async (name: string) => secrets.hasKey(name) || isKeyless(name),
		warm: async (provider: string, id: string) => {
			const resolution = await (await load()).models.resolve(provider, id);
			if (resolution.ok) await loadProviderModule(resolution.resolved.model.api);
		},
	};
}
