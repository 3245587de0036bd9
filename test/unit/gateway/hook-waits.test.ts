// A reply waits for the worker's provider hooks only when extensions handle them: without handlers the gateway
// neither asks for a replacement payload nor reports the response, and a payload the worker only records (its
// inspector) is told without the reply waiting for the answer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GatewayRequest, GatewaySink } from "../../../src/protocol/gateway.ts";
import { createGatewayStreamFn, type GatewayLike } from "../../../src/runtime/models/gateway-stream.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { INSPECTOR_LIMITS, type RequestRecord } from "../../../src/protocol/inspector/inspector.ts";
import { tapRequests } from "../../../src/runtime/inspector/request-tap.ts";
import { collect, connect, KEY, startGatewayRuntime, transcript, type Connection } from "./support.ts";

let mock: MockProviders;
let c: Connection | undefined;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());
beforeEach(() => mock.reset());
afterEach(() => {
	c?.close();
	c = undefined;
});

const model = () => mockModel(mock.url, "openai-completions");

/** The hooks a request asks for, as the worker's stream function sends them, given whether handlers wait. */
async function hooksSent(waits: { payload: boolean; response: boolean }, withOptions = true, tapped = true) {
	let sent: GatewayRequest | undefined;
	const gateway: GatewayLike = {
		stream: async (request, sink: GatewaySink) => {
			sent = request;
			await sink.events([{ type: "error", reason: "error", error: { role: "assistant", content: [], stopReason: "error" } as never }]);
		},
		abort: async () => undefined,
	};
	const streamFn = createGatewayStreamFn(gateway, { proxy: (sink) => sink, waits: { payload: () => waits.payload, response: () => waits.response } });
	const options = withOptions ? { onPayload: () => undefined, onResponse: () => undefined } : {};
	await collect(await (tapped ? tapRequests(streamFn, () => undefined) : streamFn)(model(), transcript(), options));
	return sent?.hooks;
}

/** A conversation of `count` user messages, the first `first`. */
function longTranscript(first: string, count: number) {
	const context = transcript(first, false);
	for (let i = 1; i < count; i++) context.messages.push({ role: "user", content: `message ${i}`, timestamp: i });
	return context;
}

