// The provider gateway end to end under Node: pi-ai on the "main thread" end of a real MessageChannel with the
// key, the worker's stream function on the other end, the mock providers speaking the real wire formats.
import type { AssistantMessageEvent } from "@earendil-works/pi-ai";
import { AssistantMessageEventStream } from "@earendil-works/pi-ai/utils/event-stream";
import { streamSimple } from "@earendil-works/pi-ai/compat";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { endpointModel } from "../../../src/host/keys/endpoints.ts";
import { explainProviderError } from "../../../src/host/keys/explain.ts";
import { MOCK_APIS, mockModel, type MockApi } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { collect, connect, KEY, normalize, transcript, type Connection } from "./support.ts";

const KEY_HEADER: Record<MockApi, [string, string]> = {
	"openai-completions": ["authorization", `Bearer ${KEY}`],
	"openai-responses": ["authorization", `Bearer ${KEY}`],
	"anthropic-messages": ["x-api-key", KEY],
	"google-generative-ai": ["x-goog-api-key", KEY],
};

let mock: MockProviders;
let c: Connection;
beforeAll(async () => {
	mock = await startMockProviders();
});
afterAll(() => mock.close());
beforeEach(() => {
	mock.reset();
	c = connect(MOCK_APIS.map((api) => mockModel(mock.url, api)));
	for (const provider of ["openai", "anthropic", "google"]) c.secrets.setKey(provider, KEY, [mock.url]);
});
afterEach(() => c.close());

const posts = () => mock.requests.filter((request) => request.method === "POST");

/** Records each event as it is pushed (`partial` is live and changes after), per stream. */
async function snapshots<T>(run: () => Promise<T>) {
	const seen = new Map<AssistantMessageEventStream, AssistantMessageEvent[]>();
	const push = AssistantMessageEventStream.prototype.push;
	AssistantMessageEventStream.prototype.push = function (this: AssistantMessageEventStream, event: AssistantMessageEvent) {
		seen.set(this, [...(seen.get(this) ?? []), structuredClone(event)]);
		return push.call(this, event);
	};
	try {
		return { result: await run(), seen };
	} finally {
		AssistantMessageEventStream.prototype.push = push;
	}
}

