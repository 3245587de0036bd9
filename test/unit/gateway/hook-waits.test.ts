// A reply waits for the worker's provider hooks only when extensions handle them: without handlers the gateway
// neither asks for a replacement payload nor reports the response, and a payload the worker only records (its
// inspector) is told without the reply waiting for the answer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GatewayRequest, GatewaySink } from "../../../src/protocol/gateway.ts";
import { createGatewayStreamFn, type GatewayLike } from "../../../src/runtime/models/gateway-stream.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { MemoryStorage, SecretStore } from "../../../src/host/gateway/secrets.ts";
import type { RequestRecord } from "../../../src/protocol/inspector.ts";
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
async function hooksSent(waits: { payload: boolean; response: boolean }, withOptions = true) {
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
	await collect(await streamFn(model(), transcript(), options));
	return sent?.hooks;
}

describe("which hooks hold a reply", () => {
	it("asks for the round trips only for hooks with handlers, and for the payload as sent when it is only recorded", async () => {
		expect(await hooksSent({ payload: false, response: false })).toEqual({ payload: false, response: false, observePayload: true });
		expect(await hooksSent({ payload: true, response: false })).toEqual({ payload: true, response: false });
		expect(await hooksSent({ payload: false, response: true })).toEqual({ payload: false, response: true, observePayload: true });
		// Options without hooks ask for nothing, handlers or not.
		expect(await hooksSent({ payload: true, response: true }, false)).toEqual({ payload: false, response: false });
	});

	it("a payload only observed reaches the worker, and the reply does not wait for the worker's answer", async () => {
		c = connect([model()], { waits: { payload: () => false, response: () => false } });
		c.secrets.setKey("openai", KEY, [mock.url]);
		mock.script("openai-completions", [{ text: "Not held." }]);
		const observed: unknown[] = [];
		const responses: unknown[] = [];
		const stream = await c.streamFn(model(), transcript("Say hi", false), {
			// An answer that never comes: a reply that waited for it would never end.
			onPayload: (payload) => {
				observed.push(payload);
				return new Promise(() => undefined);
			},
			onResponse: (response) => void responses.push(response),
		});
		const { message } = await collect(stream);
		expect(message.stopReason).toBe("stop");
		expect(JSON.stringify(message.content)).toContain("Not held.");
		expect(observed).toHaveLength(1);
		expect(JSON.stringify(observed[0])).toContain("Say hi");
		expect(JSON.stringify(observed[0])).not.toContain(KEY);
		// No handler: the status and headers never cross.
		expect(responses).toEqual([]);
	});

	it("a replacement the worker returns for an observed payload is not sent", async () => {
		c = connect([model()], { waits: { payload: () => false, response: () => false } });
		c.secrets.setKey("openai", KEY, [mock.url]);
		mock.script("openai-completions", [{ text: "ok" }]);
		let told = false;
		const stream = await c.streamFn(model(), transcript("Say hi", false), {
			onPayload: (payload) => {
				told = true;
				return JSON.parse(JSON.stringify(payload).replace("Say hi", "Say bye"));
			},
		});
		await collect(stream);
		expect(told).toBe(true);
		const body = JSON.stringify(mock.requests.filter((request) => request.method === "POST")[0].body);
		expect(body).toContain("Say hi");
		expect(body).not.toContain("Say bye");
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
