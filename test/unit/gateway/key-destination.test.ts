// Where a key may go: only to the origins it was stored for, whatever the worker sends. Each attack is made the
// way hostile code in the runtime worker can make it — a raw request on the gateway's port, or a model and a
// payload hook through the worker's stream function — against a real gateway with pi-ai, the mock providers as
// the allowed server, and a collector on 127.0.0.1 that records every request and the headers it saw.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Api, Model } from "@earendil-works/pi-ai";
import * as Comlink from "comlink";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderGateway } from "../../../src/host/gateway/gateway.ts";
import { hostModels } from "../../../src/host/gateway/models.ts";
import type { GatewayEvent, GatewayRequest, GatewaySink } from "../../../src/protocol/gateway.ts";
import type { RegisteredProviderInfo } from "../../../src/protocol/runtime.ts";
import { MOCK_APIS, mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { catalogOf, collect, connect, KEY, transcript, type Connection } from "./support.ts";

interface Seen {
	method?: string;
	url?: string;
	headers: IncomingHttpHeaders;
}

let mock: MockProviders;
let collector: { url: string; seen: Seen[]; server: Server };
let c: Connection;

beforeAll(async () => {
	mock = await startMockProviders();
	const seen: Seen[] = [];
	const server = createServer((req, res) => {
		seen.push({ method: req.method, url: req.url, headers: req.headers });
		req.resume();
		res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"collector"}}');
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	collector = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
});
afterAll(async () => {
	await mock.close();
	await new Promise((resolve) => collector.server.close(resolve));
});
beforeEach(() => {
	mock.reset();
	collector.seen.length = 0;
	c = connect(MOCK_APIS.map((api) => mockModel(mock.url, api)));
	for (const provider of ["openai", "anthropic", "google"]) c.secrets.setKey(provider, KEY, [mock.url]);
});
afterEach(() => c.close());

const posts = () => mock.requests.filter((request) => request.method === "POST");
const openai = () => mockModel(mock.url, "openai-completions");

/** Nothing reached the collector, and the allowed server saw no request at all. */
function nothingSent() {
	expect(collector.seen).toEqual([]);
	expect(mock.requests).toEqual([]);
}

/** A request as hostile code sends it on the gateway's port: any shape, no help from the worker's stream function. */
async function raw(request: Record<string, unknown>) {
	const events: GatewayEvent[] = [];
	const sink: GatewaySink = { events: (batch) => void events.push(...batch), payload: async () => undefined, response: async () => undefined };
	const base = {
		id: `raw-${Math.random()}`,
		model: { provider: "openai", id: openai().id },
		context: transcript(),
		options: {},
		hooks: { payload: false, response: false },
	};
	await c.remote.stream({ ...base, ...request } as unknown as GatewayRequest, Comlink.proxy(sink));
	const last = events.at(-1);
	return { events, error: last?.type === "error" ? last.error.errorMessage : undefined, last };
}

/** A provider an extension registered, as the page lists it. */
function registered(name: string, model: Partial<Model<Api>> & { api: Api; baseUrl: string }, keyName = "MY_KEY"): RegisteredProviderInfo {
	const full: Model<Api> = { ...mockModel(mock.url, "openai-completions"), id: "m-1", name: "M One", provider: name, ...model };
	return { name, extension: "ext", local: false, keyName, models: [full] };
}

describe("the request cannot choose where the key goes", () => {
	it("the reported attack: api switched to azure-openai-responses with env.AZURE_OPENAI_BASE_URL at another server", async () => {
		const attack = await raw({
			model: { provider: "openai", id: openai().id, api: "azure-openai-responses", baseUrl: openai().baseUrl },
			options: { env: { AZURE_OPENAI_BASE_URL: `${collector.url}/openai/v1` } },
		});
		expect(attack.error).toMatch(/refused a malformed request \(options: /);
		// Without the env, the api switch alone is refused too: the page's model speaks openai-completions.
		const switched = await raw({ model: { provider: "openai", id: openai().id, api: "azure-openai-responses" } });
		expect(switched.error).toMatch(/^Playa did not send the openai key: this request asks for the azure-openai-responses api/);
		nothingSent();
	});

	it("a base URL of the worker's choosing is refused, through the stream function and on the raw port", async () => {
		const viaStream = await collect(await c.streamFn({ ...openai(), baseUrl: `${collector.url}/v1` }, transcript(), {}));
		expect(viaStream.message.errorMessage).toMatch(/^Playa did not send the openai key/);
		const viaPort = await raw({ model: { provider: "openai", id: openai().id, baseUrl: `${collector.url}/v1` } });
		expect(viaPort.error).toMatch(/^Playa did not send the openai key/);
		nothingSent();
	});

	it("headers, a proxy, a fetch or a key in the options are refused, not passed on", async () => {
		for (const options of [
			{ headers: { "x-injected": "yes" } },
			{ env: { HTTPS_PROXY: collector.url } },
			{ apiKey: "sk-other" },
			{ azureBaseUrl: collector.url },
		]) {
			const { error } = await raw({ options });
			expect(error).toMatch(/refused a malformed request/);
		}
		expect(await raw({ keyName: "anthropic" }).then((r) => r.error)).toMatch(/refused a malformed request/);
		nothingSent();
	});

	it("a model the page does not know is not called", async () => {
		const unknownId = await raw({ model: { provider: "openai", id: "gpt-from-elsewhere" } });
		expect(unknownId.error).toBe("Playa does not know the model openai/gpt-from-elsewhere: the request was not sent");
		const unknownProvider = await collect(await c.streamFn({ ...openai(), provider: "collector", baseUrl: collector.url }, transcript(), {}));
		expect(unknownProvider.message.errorMessage).toBe(`Playa does not know the model collector/${openai().id}: the request was not sent`);
		nothingSent();
	});

	it("the same requests, well formed, reach the allowed server with the key (so the refusals above are the guard's)", async () => {
		mock.script("openai-completions", [{ text: "ok" }, { text: "ok" }]);
		expect((await raw({})).last?.type).toBe("done");
		expect((await collect(await c.streamFn(openai(), transcript(), {}))).message.stopReason).toBe("stop");
		expect(posts().map((post) => post.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
		expect(collector.seen).toEqual([]);
	});
});

describe("every URL pi-ai fetches is checked against the key's origins", () => {
	it("an Azure model at the allowed origin whose pi-ai provider takes another address from the environment", async () => {
		c.registered.push(registered("my-azure", { id: "gpt-4o-mini", api: "azure-openai-responses", baseUrl: `${mock.url}/openai/v1` }, "MY_AZURE_KEY"));
		c.secrets.setKey("MY_AZURE_KEY", KEY, [mock.url]);
		const model = { ...c.registered[0].models[0] };
		mock.script("openai-responses", [{ text: "From the allowed server." }]);
		const allowed = await collect(await c.streamFn(model, transcript(), {}));
		expect(allowed.message.stopReason).toBe("stop");
		expect(posts()).toHaveLength(1);
		expect(posts()[0].headers["api-key"]).toBe(KEY);

		// pi-ai's Azure provider prefers AZURE_OPENAI_BASE_URL to the model's base URL: the model says the allowed
		// server, the fetch would go to the collector.
		const before = process.env.AZURE_OPENAI_BASE_URL;
		process.env.AZURE_OPENAI_BASE_URL = `${collector.url}/openai/v1`;
		try {
			const redirected = await collect(await c.streamFn(model, transcript(), { maxRetries: 0 }));
			expect(redirected.message.stopReason).toBe("error");
			expect(redirected.message.errorMessage).toMatch(
				new RegExp(`^Playa did not send the MY_AZURE_KEY key: it is only sent to ${mock.url}, and this model asks for ${collector.url}`),
			);
		} finally {
			if (before === undefined) delete process.env.AZURE_OPENAI_BASE_URL;
			else process.env.AZURE_OPENAI_BASE_URL = before;
		}
		expect(collector.seen).toEqual([]);
		expect(posts()).toHaveLength(1);
	});

	it("a registered provider moved to another server after its key was entered keeps the key back", async () => {
		c.secrets.setKey("MY_KEY", KEY, [mock.url]);
		c.registered.push(registered("my-gateway", { api: "openai-completions", baseUrl: `${collector.url}/openai/v1` }));
		const { message } = await collect(await c.streamFn(c.registered[0].models[0], transcript(), {}));
		expect(message.errorMessage).toMatch(/^Playa did not send the MY_KEY key: it is only sent to/);
		nothingSent();
	});

	it("a registered provider cannot name an api whose requests the gateway cannot see", async () => {
		c.secrets.setKey("MY_KEY", KEY, [mock.url]);
		c.registered.push(registered("my-bedrock", { api: "bedrock-converse-stream", baseUrl: `${mock.url}/bedrock` }));
		const { message } = await collect(await c.streamFn(c.registered[0].models[0], transcript(), {}));
		expect(message.errorMessage).toMatch(/^Playa does not call the bedrock-converse-stream api from the page/);
		nothingSent();
	});

	it("a keyless custom endpoint is called at its own origin only", async () => {
		const endpoint = c.endpoints.add({ baseUrl: `${mock.url}/openai/v1`, modelId: "llama3.2" });
		const viaPort = await raw({ model: { provider: `custom:${endpoint.id}`, id: "llama3.2", baseUrl: `${collector.url}/v1` } });
		expect(viaPort.error).toMatch(/^Playa did not send the request: this request asks for/);
		nothingSent();
	});
});

describe("before_provider_request changes the body, not the address or the headers", () => {
	it("Google: config.httpOptions (base URL, headers) from a payload hook is not applied", async () => {
		mock.script("google-generative-ai", [{ text: "ok" }]);
		const { message } = await collect(
			await c.streamFn(mockModel(mock.url, "google-generative-ai"), transcript(), {
				onPayload: (payload) => {
					const p = payload as { config?: Record<string, unknown> };
					return { ...p, config: { ...p.config, httpOptions: { baseUrl: `${collector.url}/google`, headers: { "x-injected": "yes" } } } };
				},
			}),
		);
		expect(message.stopReason).toBe("stop");
		expect(posts()).toHaveLength(1);
		expect(posts()[0].headers["x-injected"]).toBeUndefined();
		expect(collector.seen).toEqual([]);
	});

	it("Anthropic: betas from a payload hook do not become an anthropic-beta header", async () => {
		mock.script("anthropic-messages", [{ text: "ok" }]);
		const { message } = await collect(
			await c.streamFn(mockModel(mock.url, "anthropic-messages"), transcript(), {
				onPayload: (payload) => ({ ...(payload as object), betas: ["injected-beta-2099"], metadata: { user_id: "kept" } }),
			}),
		);
		expect(message.stopReason).toBe("stop");
		const [post] = posts();
		expect(String(post.headers["anthropic-beta"] ?? "")).not.toContain("injected-beta-2099");
		expect(post.body.metadata).toEqual({ user_id: "kept" });
	});
});

describe("nothing is rewritten on its way back", () => {
	it("a key that is also a word (bench) leaves tool names, arguments and text as the provider sent them", async () => {
		c.secrets.setKey("openai", "bench", [mock.url]);
		mock.script("openai-completions", [{ text: "Running the bench now.", toolCalls: [{ name: "bench_echo", arguments: { label: "bench" } }] }]);
		const seen: unknown[] = [];
		const { events, message } = await collect(await c.streamFn(openai(), transcript(), { onPayload: (payload) => void seen.push(payload) }));
		expect(posts()[0].headers.authorization).toBe("Bearer bench");
		expect(message.content).toEqual([
			expect.objectContaining({ type: "text", text: "Running the bench now." }),
			expect.objectContaining({ type: "toolCall", name: "bench_echo", arguments: { label: "bench" } }),
		]);
		expect(JSON.stringify(events)).not.toContain("[redacted]");
		expect(JSON.stringify(seen)).not.toContain("[redacted]");
	});

	it("an error that quotes the key is the one place it is taken out", async () => {
		mock.script("openai-completions", [{ error: { status: 401, body: { error: { message: `Key ${KEY} is not valid for bench_echo.` } } } }]);
		const { message } = await collect(await c.streamFn(openai(), transcript(), { maxRetries: 0 }));
		expect(message.errorMessage).toContain("Key [redacted] is not valid for bench_echo.");
		expect(JSON.stringify(c.received)).not.toContain(KEY);
	});

	it("a response header that echoes the key is not handed to after_provider_response", async () => {
		mock.script("openai-completions", [{ text: "ok" }]);
		// A server that echoes the request's key in a response header.
		const echoing: typeof fetch = async (input, init) => {
			const response = await fetch(input, init);
			const headers = new Headers(response.headers);
			headers.set("x-echo-authorization", new Headers(init?.headers).get("authorization") ?? "");
			return new Response(response.body, { status: response.status, headers });
		};
		const gateway = new ProviderGateway({ secrets: c.secrets, models: hostModels({ catalog: catalogOf([openai()]) }), fetch: echoing });
		const responses: unknown[] = [];
		const events: GatewayEvent[] = [];
		await gateway.stream(
			{ id: "echo", model: { provider: "openai", id: openai().id }, context: transcript(), options: {}, hooks: { payload: false, response: true } },
			{ events: (batch) => void events.push(...batch), payload: async () => undefined, response: async (response) => void responses.push(response) },
		);
		expect(events.at(-1)?.type).toBe("done");
		expect(responses).toHaveLength(1);
		expect(JSON.stringify(responses)).toContain("content-type");
		expect(JSON.stringify(responses)).not.toContain(KEY);
	});
});
