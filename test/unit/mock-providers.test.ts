// Real pi-ai (and the provider SDKs under it) against the local mock providers, one block per api: what the mock
// streams must parse into the messages, usage and errors a real provider would give.
import {
	isRetryableAssistantError,
	type AssistantMessage,
	type AssistantMessageEvent,
	type Context,
	type SimpleStreamOptions,
	type Tool,
} from "@earendil-works/pi-ai";
import { streamSimple } from "@earendil-works/pi-ai/compat";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MOCK_APIS, mockControl, mockModel, type MockApi } from "../mock-providers/client.ts";
import { ALLOWED_HEADERS, startMockProviders, type MockProviders } from "../mock-providers/server.mjs";

const KEY = "sk-mock-0123456789abcdef";

const tools: Tool[] = [
	{ name: "read", description: "Read a file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
	{
		name: "ls",
		description: "List a directory",
		parameters: { type: "object", properties: { dir: { type: "string" }, all: { type: "boolean" } }, required: ["dir"] },
	},
];

const context = (): Context => ({ systemPrompt: "You are under test.", messages: [{ role: "user", content: "Hi", timestamp: Date.now() }], tools });

const ROUTE: Record<MockApi, { path: string; keyHeader: string; keyValue: string }> = {
	"openai-completions": { path: "/openai/v1/chat/completions", keyHeader: "authorization", keyValue: `Bearer ${KEY}` },
	"openai-responses": { path: "/openai/v1/responses", keyHeader: "authorization", keyValue: `Bearer ${KEY}` },
	"anthropic-messages": { path: "/anthropic/v1/messages", keyHeader: "x-api-key", keyValue: KEY },
	"google-generative-ai": { path: "/google/v1beta/models/gemini-2.5-flash:streamGenerateContent", keyHeader: "x-goog-api-key", keyValue: KEY },
};

/** Status of the named HTTP failures, and whether pi-ai's classifier calls them retryable. */
const FAILURES: Record<MockApi, Record<"rate-limited" | "overloaded", { status: number; retryable: boolean }>> = {
	"openai-completions": { "rate-limited": { status: 429, retryable: true }, overloaded: { status: 503, retryable: true } },
	"openai-responses": { "rate-limited": { status: 429, retryable: true }, overloaded: { status: 503, retryable: true } },
	"anthropic-messages": { "rate-limited": { status: 429, retryable: true }, overloaded: { status: 529, retryable: true } },
	// Gemini's real 429 says "You exceeded your current quota, please check your plan and billing details";
	// pi-ai reads "billing" as a hard quota limit, so its classifier does not retry it (its SDK-level retry does).
	"google-generative-ai": { "rate-limited": { status: 429, retryable: false }, overloaded: { status: 503, retryable: true } },
};

let mock: MockProviders;
beforeAll(async () => {
	mock = await startMockProviders();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

async function run(api: MockApi, options: SimpleStreamOptions = {}) {
	const events: AssistantMessageEvent[] = [];
	const stream = streamSimple(mockModel(mock.url, api), context(), { apiKey: KEY, ...options });
	for await (const event of stream) events.push(event);
	const message: AssistantMessage = await stream.result();
	const of = <T extends AssistantMessageEvent["type"]>(type: T) =>
		events.filter((event): event is Extract<AssistantMessageEvent, { type: T }> => event.type === type);
	return { events, message, of };
}

const posts = () => mock.requests.filter((request) => request.method === "POST");

describe.each(MOCK_APIS)("%s through pi-ai", (api) => {
	it("streams text in several deltas; the key arrives in the provider's header and nowhere else", async () => {
		const text = "The quick brown fox jumps over the lazy dog.";
		mock.script(api, [{ text }]);
		const { message, of } = await run(api);

		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([expect.objectContaining({ type: "text", text })]);
		expect(of("text_delta").length).toBe(9);
		expect(
			of("text_delta")
				.map((event) => event.delta)
				.join(""),
		).toBe(text);

		const [request] = posts();
		expect(request.path).toBe(ROUTE[api].path);
		expect(request.headers[ROUTE[api].keyHeader]).toBe(ROUTE[api].keyValue);
		const elsewhere = Object.entries(request.headers).filter(([name, value]) => name !== ROUTE[api].keyHeader && String(value).includes(KEY));
		expect(elsewhere).toEqual([]);
		expect(JSON.stringify([request.query, request.body])).not.toContain(KEY);
		expect(JSON.stringify(request.body)).toContain("Hi");
		if (api === "google-generative-ai") expect(request.query).toEqual({ alt: "sse" });
		else expect(request.body).toMatchObject({ model: mockModel(mock.url, api).id, stream: true });
	});

	it("streams thinking before the text", async () => {
		mock.script(api, [{ thinking: "The user greets me. I should greet back.", text: "Hello to you too." }]);
		const { message, of } = await run(api, { reasoning: "medium" });

		expect(message.stopReason).toBe("stop");
		expect(message.content.map((block) => block.type)).toEqual(["thinking", "text"]);
		expect(message.content[0]).toMatchObject({ thinking: "The user greets me. I should greet back." });
		expect(of("thinking_delta").length).toBeGreaterThan(1);
		expect(of("thinking_start")[0].contentIndex).toBe(0);
		expect(of("text_start")[0].contentIndex).toBe(1);
	});

	it("delivers two parallel tool calls with parsed arguments", async () => {
		mock.script(api, [
			{
				text: "Let me look.",
				toolCalls: [
					{ name: "read", arguments: { path: "src/main.ts" } },
					{ name: "ls", arguments: { dir: "src", all: true } },
				],
			},
		]);
		const { message, of } = await run(api);

		expect(message.stopReason).toBe("toolUse");
		const calls = message.content.filter((block) => block.type === "toolCall");
		expect(calls).toEqual([
			expect.objectContaining({ name: "read", arguments: { path: "src/main.ts" } }),
			expect.objectContaining({ name: "ls", arguments: { dir: "src", all: true } }),
		]);
		expect(new Set(calls.map((call) => call.id)).size).toBe(2);
		expect(of("toolcall_end").map((event) => event.toolCall.name)).toEqual(["read", "ls"]);
		// Google sends arguments whole; the others stream them in pieces.
		const pieces = (index: number) => of("toolcall_delta").filter((event) => event.contentIndex === index && event.delta !== "");
		for (const index of [1, 2]) {
			expect(pieces(index).length).toBe(api === "google-generative-ai" ? 1 : 2);
			expect(
				JSON.parse(
					pieces(index)
						.map((event) => event.delta)
						.join(""),
				),
			).toEqual(message.content[index].type === "toolCall" && message.content[index].arguments);
		}
		const sent = JSON.stringify(posts()[0].body);
		expect(sent).toContain('"read"');
		expect(sent).toContain('"ls"');
	});

	it("reports usage in pi-ai's terms", async () => {
		mock.script(api, [{ thinking: "Hmm, counting.", text: "Counted.", usage: { input: 120, output: 45, cacheRead: 30, reasoning: 12 } }]);
		const { message } = await run(api, { reasoning: "low" });

		expect(message.usage).toMatchObject({ input: 120, output: 45, cacheRead: 30, totalTokens: 195, reasoning: 12 });
		expect(message.usage.cost.total).toBeGreaterThan(0);
	});

	it("ends a 401 with stopReason error and a message that names the status; not retryable", async () => {
		mock.script(api, [{ error: "unauthorized" }]);
		const { message, of } = await run(api);

		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("401");
		expect(of("start")).toEqual([]);
		expect(isRetryableAssistantError(message)).toBe(false);
	});

	it.each(["rate-limited", "overloaded"] as const)("reports %s with its status and pi-ai's retryability", async (kind) => {
		const { status, retryable } = FAILURES[api][kind];
		mock.script(api, [{ error: kind }]);
		const { message } = await run(api);

		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain(String(status));
		expect(isRetryableAssistantError(message)).toBe(retryable);
	});

	it("retries a 429 itself when maxRetries allows, honouring retry-after", async () => {
		mock.script(api, [{ error: "rate-limited", retryAfter: 0 }, { text: "Second time lucky." }]);
		const { message } = await run(api, { maxRetries: 1 });

		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([expect.objectContaining({ text: "Second time lucky." })]);
		expect(posts().length).toBe(2);
	});

	it("ends garbage in the stream with an error, not a hang", async () => {
		mock.script(api, [{ text: "This reply will break halfway through.", breakStream: "garbage" }]);
		const started = Date.now();
		const { message } = await run(api);

		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBeTruthy();
		expect(Date.now() - started).toBeLessThan(2_000);
	});

	it("ends an overload error inside the stream as a retryable error", async () => {
		mock.script(api, [{ text: "This reply will be cut off by an overload.", breakStream: "overloaded" }]);
		const { message } = await run(api);

		expect(message.stopReason).toBe("error");
		expect(isRetryableAssistantError(message)).toBe(true);
	});

	it("ends a dropped connection as a retryable error", async () => {
		mock.script(api, [{ text: "This reply loses its connection.", breakStream: "disconnect" }]);
		const { message } = await run(api);

		expect(message.stopReason).toBe("error");
		expect(isRetryableAssistantError(message)).toBe(true);
	});

	it("aborts a hanging stream", async () => {
		mock.script(api, [{ text: "This reply stops and waits forever.", breakStream: "hang" }]);
		const controller = new AbortController();
		const stream = streamSimple(mockModel(mock.url, api), context(), { apiKey: KEY, signal: controller.signal });
		for await (const event of stream) if (event.type === "text_delta") controller.abort();
		const message = await stream.result();

		expect(message.stopReason).toBe("aborted");
		expect(message.content).toEqual([expect.objectContaining({ type: "text", text: expect.stringMatching(/^This /) })]);
	});

	it("lets a browser send what pi-ai sends: the preflight allows every header, the stream is readable cross-origin", async () => {
		mock.script(api, [{ text: "Hi." }]);
		await run(api);
		// Headers a page cannot set or that need no permission (the browser adds its own).
		const browserOwned = new Set(["host", "connection", "content-length", "accept-encoding", "accept-language", "sec-fetch-mode"]);
		const sent = Object.keys(posts()[0].headers).filter((name) => !browserOwned.has(name));
		expect(sent.filter((name) => !ALLOWED_HEADERS.includes(name))).toEqual([]);

		const preflight = await fetch(mock.url + ROUTE[api].path, {
			method: "OPTIONS",
			headers: { origin: "http://localhost:4173", "access-control-request-method": "POST", "access-control-request-headers": sent.join(",") },
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
		expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
		const allowed = preflight.headers.get("access-control-allow-headers")!.split(/,\s*/);
		for (const name of sent) expect(allowed).toContain(name);
		expect(mock.requests.filter((request) => request.method === "OPTIONS")).toEqual([expect.objectContaining({ api, path: ROUTE[api].path })]);

		mock.script(api, [{ error: "rate-limited" }]);
		const failed = await fetch(mock.url + ROUTE[api].path + (api === "google-generative-ai" ? "?alt=sse" : ""), {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ model: "m", stream: true }),
		});
		expect(failed.headers.get("access-control-allow-origin")).toBe("*");
		expect(failed.headers.get("access-control-expose-headers")).toBe("*");
	});
});

describe("the mock itself", () => {
	it("serves the OpenAI chat usage chunk only when stream_options.include_usage asks for it", async () => {
		const model = mockModel(mock.url, "openai-completions", { compat: { supportsUsageInStreaming: false } });
		mock.script("openai-completions", [{ text: "No usage here.", usage: { input: 7, output: 3 } }]);
		const stream = streamSimple(model, context(), { apiKey: KEY });
		const message = await stream.result();

		expect(posts()[0].body.stream_options).toBeUndefined();
		expect(message.stopReason).toBe("stop");
		expect(message.usage.input).toBe(0);
	});

	it("answers an unscripted request with a provider-shaped 400 that says so", async () => {
		const { message } = await run("anthropic-messages");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("400");
		expect(message.errorMessage).toContain("nothing scripted for anthropic-messages");
	});

	it("gives Google's real answer to a wrong key: 400 API_KEY_INVALID", async () => {
		mock.script("google-generative-ai", [{ error: "invalid-key" }]);
		const { message } = await run("google-generative-ai");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("API_KEY_INVALID");
		expect(isRetryableAssistantError(message)).toBe(false);
	});

	it("sends a custom error as given, e.g. a proxy's HTML page", async () => {
		mock.script("openai-completions", [
			{ error: { status: 502, body: "<html><body>502 Bad Gateway</body></html>", headers: { "content-type": "text/html" } } },
		]);
		const { message } = await run("openai-completions");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("502");
		expect(isRetryableAssistantError(message)).toBe(true);
	});

	it("answers a reply function with what the request asked", async () => {
		mock.script("openai-responses", [(request) => ({ text: `You said: ${request.body.input.find((item: any) => item.role === "user").content[0].text}` })]);
		const { message } = await run("openai-responses");
		expect(message.content).toEqual([expect.objectContaining({ text: "You said: Hi" })]);
	});

	it("is scriptable over HTTP, for a mock in another process or a test in the page", async () => {
		const control = mockControl(mock.url);
		await control.script("google-generative-ai", [{ text: "Scripted over HTTP." }]);
		expect(mock.pending()["google-generative-ai"]).toBe(1);
		const { message } = await run("google-generative-ai");
		expect(message.content).toEqual([expect.objectContaining({ text: "Scripted over HTTP." })]);

		const recorded = await control.requests();
		expect(recorded.map((request) => [request.method, request.api])).toEqual([["POST", "google-generative-ai"]]);
		await control.reset();
		expect(mock.requests).toEqual([]);
		await expect(control.script("nope" as MockApi, [])).rejects.toThrow(/unknown api/);
	});

	it("drops hanging streams when it closes", async () => {
		const other = await startMockProviders();
		other.script("anthropic-messages", [{ text: "Waiting forever now.", breakStream: "hang" }]);
		const stream = streamSimple(mockModel(other.url, "anthropic-messages"), context(), { apiKey: KEY });
		for await (const event of stream) if (event.type === "text_delta") break;
		await other.close();
		const message = await stream.result();
		expect(message.stopReason).toBe("error");
	});
});
