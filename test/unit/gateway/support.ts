// Shared set-up for the gateway tests: the main-thread gateway exposed on one end of a real MessageChannel with
// Comlink, the worker's stream function on the other, and a record of everything that crossed towards the worker.
import type { StreamFn } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, AssistantMessageEvent, Context, Model, Tool } from "@earendil-works/pi-ai";
import { normalizeContext } from "@earendil-works/pi-ai";
import * as Comlink from "comlink";
import { EndpointStore } from "../../../src/host/keys/endpoints.ts";
import { ProviderGateway } from "../../../src/host/gateway/gateway.ts";
import { exposeGateway } from "../../../src/host/gateway/gateway-port.ts";
import { hostModels } from "../../../src/host/gateway/models.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { createGatewayStreamFn, type GatewayLike, type GatewayStreamConfig } from "../../../src/runtime/models/gateway-stream.ts";
import type { GatewaySink, ProviderGatewayApi } from "../../../src/protocol/gateway.ts";
import type { RegisteredProviderInfo, RuntimeConfig, RuntimeEvent } from "../../../src/protocol/runtime.ts";
import { Runtime } from "../../../src/runtime/runtime.ts";
import { newSessionHeader } from "../../../src/session/entries.ts";
import { EXT_ORIGIN } from "../../support/runtime-harness.ts";

export const KEY = "sk-gateway-test-0123456789abcdef";

export const tools: Tool[] = [
	{ name: "read", description: "Read a file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
	{ name: "ls", description: "List a directory", parameters: { type: "object", properties: { dir: { type: "string" } }, required: ["dir"] } },
];

export function transcript(text = "Hi", withTools = true) {
	const context: Context = {
		systemPrompt: "You are under test.",
		messages: [{ role: "user", content: text, timestamp: Date.now() }],
		...(withTools ? { tools } : {}),
	};
	return normalizeContext(context);
}

/** A catalog of the given models, in pi-ai's shape (a stand-in for the real one, whose models point at real servers). */
export function catalogOf(models: readonly Model<Api>[]) {
	return async () => ({ getModels: (provider: string) => models.filter((model) => model.provider === provider) });
}

export interface Connection {
	secrets: SecretStore;
	endpoints: EndpointStore;
	/** The models the gateway knows besides the custom endpoints: add to it to make one known. */
	catalog: Model<Api>[];
	/** The providers the page lists as registered by extensions. */
	registered: RegisteredProviderInfo[];
	gateway: ProviderGateway;
	remote: Comlink.Remote<ProviderGatewayApi>;
	streamFn: StreamFn;
	/** Everything the gateway sent to the worker side: event batches, payloads, responses, return values. */
	received: unknown[];
	close(): void;
}

/**
 * The gateway on port1 (the main thread's end), the stream function on port2 (the worker's end); the gateway knows
 * the models of `catalog`, the custom endpoints and the providers of `registered`. `sinkAnswers` answers the
 * gateway in the worker's stead.
 */
export function connect(catalog: Model<Api>[] = [], config: GatewayStreamConfig = {}, sinkAnswers: Pick<GatewaySink, "observed"> = {}): Connection {
	const storage = new MemoryStorage();
	const secrets = new SecretStore(storage);
	const endpoints = new EndpointStore(secrets, storage);
	const registered: RegisteredProviderInfo[] = [];
	const models = hostModels({ endpoints, registered: () => registered, catalog: catalogOf(catalog) });
	const gateway = new ProviderGateway({ secrets, isKeyless: (name) => endpoints.isKeyless(name), models });
	const channel = new MessageChannel();
	exposeGateway(gateway, channel.port1);
	const remote = Comlink.wrap<ProviderGatewayApi>(channel.port2);
	const received: unknown[] = [];
	// Wraps the worker's sink, so that every call the gateway makes on it is recorded before it is answered.
	const recording: GatewayLike = {
		stream: async (request, sink: GatewaySink) => {
			const result = await remote.stream(
				request,
				Comlink.proxy<GatewaySink>({
					events: (batch) => {
						received.push(batch);
						return sink.events(batch);
					},
					payload: async (payload) => {
						received.push(payload);
						return sink.payload(payload);
					},
					observed: (payload) => {
						received.push(payload);
						return sinkAnswers.observed ? sinkAnswers.observed(payload) : sink.observed?.(payload);
					},
					response: async (response) => {
						received.push(response);
						return sink.response(response);
					},
				}),
			);
			received.push(result);
			return result;
		},
		abort: async (id) => {
			const result = await remote.abort(id);
			received.push(result);
		},
	};
	const streamFn = createGatewayStreamFn(recording, { ...config, proxy: (sink) => sink });
	return {
		secrets,
		endpoints,
		catalog,
		registered,
		gateway,
		remote,
		streamFn,
		received,
		close() {
			remote[Comlink.releaseProxy]();
			channel.port1.close();
			channel.port2.close();
		},
	};
}

export async function collect(stream: AsyncIterable<AssistantMessageEvent> & { result(): Promise<AssistantMessage> }) {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, message: await stream.result() };
}

/** Drops what differs between two runs of the same reply: times, ids, signatures. */
export function normalize(value: unknown): unknown {
	return JSON.parse(JSON.stringify(value), (key, v) =>
		["timestamp", "durationMs", "responseId", "id", "thinkingSignature", "textSignature", "thoughtSignature"].includes(key) ? undefined : v,
	);
}

/**
 * A runtime under Node whose extension (`source`, served as `name`) and model requests go through a real
 * gateway on a MessageChannel; `model` starts selected, `config` adds to the runtime's start config. The gateway
 * knows the models of `catalog` (default: `model`) and the providers the runtime reports as registered, as the
 * page does.
 */
export async function startGatewayRuntime(options: {
	source: string;
	secrets: SecretStore;
	name?: string;
	model?: Model<Api>;
	catalog?: Model<Api>[];
	config?: Partial<RuntimeConfig>;
}) {
	const { source, secrets, name = "ext.ts", model, config } = options;
	const channel = new MessageChannel();
	let registered: RegisteredProviderInfo[] = [];
	const models = hostModels({ registered: () => registered, catalog: catalogOf(options.catalog ?? (model ? [model] : [])) });
	exposeGateway(new ProviderGateway({ secrets, models }), channel.port1);
	const events: RuntimeEvent[] = [];
	const runtime = new Runtime({ fetch: async () => new Response(source), scriptedTokensPerSecond: 0 });
	await runtime.start(
		{
			session: { header: newSessionHeader("/workspace"), entries: [], leafId: null },
			extensions: [EXT_ORIGIN + name],
			script: [],
			gatewayPort: channel.port2,
			...(model ? { model: { provider: model.provider, id: model.id, model } } : {}),
			...config,
		},
		{
			emit: (e) => {
				events.push(e);
				if (e.type === "providers_changed") registered = e.providers;
			},
			requestUI: async () => ({ cancelled: true }),
			cancelUI: () => {},
		},
	);
	const close = async () => {
		await runtime.shutdown();
		channel.port1.close();
		channel.port2.close();
	};
	return { runtime, events, close, entries: () => events.flatMap((e) => (e.type === "entry_appended" ? [e.entry] : [])) };
}
