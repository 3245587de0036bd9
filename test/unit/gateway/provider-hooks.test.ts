// pi 1.6's before_provider_headers and provider_stream_event through the real gateway on a real port: extensions
// add headers, never one that carries or replaces the key, and hear the provider's parsed stream events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { gatewayRequestSchema, isExtensionHeaderAllowed } from "../../../src/protocol/gateway.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe } from "../../support/runtime-harness.ts";
import { startGatewayRuntime } from "./support.ts";

const KEY = "sk-provider-hooks-key";
let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());

describe("before_provider_headers", () => {
	it("handlers edit one headers object in place; allowed headers reach the provider, the key's are refused with a warning", async () => {
		const seen = probe();
		const ext = `export default function (pi) {
			pi.on("before_provider_headers", (event, ctx) => {
				${PROBE_EXPR}.push({ first: { ...event.headers } });
				event.headers["x-session-id"] = "s-" + ctx.sessionManager.getSessionId().length;
				event.headers["X-Title"] = "Playa test";
				event.headers["authorization"] = "Bearer not-the-key";
				event.headers["x-api-key"] = "stolen";
				event.headers["x-dropped"] = "soon";
			});
			pi.on("before_provider_headers", (event) => {
				${PROBE_EXPR}.push({ second: Object.keys(event.headers) });
				event.headers["x-dropped"] = null;
			});
		}`;
		const secrets = new SecretStore(new MemoryStorage());
		secrets.setKey("openai", KEY, [mock.url]);
		const { runtime, events, close } = await startGatewayRuntime({ source: ext, secrets, model: mockModel(mock.url, "openai-completions") });
		mock.script("openai-completions", [{ text: "ok" }]);
		await runtime.submit("hi");
		const post = mock.requests.filter((r) => r.method === "POST").at(-1)!;
		expect(post.headers.authorization).toBe(`Bearer ${KEY}`);
		expect(post.headers["x-api-key"]).toBeUndefined();
		expect(post.headers["x-title"]).toBe("Playa test");
		expect(post.headers["x-session-id"]).toMatch(/^s-\d+$/);
		expect(post.headers["x-dropped"]).toBeUndefined();
		expect(seen).toEqual([{ first: {} }, { second: ["x-session-id", "X-Title", "authorization", "x-api-key", "x-dropped"] }]);
		const warnings = events.flatMap((e) => (e.type === "notify" && e.level === "warning" ? [e.message] : []));
		expect(warnings).toEqual([expect.stringContaining('Playa did not send "authorization", "x-api-key"')]);
		await close();
	});

	it("the gateway refuses a request carrying a header an extension may not set, whatever the worker does", () => {
		const base = { id: "r", model: { provider: "openai", id: "m" }, context: { messages: [] }, options: {}, hooks: { payload: false, response: false } };
		expect(gatewayRequestSchema.safeParse({ ...base, headers: { "x-title": "fine" } }).success).toBe(true);
		for (const name of [
			"Authorization",
			"x-api-key",
			"api-key",
			"x-goog-api-key",
			"Cookie",
			"Host",
			"content-type",
			"proxy-authorization",
			"x-amz-security-token",
			"bad name",
		]) {
			expect(gatewayRequestSchema.safeParse({ ...base, headers: { [name]: "v" } }).success, name).toBe(false);
		}
		expect(isExtensionHeaderAllowed("x-ok", "two\r\nlines")).toBe(false);
	});
});

describe("provider_stream_event", () => {
	it("each parsed provider event reaches the worker in stream order, with the provider, api and model", async () => {
		const seen = probe() as { provider: string; api: string; model: string; data: unknown }[];
		const ext = `export default function (pi) { pi.on("provider_stream_event", (event) => { ${PROBE_EXPR}.push({ provider: event.provider, api: event.api, model: event.model, data: event.data }); }); }`;
		const secrets = new SecretStore(new MemoryStorage());
		secrets.setKey("openai", KEY, [mock.url]);
		const model = mockModel(mock.url, "openai-completions");
		const { runtime, close } = await startGatewayRuntime({ source: ext, secrets, model });
		mock.script("openai-completions", [{ text: "Hello there." }]);
		await runtime.submit("hi");
		expect(seen.length).toBeGreaterThan(0);
		expect(new Set(seen.map(({ provider, api, model: id }) => `${provider} ${api} ${id}`))).toEqual(
			new Set([`${model.provider} openai-completions ${model.id}`]),
		);
		const text = seen.map(({ data }) => (data as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? "").join("");
		expect(text).toBe("Hello there.");
		await close();
	});
});
