// The key store, custom endpoints and the model catalog, on a Map-backed localStorage.
import { getModels, getProviders, getSupportedThinkingLevels } from "@earendil-works/pi-ai/compat";
import type { Api, Model } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { buildCatalog, FEATURED_PROVIDERS, findModel, thinkingLevels, type CatalogSource } from "../../../src/host/keys/catalog.ts";
import { endpointModel, EndpointStore, normalizeBaseUrl } from "../../../src/host/keys/endpoints.ts";
import { createLazyGateway } from "../../../src/host/gateway/lazy.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";

const piAi: CatalogSource = {
	getProviders: () => getProviders() as string[],
	getModels: (provider) => getModels(provider as never) as Model<Api>[],
	getSupportedThinkingLevels: (model) => getSupportedThinkingLevels(model),
};

describe("SecretStore", () => {
	it("keeps a key per provider, bound to origins; lists names and origins, never keys", () => {
		const storage = new MemoryStorage();
		const secrets = new SecretStore(storage);
		let changes = 0;
		secrets.subscribe(() => changes++);
		secrets.setKey("openai", "  sk-secret-1  ", ["https://api.openai.com/v1", "https://api.openai.com/v1/other"]);
		expect(secrets.hasKey("openai")).toBe(true);
		expect(secrets.hasKey("anthropic")).toBe(false);
		expect(secrets.list()).toEqual([{ name: "openai", origins: ["https://api.openai.com"], savedAt: expect.any(Number) }]);
		expect(JSON.stringify(secrets.list())).not.toContain("sk-secret-1");
		expect(secrets.keyFor("openai", "https://api.openai.com/v1")).toEqual({ ok: true, key: "sk-secret-1" });
		expect(secrets.keyFor("openai", "https://api.openai.com.evil.example/v1")).toMatchObject({ ok: false, reason: "origin" });
		expect(secrets.keyFor("openai", "http://api.openai.com/v1")).toMatchObject({ ok: false, reason: "origin" });
		expect(secrets.keyFor("openai", "not a url")).toMatchObject({ ok: false, reason: "origin" });
		expect(secrets.keyFor("groq", "https://api.groq.com")).toMatchObject({ ok: false, reason: "missing", message: "No API key for provider: groq" });
		// It is in localStorage (persisted), under a name of its own.
		expect(storage.getItem("playa.apiKey.openai")).toContain("sk-secret-1");
		secrets.removeKey("openai");
		expect(secrets.hasKey("openai")).toBe(false);
		expect(changes).toBe(2);
	});

	it("refuses an empty key and a key with nowhere to go", () => {
		const secrets = new SecretStore(new MemoryStorage());
		expect(() => secrets.setKey("openai", "  ", ["https://api.openai.com"])).toThrow(/empty/);
		expect(() => secrets.setKey("openai", "k", ["javascript:alert(1)"])).toThrow(/no web address/);
	});

	it("the lazy gateway answers hasKey without loading pi-ai and never hands out a key", async () => {
		const secrets = new SecretStore(new MemoryStorage());
		secrets.setKey("openai", "sk-secret-2", ["https://api.openai.com"]);
		const gateway = createLazyGateway(secrets);
		expect(await gateway.hasKey("openai")).toBe(true);
		expect(await gateway.hasKey("google")).toBe(false);
		await gateway.abort("nothing-running");
		expect(Object.keys(gateway).sort()).toEqual(["abort", "hasKey", "loaded", "stream", "warm"]);
		// Loading ahead answers nothing, a key least of all.
		expect(await gateway.warm("openai", "no-such-model")).toBeUndefined();
	});
});

describe("custom endpoints", () => {
	it("normalizes the base URL and explains bad ones", () => {
		expect(normalizeBaseUrl(" http://localhost:11434/v1/ ")).toBe("http://localhost:11434/v1");
		expect(normalizeBaseUrl("http://localhost:1234/v1/chat/completions")).toBe("http://localhost:1234/v1");
		expect(() => normalizeBaseUrl("")).toThrow(/base URL/);
		expect(() => normalizeBaseUrl("localhost:11434")).toThrow(/not an http/);
	});

	it("stores an endpoint as a model of its own provider, with its key bound to its origin", () => {
		const storage = new MemoryStorage();
		const secrets = new SecretStore(storage);
		const endpoints = new EndpointStore(secrets, storage);
		const ollama = endpoints.add({ baseUrl: "http://localhost:11434/v1", modelId: "qwen2.5-coder:7b" });
		const model = endpointModel(ollama);
		expect(model).toMatchObject({ id: "qwen2.5-coder:7b", api: "openai-completions", baseUrl: "http://localhost:11434/v1", provider: `custom:${ollama.id}` });
		expect(endpoints.isKeyless(model.provider)).toBe(true);
		const hosted = endpoints.add({ baseUrl: "https://llm.example.com/v1", modelId: "big", key: "hosted-key", label: "Team server" });
		expect(endpoints.isKeyless(`custom:${hosted.id}`)).toBe(false);
		expect(secrets.keyFor(`custom:${hosted.id}`, "https://llm.example.com/v1")).toEqual({ ok: true, key: "hosted-key" });
		expect(secrets.keyFor(`custom:${hosted.id}`, "http://localhost:11434/v1")).toMatchObject({ ok: false });
		expect(endpoints.list().map((e) => e.label)).toEqual(["qwen2.5-coder:7b at localhost:11434", "Team server"]);
		endpoints.remove(hosted.id);
		expect(secrets.hasKey(`custom:${hosted.id}`)).toBe(false);
		expect(endpoints.list()).toHaveLength(1);
	});
});

