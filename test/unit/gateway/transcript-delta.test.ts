// A request carries only the messages the gateway's port has not had yet (`GatewayRequest.continues`); the gateway
// puts the transcript back together, and the provider still gets all of it. Whatever the gateway does not have —
// another port's transcript, one it forgot, a shorter one — is asked for whole, and nothing reaches the provider
// until it is.
import { normalizeContext, type Message } from "@earendil-works/pi-ai";
import * as Comlink from "comlink";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderGateway } from "../../../src/host/gateway/gateway.ts";
import { exposeGateway } from "../../../src/host/gateway/gateway-port.ts";
import { hostModels } from "../../../src/host/gateway/models.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { TranscriptMemory } from "../../../src/host/gateway/transcript-memory.ts";
import type { GatewayRequest, GatewaySink, GatewayStreamEnd, ProviderGatewayApi } from "../../../src/protocol/gateway.ts";
import { createGatewayStreamFn, type GatewayLike } from "../../../src/runtime/models/gateway-stream.ts";
import { SentTranscript } from "../../../src/runtime/models/sent-transcript.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { catalogOf, collect, KEY } from "./support.ts";

let mock: MockProviders;
const closers: (() => void)[] = [];
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());
beforeEach(() => mock.reset());
afterEach(() => closers.splice(0).forEach((close) => close()));

const model = () => mockModel(mock.url, "openai-completions");

function gateway() {
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey("openai", KEY, [mock.url]);
	return new ProviderGateway({ secrets, models: hostModels({ catalog: catalogOf([model()]) }) });
}

/** A port to `served`, as a runtime gets one: the requests that crossed it and what `stream` answered. */
function port(served: ProviderGateway) {
	const channel = new MessageChannel();
	exposeGateway(served, channel.port1);
	const remote = Comlink.wrap<ProviderGatewayApi>(channel.port2);
	closers.push(() => {
		remote[Comlink.releaseProxy]();
		channel.port1.close();
		channel.port2.close();
	});
	const requests: GatewayRequest[] = [];
	const answers: GatewayStreamEnd[] = [];
	const link: GatewayLike = {
		stream: async (request, sink) => {
			requests.push(structuredClone(request));
			const answer = await remote.stream(request, Comlink.proxy(sink));
			answers.push(answer);
			return answer;
		},
		abort: (id) => remote.abort(id),
	};
	return { remote, requests, answers, streamFn: createGatewayStreamFn(link, { proxy: (sink) => sink }) };
}

const user = (text: string): Message => ({ role: "user", content: text, timestamp: 1 });
const context = (messages: Message[]) => normalizeContext({ systemPrompt: "You are under test.", messages });

/** The texts of the messages the provider got in request `index`. */
function providerTexts(index: number): string[] {
	const body = mock.requests[index]?.body as { messages: { role: string; content: unknown }[] };
	// The system prompt (sent as the developer's message to a reasoning model) is not the conversation's.
	return body.messages
		.filter((message) => message.role !== "system" && message.role !== "developer")
		.map((message) => (typeof message.content === "string" ? message.content : JSON.stringify(message.content)));
}

/** A turn: `messages` sent, the reply appended to them. */
async function turn(streamFn: ReturnType<typeof port>["streamFn"], messages: Message[], reply: string) {
	mock.script("openai-completions", [{ text: reply }]);
	const { message } = await collect(await streamFn(model(), context(messages), {}));
	expect(message.stopReason).toBe("stop");
	return [...messages, message];
}

