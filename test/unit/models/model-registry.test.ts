// ctx.modelRegistry and pi-ai's model calls as an extension gets them: the models the runtime knows, handles in
// place of keys, and requests answered by the scripted model, an extension's provider, or the real gateway on a
// port (which adds the stored key, so the mock provider sees it and extension code never does).
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { KEY_HANDLE_PREFIX } from "../../../src/runtime/models/model-registry.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startGatewayRuntime } from "../gateway/support.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";

const KEY = "sk-model-registry-secret-0123456789";
let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());

const textOf = (message: { content: { type: string; text?: string }[] }) => message.content.map((block) => (block.type === "text" ? block.text : "")).join("");

it("offers the scripted model and answers the extension's own requests with the step the next reply would play", async () => {
	const seen = probe();
	const ext = `import { complete, completeSimple } from "@earendil-works/pi-ai";
	export default function (pi) {
		pi.registerCommand("ask", { handler: async (_args, ctx) => {
			const r = ctx.modelRegistry;
			const model = r.find("scripted", "scripted");
			${PROBE_EXPR}.push({ all: r.getAll().map((m) => m.provider + "/" + m.id), auth: r.hasConfiguredAuth(model), same: model === ctx.model || model.id === ctx.model.id });
			const auth = await r.getApiKeyAndHeaders(model);
			${PROBE_EXPR}.push({ auth });
			const messages = [{ role: "user", content: "summarize", timestamp: Date.now() }];
			${PROBE_EXPR}.push({ registry: (await r.complete(model, { systemPrompt: "be brief", messages })).content });
			${PROBE_EXPR}.push({ piAi: (await complete(model, { messages }, { apiKey: auth.apiKey })).content });
			${PROBE_EXPR}.push({ simple: (await completeSimple(model, { messages })).content });
			const { find } = ctx.modelRegistry;
			${PROBE_EXPR}.push({ detached: find("manual", "manual")?.name });
		} });
	}`;
	const s = await startRuntime({ files: { "ext.ts": ext }, script: [{ text: "first reply" }, { text: "the summary" }] });
	await s.runtime.submit("hello");
	await s.runtime.submit("/ask");
	expect(s.errors()).toEqual([]);
	expect(seen[0]).toMatchObject({ auth: true, same: true });
	expect((seen[0] as { all: string[] }).all).toEqual(expect.arrayContaining(["scripted/scripted", "manual/manual"]));
	const auth = (seen[1] as { auth: { ok: boolean; apiKey: string } }).auth;
	expect(auth.ok).toBe(true);
	expect(auth.apiKey.startsWith(KEY_HANDLE_PREFIX)).toBe(true);
	for (const answer of seen.slice(2, 5)) expect(textOf({ content: Object.values(answer as object)[0] })).toBe("the summary");
	expect(seen[5]).toEqual({ detached: "Manual (you are the model)" });
	// Nothing of the side requests is stored: the session holds the prompt and the first reply only.
	expect(s.entries().filter((e) => e.type === "message")).toHaveLength(2);
	await s.runtime.shutdown();
});

it("answers requests to a provider an extension registered with its own streamSimple", async () => {
	const seen = probe();
	const ext = `import { createAssistantMessageEventStream } from "@earendil-works/pi-ai";
	export default function (pi) {
		pi.registerProvider("echo", { api: "echo-api", streamSimple: (model, context) => {
			const stream = createAssistantMessageEventStream();
			const last = context.messages.at(-1);
			const message = { role: "assistant", content: [{ type: "text", text: "echo: " + (typeof last.content === "string" ? last.content : last.content[0].text) }], api: model.api, provider: model.provider, model: model.id, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: Date.now() };
			queueMicrotask(() => { stream.push({ type: "done", reason: "stop", message }); stream.end(); });
			return stream;
		}, models: [{ id: "one", name: "Echo" }] });
		pi.registerCommand("ask", { handler: async (_args, ctx) => {
			const model = ctx.modelRegistry.find("echo", "one");
			${PROBE_EXPR}.push(ctx.modelRegistry.getAvailable().some((m) => m.provider === "echo"));
			const reply = await ctx.modelRegistry.complete(model, { messages: [{ role: "user", content: "ping", timestamp: Date.now() }] });
			${PROBE_EXPR}.push(reply.content[0].text);
		} });
	}`;
	const s = await startRuntime({ files: { "ext.ts": ext } });
	await s.runtime.submit("/ask");
	expect(s.errors()).toEqual([]);
	expect(seen).toEqual([true, "echo: ping"]);
	await s.runtime.shutdown();
});

it("hands out a handle, not the key; the gateway sends the stored key to the provider and nothing carries it back", async () => {
	const seen = probe();
	const model = mockModel(mock.url, "openai-completions");
	const ext = `import { complete } from "@earendil-works/pi-ai";
	export default function (pi) {
		pi.registerCommand("ask", { handler: async (_args, ctx) => {
			const r = ctx.modelRegistry;
			const model = r.find(${JSON.stringify(model.provider)}, ${JSON.stringify(model.id)});
			const keyless = r.find("nobody", "none");
			${PROBE_EXPR}.push({ found: Boolean(model), auth: r.hasConfiguredAuth(model), keyless: keyless === undefined });
			const apiKey = await r.getApiKey(model);
			const resolved = await r.getApiKeyAndHeaders(model);
			const forProvider = await r.getApiKeyForProvider(model.provider);
			${PROBE_EXPR}.push({ apiKey, resolved, forProvider });
			const messages = [{ role: "user", content: "hi", timestamp: Date.now() }];
			${PROBE_EXPR}.push({ piAi: (await complete(model, { messages }, { apiKey })).content });
			${PROBE_EXPR}.push({ registry: (await r.complete(model, { messages })).content });
			${PROBE_EXPR}.push({ missing: await r.getApiKeyAndHeaders({ ...model, provider: "anthropic" }) });
		} });
	}`;
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey("openai", KEY, [mock.url]);
	const { runtime, events, close } = await startGatewayRuntime({ source: ext, secrets, catalog: [model] });
	await runtime.setAvailableModels([model]);
	mock.script("openai-completions", [{ text: "via pi-ai" }, { text: "via the registry" }]);
	await runtime.submit("/ask");
	expect(events.filter((e) => e.type === "extension_error")).toEqual([]);
	expect(seen[0]).toEqual({ found: true, auth: true, keyless: true });
	const keys = seen[1] as { apiKey: string; resolved: { ok: boolean; apiKey: string }; forProvider: string };
	expect(keys.apiKey.startsWith(KEY_HANDLE_PREFIX)).toBe(true);
	expect(keys.resolved).toMatchObject({ ok: true, apiKey: keys.apiKey });
	expect(keys.forProvider).toBe(keys.apiKey);
	expect(textOf({ content: (seen[2] as { piAi: [] }).piAi })).toBe("via pi-ai");
	expect(textOf({ content: (seen[3] as { registry: [] }).registry })).toBe("via the registry");
	expect(seen[4]).toEqual({ missing: { ok: false, error: 'No API key found for "anthropic"' } });
	const posts = mock.requests.filter((r) => r.method === "POST");
	expect(posts).toHaveLength(2);
	for (const post of posts) expect(post.headers.authorization).toBe(`Bearer ${KEY}`);
	expect(JSON.stringify(seen)).not.toContain(KEY);
	expect(JSON.stringify(events)).not.toContain(KEY);
	await close();
});