describe("which hooks hold a reply", () => {
	it("asks for the round trips only for hooks with handlers, and for the payload as sent when only the inspector records it", async () => {
		expect(await hooksSent({ payload: false, response: false })).toEqual({ payload: false, response: false, observePayload: true });
		expect(await hooksSent({ payload: true, response: false })).toEqual({ payload: true, response: false });
		expect(await hooksSent({ payload: false, response: true })).toEqual({ payload: false, response: true, observePayload: true });
		// Options without hooks wait for nothing, handlers or not; a recorded call still has its payload told.
		expect(await hooksSent({ payload: true, response: true }, false)).toEqual({ payload: false, response: false, observePayload: true });
		// A call nothing records asks for nothing it does not wait for.
		expect(await hooksSent({ payload: false, response: false }, true, false)).toEqual({ payload: false, response: false });
	});

	it("a payload only observed reaches the worker's record as a bounded snapshot, and the reply does not wait for it", async () => {
		c = connect([model()], { waits: { payload: () => false, response: () => false } });
		c.secrets.setKey("openai", KEY, [mock.url]);
		mock.script("openai-completions", [{ text: "Not held." }]);
		const records: RequestRecord[] = [];
		let hooked = false;
		const responses: unknown[] = [];
		const streamFn = tapRequests(c.streamFn, (record) => records.push(record as RequestRecord));
		const stream = await streamFn(model(), longTranscript("Say hi", 150), {
			onPayload: () => {
				hooked = true;
				return undefined;
			},
			onResponse: (response) => void responses.push(response),
		});
		const { message } = await collect(stream);
		expect(message.stopReason).toBe("stop");
		expect(JSON.stringify(message.content)).toContain("Not held.");
		// No handler waits: the payload hook does not run, and the status and headers never cross.
		expect(hooked).toBe(false);
		expect(responses).toEqual([]);
		// The provider got every message; the worker, only as many as the inspector keeps.
		const body = mock.requests.filter((request) => request.method === "POST")[0]?.body as { messages: unknown[] };
		expect(body.messages.length).toBeGreaterThanOrEqual(150);
		const told = c.received.filter((item) => !Array.isArray(item) && typeof item === "object" && item !== null && "messages" in item);
		expect(told).toHaveLength(1);
		// The newest messages, after a note of the earlier ones: what the last turn added is what a reader looks for.
		expect((told[0] as { messages: unknown[] }).messages).toHaveLength(INSPECTOR_LIMITS.messages + 1);
		await vi.waitFor(() => expect(records).toHaveLength(1), { timeout: 10_000 });
		const recorded = JSON.stringify(records[0]?.payload);
		expect(recorded).toContain("message 149");
		expect(recorded).not.toContain("Say hi");
		const leftOut = `${body.messages.length - INSPECTOR_LIMITS.messages} earlier messages`;
		expect(recorded).toContain(leftOut);
		// The messages the record lists are the payload's, with the note of those left out.
		expect(JSON.stringify((records[0]?.messages as unknown[] | undefined)?.at(0))).toContain(leftOut);
		expect(recorded).not.toContain(KEY);
		expect(records[0]?.payloadReplaced).toBe(false);
	});

	it("a bounded payload with no messages of its own (the Responses API's input) records the context's messages bounded", async () => {
		const responses = mockModel(mock.url, "openai-responses");
		c = connect([responses], { waits: { payload: () => false, response: () => false } });
		c.secrets.setKey(responses.provider, KEY, [mock.url]);
		mock.script("openai-responses", [{ text: "Answered." }]);
		const records: RequestRecord[] = [];
		const streamFn = tapRequests(c.streamFn, (record) => records.push(record as RequestRecord));
		const { message } = await collect(await streamFn(responses, longTranscript("Say hi", 150), {}));
		expect(message.stopReason).toBe("stop");
		await vi.waitFor(() => expect(records).toHaveLength(1), { timeout: 10_000 });
		const messages = records[0]?.messages as unknown[];
		expect(messages).toHaveLength(INSPECTOR_LIMITS.messages + 1);
		expect(messages[0]).toBe(`… [${150 - INSPECTOR_LIMITS.messages} earlier messages]`);
		expect(JSON.stringify(messages.at(-1))).toContain("message 149");
	});

	it("the options a tapped call passes on (an extension's provider gets them) hold no way to record a payload", async () => {
		let seen: object | undefined;
		const streamFn = tapRequests(
			async (target, _context, options) => {
				seen = options;
				return createGatewayStreamFn({ stream: async () => undefined, abort: async () => undefined }, { proxy: (sink) => sink })(target, transcript(), {
					signal: AbortSignal.abort(),
				});
			},
			() => undefined,
		);
		await collect(await streamFn(model(), transcript(), { maxTokens: 5 }));
		expect(Reflect.ownKeys(seen ?? {})).toEqual(["maxTokens"]);
	});

	it("a worker whose sink never answers the report still gets its reply", async () => {
		c = connect([model()], { waits: { payload: () => false, response: () => false } }, { observed: () => new Promise(() => undefined) });
		c.secrets.setKey("openai", KEY, [mock.url]);
		mock.script("openai-completions", [{ text: "ok" }]);
		const { message } = await collect(await tapRequests(c.streamFn, () => undefined)(model(), transcript("Say hi", false), {}));
		expect(message.stopReason).toBe("stop");
		const body = JSON.stringify(mock.requests.filter((request) => request.method === "POST")[0].body);
		expect(body).toContain("Say hi");
	});

	it("a runtime without provider hooks still records each request's payload as sent, for its inspector", async () => {
		const secrets = new SecretStore(new MemoryStorage());
		secrets.setKey("openai", KEY, [mock.url]);
		const source = `export default function (pi) { pi.on("tool_call", () => undefined); }`;
		const { runtime, events, close } = await startGatewayRuntime({ source, secrets, model: model() });
		mock.script("openai-completions", [{ text: "Recorded." }]);
		await runtime.submit("Say hi to the inspector");
		// The inspector sends its records in batches, a little after they were made.
		await vi.waitFor(() => expect(events.some((event) => event.type === "inspector" && event.requests.length > 0)).toBe(true), { timeout: 10_000 });
		const requests = events.flatMap((event) => (event.type === "inspector" ? event.requests : [])) as RequestRecord[];
		expect(requests).toHaveLength(1);
		expect(JSON.stringify(requests[0].payload)).toContain("Say hi to the inspector");
		expect(requests[0].payloadReplaced).toBe(false);
		expect(JSON.stringify(requests[0].payload)).not.toContain(KEY);
		await close();
	});
});