describe("a transcript crosses to the gateway once", () => {
	it("sends each turn only its new messages, and the provider gets the whole transcript", async () => {
		const { streamFn, requests } = port(gateway());
		let messages = await turn(streamFn, [user("first")], "one");
		// Each turn's messages are new objects (as a `context` handler's copy is): equal data is what counts.
		messages = await turn(streamFn, structuredClone([...messages, user("second")]), "two");
		await turn(streamFn, structuredClone([...messages, user("third")]), "three");

		// The system prompt travels as the first message.
		expect(requests.map((request) => request.context.messages.length)).toEqual([2, 2, 2]);
		expect(requests[0]?.continues).toBeUndefined();
		expect(requests[1]?.continues).toEqual({ id: requests[0]?.id, keep: 2 });
		expect(requests[2]?.continues).toEqual({ id: requests[1]?.id, keep: 4 });
		expect(mock.requests).toHaveLength(3);
		expect(providerTexts(2)).toEqual(["first", "one", "second", "two", "third"]);
	});

	it("sends again from the first message that changed, however it changed", async () => {
		const { streamFn, requests } = port(gateway());
		const messages = await turn(streamFn, [user("first"), user("second")], "one");
		// Changed in place after it was sent: the gateway's copy is the old one, so it crosses again.
		(messages[1] as { content: string }).content = "second, edited";
		await turn(streamFn, [...messages, user("third")], "two");
		expect(requests[1]?.continues).toEqual({ id: requests[0]?.id, keep: 2 });
		expect(providerTexts(1)).toEqual(["first", "second, edited", "one", "third"]);

		// A compaction replaces the start: only the system prompt is shared.
		await turn(streamFn, [user("summary"), user("fourth")], "three");
		expect(requests[2]?.continues).toEqual({ id: requests[1]?.id, keep: 1 });
		expect(requests[2]?.context.messages).toHaveLength(2);
		expect(providerTexts(2)).toEqual(["summary", "fourth"]);
	});

	it("a transcript the gateway no longer has is sent whole, and nothing reaches the provider before it is", async () => {
		const served = gateway();
		const memory = new TranscriptMemory();
		const requests: GatewayRequest[] = [];
		const answers: GatewayStreamEnd[] = [];
		const streamFn = createGatewayStreamFn(
			{
				stream: async (request, sink) => {
					requests.push(structuredClone(request));
					const answer = await served.stream(request, sink, memory);
					answers.push(answer);
					return answer;
				},
				abort: (id) => served.abort(id),
			},
			{ proxy: (sink) => sink },
		);
		const messages = await turn(streamFn, [user("first")], "one");
		memory.forget();
		await turn(streamFn, [...messages, user("second")], "two");

		expect(requests.map((request) => [request.context.messages.length, request.continues?.keep])).toEqual([
			[2, undefined],
			[2, 2],
			[4, undefined],
		]);
		expect(answers).toEqual([undefined, { resend: true }, undefined]);
		expect(requests[2]?.id).toBe(requests[1]?.id);
		expect(mock.requests).toHaveLength(2);
		expect(providerTexts(1)).toEqual(["first", "one", "second"]);
	});

	it("a port never continues another port's transcript, nor more of one than it has", async () => {
		const served = gateway();
		const a = port(served);
		const b = port(served);
		await turn(a.streamFn, [user("secret of a")], "one");
		const from = a.requests[0]!.id;
		const sink = Comlink.proxy<GatewaySink>({ events: () => undefined, payload: async () => undefined, response: async () => undefined });
		const continuing = (id: string, keep: number): GatewayRequest => ({
			id,
			model: { provider: model().provider, id: model().id },
			context: { messages: [user("more")] } as GatewayRequest["context"],
			continues: { id: from, keep },
			options: {},
			hooks: { payload: false, response: false },
		});
		expect(await b.remote.stream(continuing("b-1", 1), sink)).toEqual({ resend: true });
		// a's transcript has two messages: the system prompt and the user's.
		expect(await a.remote.stream(continuing("a-2", 3), sink)).toEqual({ resend: true });
		// Refused, a continued transcript is forgotten: a's next request must send all of it again.
		expect(await a.remote.stream(continuing("a-3", 1), sink)).toEqual({ resend: true });
		expect(mock.requests).toHaveLength(1);
	});
});

describe("what counts as sent", () => {
	it("compares messages as data: anything but plain data, or a key more or less, is sent again", () => {
		const sent = new SentTranscript();
		const base = [user("a"), { ...user("b"), extra: undefined }, { ...user("c"), nan: Number.NaN }] as Message[];
		expect(sent.take("1", base).continues).toBeUndefined();
		expect(sent.take("2", structuredClone(base)).continues).toEqual({ id: "1", keep: 3 });
		const withoutKey = structuredClone(base);
		delete (withoutKey[1] as { extra?: unknown }).extra;
		expect(sent.take("3", withoutKey).continues).toEqual({ id: "2", keep: 1 });
		class Block {
			text = "c";
		}
		const withInstance = structuredClone(withoutKey);
		(withInstance[2] as { content: unknown }).content = [new Block()];
		const taken = sent.take("4", withInstance);
		expect(taken.continues).toEqual({ id: "3", keep: 2 });
		expect(taken.context.messages).toHaveLength(1);
	});

	it("a message that cannot be copied fails the request as posting it would, and the next one is sent whole", () => {
		const sent = new SentTranscript();
		sent.take("1", [user("a")]);
		expect(() => sent.take("2", [user("a"), { ...user("b"), call: () => undefined } as unknown as Message])).toThrow();
		expect(sent.take("3", [user("a"), user("b")]).continues).toBeUndefined();
	});
});