describe("the model catalog", () => {
	it("lists pi-ai's providers: those with a key first, then the usual ones, then the rest", () => {
		const catalog = buildCatalog(piAi, (provider) => provider === "groq" || provider === "deepseek");
		// Among those with a key too, the usual ones first.
		expect(catalog.slice(0, 2).map((entry) => entry.provider)).toEqual(["groq", "deepseek"]);
		expect(catalog.slice(2, 8).map((entry) => entry.provider)).toEqual(FEATURED_PROVIDERS.filter((p) => p !== "groq"));
		const anthropic = catalog.find((entry) => entry.provider === "anthropic")!;
		expect(anthropic).toMatchObject({ label: "Anthropic", hasKey: false, origins: ["https://api.anthropic.com"] });
		expect(anthropic.models.length).toBeGreaterThan(3);
		// Sign-ins a browser cannot do come last, with the reason.
		const bedrock = catalog.find((entry) => entry.provider === "amazon-bedrock");
		expect(bedrock?.unavailable).toMatch(/AWS/);
		expect(catalog.indexOf(bedrock!)).toBeGreaterThan(catalog.findIndex((entry) => entry.provider === "zai"));
	});

	it("adds custom endpoints as ready providers and finds models", () => {
		const storage = new MemoryStorage();
		const endpoints = new EndpointStore(new SecretStore(storage), storage);
		const local = endpoints.add({ baseUrl: "http://localhost:1234/v1", modelId: "local-model" });
		const catalog = buildCatalog(piAi, () => false, endpoints.list());
		expect(catalog[0]).toMatchObject({ provider: `custom:${local.id}`, custom: true, hasKey: true });
		expect(findModel(catalog, `custom:${local.id}`, "local-model")?.baseUrl).toBe("http://localhost:1234/v1");
		const claude = catalog.find((entry) => entry.provider === "anthropic")!.models[0];
		expect(findModel(catalog, "anthropic", claude.id)).toBe(claude);
	});

	it("lists providers extensions registered: their key is looked up under their apiKey's name; a local one needs none", () => {
		const model = (provider: string, id: string, baseUrl: string) => ({ ...piAi.getModels("openai")[0], provider, id, name: id, baseUrl }) as Model<Api>;
		const registered = [
			{ name: "my-gateway", extension: "gw", local: false, keyName: "MY_GATEWAY_KEY", models: [model("my-gateway", "gw-1", "https://gw.example/v1")] },
			{ name: "local-command", extension: "cmd", local: true, models: [model("local-command", "echo", "")] },
			{ name: "openai", extension: "override", local: false, models: [model("openai", "only-this", "https://proxy.example/v1")] },
		];
		const catalog = buildCatalog(piAi, (name) => name === "MY_GATEWAY_KEY", [], registered);
		expect(catalog.find((e) => e.provider === "my-gateway")).toMatchObject({
			hasKey: true,
			keyName: "MY_GATEWAY_KEY",
			origins: ["https://gw.example"],
			extension: "gw",
		});
		expect(catalog.find((e) => e.provider === "local-command")).toMatchObject({ hasKey: true, local: true, origins: [] });
		// A built-in name is replaced while the extension's provider is registered.
		expect(catalog.filter((e) => e.provider === "openai").map((e) => e.models.map((m) => m.id))).toEqual([["only-this"]]);
	});

	it("offers the thinking levels a model accepts", () => {
		const reasoning = buildCatalog(piAi, () => false)
			.find((e) => e.provider === "anthropic")!
			.models.find((m) => m.reasoning)!;
		expect(thinkingLevels(piAi, reasoning)).toContain("high");
		expect(thinkingLevels(piAi, { ...reasoning, reasoning: false })).toEqual(["off"]);
		expect(thinkingLevels(undefined, reasoning)).toEqual(["off", "minimal", "low", "medium", "high"]);
	});
});
