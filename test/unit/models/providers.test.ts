// pi.registerProvider applied: an HTTP provider answered by the gateway with the key the user stored under the
// variable its apiKey names, its models in ctx.models and the page's picker; unregisterProvider; a provider with
// its own streamSimple answered in the worker.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { startGatewayRuntime } from "../gateway/support.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../../support/runtime-harness.ts";

const KEY = "sk-registered-provider-key";
let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const httpProvider = (baseUrl: string) => `export default function (pi) {
	pi.registerProvider("my-gateway", {
		baseUrl: ${JSON.stringify(baseUrl)},
		api: "openai-completions",
		apiKey: "MY_GATEWAY_KEY",
		headers: { "x-from-extension": "yes" },
		models: [{ id: "gw-1", name: "Gateway One", reasoning: false, input: ["text"], cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 }, contextWindow: 32000, maxTokens: 1000 }],
	});
	pi.registerCommand("use", { handler: async (_args, ctx) => {
		const model = ctx.models.resolve("my-gateway/gw-1");
		${PROBE_EXPR}.push("listed " + ctx.models.list().some((m) => m.provider === "my-gateway"));
		${PROBE_EXPR}.push("setModel " + (await pi.setModel(model)));
	} });
	pi.registerCommand("drop", { handler: async (_args, ctx) => {
		pi.unregisterProvider("my-gateway");
		${PROBE_EXPR}.push("after drop " + String(ctx.models.resolve("my-gateway/gw-1")));
	} });
}`;

function startWithGateway(source: string, secrets: SecretStore) {
	return startGatewayRuntime({ source, secrets, name: "provider.ts" });
}

describe("registerProvider", () => {
	it("an HTTP provider runs through the gateway with the key stored under its apiKey's name", async () => {
		const seen = probe();
		const secrets = new SecretStore(new MemoryStorage());
		const { runtime, events, entries, close } = await startWithGateway(httpProvider(`${mock.url}/openai/v1`), secrets);
		const changed = events.filter((e) => e.type === "providers_changed");
		expect(changed).toHaveLength(1);
		expect(changed[0]).toMatchObject({
			providers: [
				{
					name: "my-gateway",
					extension: "provider",
					local: false,
					keyName: "MY_GATEWAY_KEY",
					models: [{ id: "gw-1", name: "Gateway One", provider: "my-gateway", api: "openai-completions" }],
				},
			],
		});

		// No key stored under MY_GATEWAY_KEY yet: setModel refuses, as for any provider without a key.
		await runtime.submit("/use");
		expect(seen).toEqual(["listed true", "setModel false"]);
		secrets.setKey("MY_GATEWAY_KEY", KEY, [mock.url]);
		await runtime.submit("/use");
		expect(seen.slice(2)).toEqual(["listed true", "setModel true"]);

		mock.script("openai-completions", [{ text: "From the registered provider." }]);
		await runtime.submit("hi");
		expect(transcript(entries())).toEqual(["user: hi", "assistant: From the registered provider."]);
		const post = mock.requests.find((r) => r.method === "POST")!;
		expect(post.headers.authorization).toBe(`Bearer ${KEY}`);
		expect(post.headers["x-from-extension"]).toBe("yes");
		expect(post.body.model).toBe("gw-1");

		await runtime.submit("/drop");
		expect(seen.at(-1)).toBe("after drop undefined");
		expect(events.filter((e) => e.type === "providers_changed").at(-1)).toEqual({ type: "providers_changed", providers: [] });
		expect(JSON.stringify(events)).not.toContain(KEY);
		await close();
	});

	it("registering the current model's provider again updates the model the next request uses", async () => {
		const ext = `export default function (pi) {
			pi.registerCommand("reg", { handler: async (args) => pi.registerProvider("my-gateway", {
				baseUrl: ${JSON.stringify(`${mock.url}/openai/v1`)}, api: "openai-completions", apiKey: "MY_GATEWAY_KEY",
				headers: { "x-version": args }, models: [{ id: "gw-1", name: "Gateway One" }],
			}) });
		}`;
		const secrets = new SecretStore(new MemoryStorage());
		secrets.setKey("MY_GATEWAY_KEY", KEY, [mock.url]);
		const { runtime, close } = await startWithGateway(ext, secrets);
		await runtime.submit("/reg v1");
		await runtime.selectModel({ provider: "my-gateway", id: "gw-1" });
		await runtime.submit("/reg v2");
		mock.script("openai-completions", [{ text: "ok" }]);
		await runtime.submit("hi");
		expect(mock.requests.find((r) => r.method === "POST")!.headers["x-version"]).toBe("v2");
		await close();
	});

	it("a registration the browser cannot use is named, not applied", async () => {
		const harness = await startRuntime({
			files: { "bad.ts": `export default function (pi) { pi.registerProvider("nowhere", { api: "openai-completions", models: [{ id: "x" }] }); }` },
		});
		expect(harness.extensions()[0].notices.join("\n")).toMatch(/registerProvider\("nowhere"\) ignored: it needs an http\(s\) baseUrl/);
		expect(harness.events.some((e) => e.type === "providers_changed")).toBe(false);
	});

	it("a provider with its own streamSimple answers in the worker", async () => {
		const local = `import { createAssistantMessageEventStream } from "@earendil-works/pi-ai";
		export default function (pi) {
			pi.registerProvider("local-command", {
				api: "local-command-api",
				models: [{ id: "echo", name: "Echo" }],
				streamSimple(model, context) {
					const stream = createAssistantMessageEventStream();
					const last = context.messages.filter((m) => m.role === "user").at(-1);
					const text = "echo: " + (typeof last.content === "string" ? last.content : last.content.map((b) => b.text).join(""));
					const message = { role: "assistant", content: [{ type: "text", text }], api: model.api, provider: model.provider, model: model.id,
						usage: { input: 3, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 5, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
						stopReason: "stop", timestamp: Date.now() };
					stream.push({ type: "start", partial: message });
					stream.push({ type: "done", reason: "stop", message });
					stream.end();
					return stream;
				},
			});
		}`;
		const harness = await startRuntime({ files: { "local.ts": local } });
		await harness.runtime.selectModel({ provider: "local-command", id: "echo" });
		await harness.runtime.submit("ping");
		expect(transcript(harness.entries())).toEqual(["user: ping", "assistant: echo: ping"]);
		expect(harness.events.filter((e) => e.type === "model_changed").at(-1)).toMatchObject({ choice: { provider: "local-command", id: "echo" } });
	});
});
