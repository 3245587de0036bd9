// ctx.models over the real catalog: the host reports catalog models of providers with a stored key and custom
// endpoints (never keys); the runtime lists them after the offline and registered ones; family groups lineages.
import { getModels, getProviders, getSupportedThinkingLevels } from "@earendil-works/pi-ai/compat";
import type { Api, Model } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { availableModels, watchAvailableModels } from "../../../src/host/runtime/available-models.ts";
import type { CatalogSource } from "../../../src/host/keys/catalog.ts";
import { EndpointStore } from "../../../src/host/keys/endpoints.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { modelFamily } from "../../../src/runtime/extensions/session-control.ts";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";

const piAi: CatalogSource = {
	getProviders: () => getProviders(),
	getModels: (provider) => getModels(provider as never) as Model<Api>[],
	getSupportedThinkingLevels: (model) => getSupportedThinkingLevels(model as never),
};

describe("available models", () => {
	it("are the catalog models of providers with a key, and custom endpoints", () => {
		const storage = new MemoryStorage();
		const secrets = new SecretStore(storage);
		const endpoints = new EndpointStore(secrets, storage);
		expect(availableModels(piAi, secrets, endpoints)).toEqual([]);
		secrets.setKey("anthropic", "sk-ant-x", ["https://api.anthropic.com"]);
		endpoints.add({ baseUrl: "http://localhost:11434/v1", modelId: "llama3.2" });
		const models = availableModels(piAi, secrets, endpoints);
		expect(new Set(models.map((m) => m.provider)).size).toBe(2);
		expect(models.filter((m) => m.provider === "anthropic").length).toBeGreaterThan(3);
		expect(models.some((m) => m.id === "llama3.2")).toBe(true);
		expect(JSON.stringify(models)).not.toContain("sk-ant-x");
	});

	it("are pushed again when a key is stored", async () => {
		const storage = new MemoryStorage();
		const secrets = new SecretStore(storage);
		const pushed: string[][] = [];
		const stop = watchAvailableModels(
			secrets,
			new EndpointStore(secrets, storage),
			(models) => pushed.push([...new Set(models.map((m) => m.provider))]),
			async () => piAi,
		);
		await new Promise((resolve) => setTimeout(resolve, 0));
		secrets.setKey("openai", "sk-x", ["https://api.openai.com"]);
		stop();
		secrets.setKey("groq", "gsk-x", ["https://api.groq.com"]);
		expect(pushed).toEqual([[], ["openai"]]);
	});
});

it("ctx.models lists what the host reported, resolves provider/id, and compares families", async () => {
	const seen = probe();
	const ext = `export default function (pi) { pi.registerCommand("m", { handler: async (_a, ctx) => {
		const list = ctx.models.list();
		const sonnet = ctx.models.resolve("anthropic/claude-sonnet-4-5");
		const opus = list.find((m) => m.provider === "anthropic" && m.id.includes("opus"));
		const gpt = list.find((m) => m.provider === "openai");
		${PROBE_EXPR}.push(list.length, sonnet && sonnet.id, ctx.models.family(sonnet) === ctx.models.family(opus), ctx.models.family(sonnet) === ctx.models.family(gpt));
	} }); }`;
	const harness = await startRuntime({ files: { "m.ts": ext } });
	const reported = [...getModels("anthropic" as never), ...getModels("openai" as never)] as Model<Api>[];
	await harness.runtime.setAvailableModels(JSON.parse(JSON.stringify(reported)));
	await harness.runtime.submit("/m");
	expect(seen).toEqual([reported.length + 2, "claude-sonnet-4-5", true, false]);
	expect(modelFamily({ id: "gemini-2.5-pro", provider: "google" } as Model<string>)).toBe("gemini");
});
