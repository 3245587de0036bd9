// A gateway that holds a copy of the page's keys, endpoints and registered providers (its worker) asks for the
// page's latest once when a request does not fit what it has, so a change that has not arrived yet does not fail
// the request; what the page does not have still fails, after one question.
import * as Comlink from "comlink";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EndpointStore } from "../../../src/host/keys/endpoints.ts";
import { ProviderGateway } from "../../../src/host/gateway/gateway.ts";
import { hostModels } from "../../../src/host/gateway/models.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import type { GatewayEvent, GatewayRequest, GatewaySink } from "../../../src/protocol/gateway.ts";
import type { RegisteredProviderInfo } from "../../../src/protocol/runtime.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { catalogOf, KEY, transcript } from "./support.ts";

let mock: MockProviders;
beforeAll(async () => {
	mock = await startMockProviders();
});
afterAll(() => mock.close());
beforeEach(() => {
	mock.reset();
	mock.script("openai-completions", [{ text: "ok" }, { text: "ok" }]);
});

/** The page's stores, and a gateway over a copy of them that catches up by copying them again. */
function pageAndCopy() {
	const pageStorage = new MemoryStorage();
	const page = { secrets: new SecretStore(pageStorage), registered: [] as RegisteredProviderInfo[] };
	const pageEndpoints = new EndpointStore(page.secrets, pageStorage);
	const copyStorage = new MemoryStorage();
	const copy = {
		secrets: new SecretStore(copyStorage),
		endpoints: new EndpointStore(new SecretStore(copyStorage), copyStorage),
		registered: [] as RegisteredProviderInfo[],
	};
	let catchUps = 0;
	const gateway = new ProviderGateway({
		secrets: copy.secrets,
		isKeyless: (name) => copy.endpoints.isKeyless(name),
		models: hostModels({ endpoints: copy.endpoints, registered: () => copy.registered, catalog: catalogOf([mockModel(mock.url, "openai-completions")]) }),
		catchUp: async () => {
			catchUps++;
			for (const [item, value] of Object.entries({ ...page.secrets.items(), ...pageEndpoints.items() })) copyStorage.setItem(item, value);
			copy.registered = structuredClone(page.registered);
		},
	});
	return { page, pageEndpoints, gateway, catchUps: () => catchUps };
}

async function send(gateway: ProviderGateway, model: { provider: string; id: string; api?: string; baseUrl?: string }) {
	const events: GatewayEvent[] = [];
	const sink: GatewaySink = { events: (batch) => void events.push(...batch), payload: async () => undefined, response: async () => undefined };
	const request = { id: `r-${Math.random()}`, model, context: transcript("Hi", false), options: {}, hooks: { payload: false, response: false } };
	await gateway.stream(request as unknown as GatewayRequest, Comlink.proxy(sink));
	const last = events.at(-1);
	return { last, error: last?.type === "error" ? last.error.errorMessage : undefined };
}

describe("a gateway over a copy of the page's settings", () => {
	it("a key saved on the page after the copy was made: asks once, then sends with it", async () => {
		const { page, gateway, catchUps } = pageAndCopy();
		page.secrets.setKey("openai", KEY, [mock.url]);
		const model = mockModel(mock.url, "openai-completions");
		const { last, error } = await send(gateway, { provider: model.provider, id: model.id });
		expect(error).toBeUndefined();
		expect(last?.type).toBe("done");
		expect(catchUps()).toBe(1);
		expect(mock.requests.filter((request) => request.method === "POST")).toHaveLength(1);
	});

	it("a provider registered on the page, not yet in the copy, that overrides the catalog's: its key goes to its server", async () => {
		const { page, gateway, catchUps } = pageAndCopy();
		const catalogModel = mockModel(mock.url, "openai-completions");
		page.secrets.setKey("openai", "sk-catalog-key", [mock.url]);
		// The extension's provider of the same name and model is at another origin (the same mock under another name).
		const elsewhere = mock.url.replace("127.0.0.1", "localhost");
		const baseUrl = `${elsewhere}/openai/v1`;
		page.registered.push({ name: catalogModel.provider, keyName: "MY_KEY", models: [{ ...catalogModel, baseUrl }] } as RegisteredProviderInfo);
		page.secrets.setKey("MY_KEY", KEY, [elsewhere]);
		const { error } = await send(gateway, { provider: catalogModel.provider, id: catalogModel.id, api: catalogModel.api, baseUrl });
		expect(error).toBeUndefined();
		expect(catchUps()).toBe(1);
		expect(mock.requests.map((request) => [request.headers.host, request.headers.authorization])).toEqual([[new URL(elsewhere).host, `Bearer ${KEY}`]]);
	});

	it("what the page does not have either still fails, after one question", async () => {
		const { gateway, catchUps } = pageAndCopy();
		const model = mockModel(mock.url, "openai-completions");
		const { error } = await send(gateway, { provider: model.provider, id: model.id });
		expect(error).toMatch(/No API key for provider: openai/);
		expect(catchUps()).toBe(1);
		expect(mock.requests).toEqual([]);
	});

	it("a request that fits what the copy has does not ask", async () => {
		const { page, gateway, catchUps } = pageAndCopy();
		page.secrets.setKey("openai", KEY, [mock.url]);
		const model = mockModel(mock.url, "openai-completions");
		await send(gateway, { provider: model.provider, id: model.id });
		await send(gateway, { provider: model.provider, id: model.id });
		expect(catchUps()).toBe(1);
	});
});