describe.each(MOCK_APIS)("%s through the gateway", (api) => {
	const reply = {
		thinking: "Two files to look at.",
		text: "Let me look at both.",
		toolCalls: [
			{ name: "read", arguments: { path: "src/main.ts" } },
			{ name: "ls", arguments: { dir: "src" } },
		],
	};

	it("streams thinking, text and parallel tool calls: every event as pi-ai made it, partial included", async () => {
		mock.script(api, [reply, reply]);
		const model = mockModel(mock.url, api);
		const direct = await snapshots(async () => {
			const stream = streamSimple(model, transcript(), { apiKey: KEY, reasoning: "medium" });
			return { stream, ...(await collect(stream)) };
		});
		const viaGateway = await snapshots(async () => {
			const stream = await c.streamFn(model, transcript(), { reasoning: "medium" });
			return { stream, ...(await collect(stream)) };
		});

		const { message } = viaGateway.result;
		expect(message.stopReason).toBe("toolUse");
		expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "toolCall", "toolCall"]);
		expect(message.content.filter((block) => block.type === "toolCall")).toEqual([
			expect.objectContaining({ name: "read", arguments: { path: "src/main.ts" } }),
			expect.objectContaining({ name: "ls", arguments: { dir: "src" } }),
		]);
		const text = viaGateway.result.events.flatMap((event) => (event.type === "text_delta" ? [event.delta] : []));
		expect(text.length).toBeGreaterThan(1);
		expect(text.join("")).toBe("Let me look at both.");
		// The worker's stream saw the events pi-ai's own stream saw, in order, with the same deltas and result.
		const expected = direct.seen.get(direct.result.stream)!;
		const actual = viaGateway.seen.get(viaGateway.result.stream)!;
		const deltas = (events: AssistantMessageEvent[]) =>
			events.map((event) => [event.type, "delta" in event ? event.delta : "contentIndex" in event ? event.contentIndex : ""]);
		expect(deltas(actual)).toEqual(deltas(expected));
		expect(normalize(message)).toEqual(normalize(direct.result.message));
		// `partial` is live in pi-ai: at each delta it holds at least the deltas so far, and never more than the reply.
		// (pi-ai may trim a block at its end, so compare with the deltas rather than the final text.)
		const allDeltas = (index: number) =>
			actual.flatMap((e) => ((e.type === "text_delta" || e.type === "thinking_delta") && e.contentIndex === index ? [e.delta] : [])).join("");
		const soFar = new Map<number, string>();
		for (const event of actual) {
			if (event.type !== "text_delta" && event.type !== "thinking_delta") continue;
			soFar.set(event.contentIndex, (soFar.get(event.contentIndex) ?? "") + event.delta);
			const block = event.partial.content[event.contentIndex];
			const shown = block.type === "text" ? block.text : block.type === "thinking" ? block.thinking : "";
			expect(shown.startsWith(soFar.get(event.contentIndex)!)).toBe(true);
			expect(allDeltas(event.contentIndex).startsWith(shown)).toBe(true);
		}
		// A tool call's arguments grow as pi-ai parses them.
		const lastArgs = actual.filter((event) => event.type === "toolcall_delta").at(-1);
		expect(lastArgs?.type === "toolcall_delta" && lastArgs.partial.content[lastArgs.contentIndex]).toMatchObject({
			type: "toolCall",
			arguments: { dir: "src" },
		});
	});

	it("sends the key in the provider's header; nothing the worker side receives contains it", async () => {
		mock.script(api, [reply]);
		const seen: unknown[] = [];
		const stream = await c.streamFn(mockModel(mock.url, api), transcript(), {
			onPayload: (payload) => void seen.push(payload),
			onResponse: (response) => void seen.push(response),
		});
		const { events, message } = await collect(stream);

		const [request] = posts();
		expect(request.headers[KEY_HEADER[api][0]]).toBe(KEY_HEADER[api][1]);
		// The payload, the response (for Google the gateway reports it: pi-ai's Google api does not), batches of events.
		expect(seen.length).toBe(2);
		expect(c.received.filter(Array.isArray).flat().length).toBe(events.length);
		expect(JSON.stringify([c.received, seen, events, message])).not.toContain(KEY);
		expect(await c.remote.hasKey(mockModel(mock.url, api).provider)).toBe(true);
	});

	it("runs before_provider_request on the real payload and sends its replacement", async () => {
		mock.script(api, [{ text: "ok" }]);
		let original: unknown;
		const stream = await c.streamFn(mockModel(mock.url, api), transcript("Say hi", false), {
			onPayload: (payload) => {
				original = payload;
				return JSON.parse(JSON.stringify(payload).replace("Say hi", "Say bye"));
			},
		});
		await collect(stream);
		expect(JSON.stringify(original)).toContain("Say hi");
		const body = JSON.stringify(posts()[0].body);
		expect(body).toContain("Say bye");
		expect(body).not.toContain("Say hi");
	});

	it("ends a 401 with an error the user is told about: a wrong key", async () => {
		mock.script(api, [{ error: "invalid-key" }]);
		const { message } = await collect(await c.streamFn(mockModel(mock.url, api), transcript(), {}));
		expect(message.stopReason).toBe("error");
		expect(explainProviderError(message.errorMessage!)).toMatchObject({ kind: "unauthorized", retryable: false });
	});
});

