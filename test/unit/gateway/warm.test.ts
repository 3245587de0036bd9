// The gateway loads the expected model's provider ahead of the first request: through its own model resolution
// (the page's endpoints, the registered providers, pi-ai's catalog), sending nothing and needing no key.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { EndpointStore } from "../../../src/host/keys/endpoints.ts";
import { createLazyGateway } from "../../../src/host/gateway/lazy.ts";
import { loadProviderModule } from "../../../src/host/gateway/provider-modules.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";

vi.mock("../../../src/host/gateway/provider-modules.ts", () => ({ loadProviderModule: vi.fn(async () => undefined) }));

const loaded = vi.mocked(loadProviderModule);

function gateway() {
	const storage = new MemoryStorage();
	const secrets = new SecretStore(storage);
	const endpoints = new EndpointStore(secrets, storage);
	const fetch = vi.spyOn(globalThis, "fetch");
	return { secrets, endpoints, fetch, lazy: createLazyGateway(secrets, { endpoints }) };
}

describe("warming the gateway for the expected model", () => {
	beforeEach(() => {
		loaded.mockClear();
		vi.restoreAllMocks();
	});

	it("loads the provider of a custom endpoint's api, without a key and without a request", async () => {
		const { endpoints, fetch, lazy } = gateway();
		const local = endpoints.add({ baseUrl: "http://localhost:11434/v1", modelId: "qwen" });
		await lazy.warm(`custom:${local.id}`, "qwen");
		expect(loaded.mock.calls).toEqual([["openai-completions"]]);
		expect(fetch).not.toHaveBeenCalled();
	});

	it("loads a catalog model's provider by its api, with no key stored", async () => {
		const { secrets, lazy } = gateway();
		expect(secrets.hasKey("anthropic")).toBe(false);
		const { getModels } = await import("@earendil-works/pi-ai/compat");
		await lazy.warm("anthropic", getModels("anthropic")[0].id);
		expect(loaded.mock.calls).toEqual([["anthropic-messages"]]);
	});

	it("loads nothing for a model the gateway does not know, or one it would not call", async () => {
		const { endpoints, lazy } = gateway();
		const local = endpoints.add({ baseUrl: "http://localhost:11434/v1", modelId: "qwen" });
		await lazy.warm(`custom:${local.id}`, "another-model");
		await lazy.warm("scripted", "scripted");
		await lazy.warm("amazon-bedrock", "anything");
		expect(loaded).not.toHaveBeenCalled();
	});
});
