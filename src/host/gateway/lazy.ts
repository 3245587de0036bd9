/**
 * The gateway as the host hands it to the runtime worker: pi-ai and its providers load with the first model
 * request that needs them, not with the page (the first-load budget). Answers `hasKey` without loading them.
 */
import type { GatewayRequest, GatewaySink } from "../../protocol/gateway.ts";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import { loadCatalogSource } from "./catalog.ts";
import type { EndpointStore } from "./endpoints.ts";
import type { ProviderGateway } from "./gateway.ts";
import type { PortGateway } from "./guard.ts";
import type { SecretStore } from "./secrets.ts";
import type { TranscriptMemory } from "./transcript-memory.ts";

export interface LazyGatewaySources {
	endpoints?: Pick<EndpointStore, "get" | "isKeyless">;
	/** The providers extensions registered, as the page lists them. */
	registered?(): readonly RegisteredProviderInfo[];
	/** See GatewayOptions.catchUp: where these sources are a copy of the page's. */
	catchUp?(): Promise<void>;
}

export function createLazyGateway(
	secrets: Pick<SecretStore, "keyFor" | "hasKey">,
	sources: LazyGatewaySources = {},
): PortGateway & { loaded(): Promise<ProviderGateway> } {
	let gateway: Promise<ProviderGateway> | undefined;
	const { endpoints, registered, catchUp } = sources;
	const isKeyless = (name: string) => Boolean(endpoints?.isKeyless(name));
	const load = () =>
		(gateway ??= Promise.all([import("./gateway.ts"), import("./models.ts")]).then(
			([{ ProviderGateway }, { hostModels }]) =>
				new ProviderGateway({ secrets, isKeyless, catchUp, models: hostModels({ endpoints, registered, catalog: loadCatalogSource }) }),
		));
	return {
		loaded: load,
		// The transcript is resolved after the load; awaiting one promise keeps the requests' order.
		stream: async (request: GatewayRequest, sink: GatewaySink, transcripts?: TranscriptMemory) => (await load()).stream(request, sink, transcripts),
		// Nothing can be running before the gateway loaded.
		abort: async (id: string) => {
			if (gateway) await (await gateway).abort(id);
		},
		hasKey: async (name: string) => secrets.hasKey(name) || isKeyless(name),
	};
}