describe("the gateway's guards", () => {
	const model = () => mockModel(mock.url, "openai-completions");

	it("after_provider_response gets the status before the first event", async () => {
		mock.script("openai-completions", [{ text: "Hello there." }]);
		const order: string[] = [];
		const stream = await c.streamFn(model(), transcript(), { onResponse: (response) => void order.push(`response ${response.status}`) });
		for await (const event of stream) order.push(event.type);
		expect(order.slice(0, 2)).toEqual(["response 200", "start"]);
	});

	it("strips the key from an error body that quotes it", async () => {
		mock.script("openai-completions", [{ error: { status: 401, body: { error: { message: `The key ${KEY} was revoked.` } } } }]);
		const { message } = await collect(await c.streamFn(model(), transcript(), {}));
		expect(message.errorMessage).toContain("The key [redacted] was revoked.");
		expect(JSON.stringify(c.received)).not.toContain(KEY);
	});

	it("keeps a key back from a model whose base URL is another origin", async () => {
		const elsewhere = { ...model(), baseUrl: "https://collector.example/v1" };
		const { message } = await collect(await c.streamFn(elsewhere, transcript(), {}));
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toMatch(/^Playa did not send the openai key/);
		expect(explainProviderError(message.errorMessage!).kind).toBe("key-refused");
		expect(mock.requests).toEqual([]);
	});

	it("asks for a key when there is none", async () => {
		c.secrets.removeKey("openai");
		const { message } = await collect(await c.streamFn(model(), transcript(), {}));
		expect(message.errorMessage).toBe("No API key for provider: openai");
		expect(explainProviderError(message.errorMessage!).kind).toBe("no-key");
		expect(await c.remote.hasKey("openai")).toBe(false);
		expect(mock.requests).toEqual([]);
	});

	it("explains a rate limit, a stream of garbage and a refused connection", async () => {
		mock.script("openai-completions", [
			{ error: "rate-limited", retryAfter: 0 },
			{ text: "a b c d e f", breakStream: "garbage" },
		]);
		const limited = await collect(await c.streamFn(model(), transcript(), { maxRetries: 0 }));
		expect(explainProviderError(limited.message.errorMessage!)).toMatchObject({ kind: "rate-limit", status: 429, retryable: true });
		const garbled = await collect(await c.streamFn(model(), transcript(), {}));
		expect(explainProviderError(garbled.message.errorMessage!).kind).toBe("garbage");
		c.secrets.setKey("openai", KEY, ["http://127.0.0.1:9"]);
		const unreachable = { ...model(), id: "unreachable", baseUrl: "http://127.0.0.1:9/v1" };
		c.catalog.push(unreachable);
		const refused = await collect(await c.streamFn(unreachable, transcript(), { maxRetries: 0 }));
		expect(explainProviderError(refused.message.errorMessage!).kind).toBe("network");
	});

	it("aborts: the reply ends at once as aborted, and the request to the provider is cancelled", async () => {
		mock.script("openai-completions", [{ text: "one two three four five six", breakStream: "hang", breakAfter: 3 }]);
		const controller = new AbortController();
		const stream = await c.streamFn(model(), transcript(), { signal: controller.signal });
		const types: string[] = [];
		for await (const event of stream) {
			types.push(event.type);
			if (event.type === "text_delta") controller.abort();
		}
		const message = await stream.result();
		expect(message.stopReason).toBe("aborted");
		expect(message.content).toEqual([expect.objectContaining({ type: "text" })]);
		await expect.poll(() => c.gateway.active).toBe(0);
	});

	it("a worker that is gone stops the request", async () => {
		mock.script("openai-completions", [{ text: "one two three four", breakStream: "hang", breakAfter: 2 }]);
		let calls = 0;
		const run = c.gateway.stream(
			{ id: "gone", model: { provider: "openai", id: model().id }, context: transcript(), options: {}, hooks: { payload: false, response: false } },
			{
				events: () => {
					calls++;
					throw new Error("the worker was terminated");
				},
				payload: async () => undefined,
				response: async () => undefined,
			},
		);
		await run;
		expect(calls).toBe(1);
		expect(c.gateway.active).toBe(0);
	});

	it("calls a custom endpoint without a key, and with its own key bound to its address", async () => {
		mock.script("openai-completions", [{ text: "Local reply." }, { text: "Keyed reply." }]);
		const local = c.endpoints.add({ baseUrl: `${mock.url}/openai/v1/`, modelId: "llama3.2" });
		const first = await collect(await c.streamFn(endpointModel(local), transcript(), {}));
		expect(first.message.content).toEqual([expect.objectContaining({ text: "Local reply." })]);
		expect(posts()[0].headers.authorization).toBe("Bearer playa-no-key");
		expect(posts()[0].body.model).toBe("llama3.2");

		const keyed = c.endpoints.add({ baseUrl: `${mock.url}/openai/v1`, modelId: "llama3.2", key: "local-secret" });
		expect(keyed.id).toBe(local.id);
		const second = await collect(await c.streamFn(endpointModel(keyed), transcript(), {}));
		expect(second.message.stopReason).toBe("stop");
		expect(posts()[1].headers.authorization).toBe("Bearer local-secret");
		expect(JSON.stringify(c.received)).not.toContain("local-secret");
	});
});
