/**
 * The page's provider gateway for tests in one thread (under Node, or a Chromium worker): the real
 * ProviderGateway, holding a made-up key for `model`'s provider valid at the mock providers' origin, exposed with
 * the page's guard on one end of a MessageChannel and reached over Comlink from the other, as the runtime worker
 * reaches the gateway worker. Requests go over HTTP to the mock providers (test/mock-providers/), which answer in the
 * provider's real wire format, so pi-ai parses real provider events.
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import * as Comlink from "comlink";
import { ProviderGateway } from "../../src/host/gateway/gateway.ts";
import { exposeGateway } from "../../src/host/gateway/gateway-port.ts";
import { hostModels } from "../../src/host/gateway/models.ts";
import { MemoryStorage, SecretStore } from "../../src/host/keys/secrets.ts";
import type { ProviderGatewayApi } from "../../src/protocol/gateway.ts";

export interface MockGateway {
	gateway: Comlink.Remote<ProviderGatewayApi>;
	/** Closes the channel (the runtime using it should be shut down first). */
	close(): void;
}

/** `url`: the mock providers' base URL; `model`: a model of theirs (test/mock-providers/client.ts's mockModel). */
export function mockGateway(url: string, model: Model<Api>): MockGateway {
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey(String(model.provider), "sk-mock-gateway-key", [url]);
	const models = hostModels({ catalog: async () => ({ getModels: (provider: string) => (provider === model.provider ? [model] : []) }) });
	const channel = new MessageChannel();
	exposeGateway(new ProviderGateway({ secrets, models }), channel.port1);
	return {
		gateway: Comlink.wrap<ProviderGatewayApi>(channel.port2),
		close() {
			channel.port1.close();
			channel.port2.close();
		},
	};
}
