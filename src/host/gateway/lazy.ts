/**
 * The gateway as the host hands it to the runtime worker: pi-ai and its providers load with the first model
 * request that needs them, not with the page (the first-load budget). Answers `hasKey` without loading them.
 */
import type { GatewayRequest, GatewaySink, ProviderGatewayApi } from "../../protocol/gateway.ts";
import type { EndpointStore } from "./endpoints.ts";
import type { ProviderGateway } from "./gateway.ts";
import type { SecretStore } from "./secrets.ts";

export function createLazyGateway(secrets: SecretStore, endpoints?: Pick<EndpointStore, "isKeyless">): ProviderGatewayApi & { loaded(): Promise<ProviderGateway> } {
	let gateway: Promise<ProviderGateway> | undefined;
	const isKeyless = (name: string) => Boolean(endpoints?.isKeyless(name));
	const load = () => (gateway ??= import("./gateway.ts").then(({ ProviderGateway }) => new ProviderGateway({ secrets, isKeyless })));
	return {
		loaded: load,
		stream: async (request: GatewayRequest, sink: GatewaySink) => (await load()).stream(request, sink),
		// Nothing can be running before the gateway loaded.
		abort: async (id: string) => {
			if (gateway) await (await gateway).abort(id);
		},
		hasKey: async (name: string) => secrets.hasKey(name) || isKeyless(name),
	};
}
