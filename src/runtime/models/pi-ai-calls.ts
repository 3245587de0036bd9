/**
 * pi-ai's `stream`/`complete`/`streamSimple`/`completeSimple` as one runtime gives them to its extensions: a call
 * with no key, or with the handle `ctx.modelRegistry` handed out, is answered like the agent's own requests
 * (scripted, manual and extension providers here; catalog models through the provider gateway, which adds the
 * stored key). A call with a key the extension brought itself, or to an api the extension registered with
 * `registerApiProvider`, goes to pi-ai as it is: no key of the page is involved.
 */
import { normalizeContext, type Api, type AssistantMessageEventStream, type Context, type Model, type SimpleStreamOptions } from "@earendil-works/pi-ai";
import type * as PiAiView from "../../modules/pi-ai.ts";
import { deferredStream, isKeyHandle, type RoutedStream } from "./model-registry.ts";

type PiAi = typeof PiAiView;
type Call = (model: Model<Api>, context: Context, options?: SimpleStreamOptions) => AssistantMessageEventStream;

export function routePiAiCalls(piAi: PiAi, route: RoutedStream): PiAi {
	// The apis pi-ai ships; one registered later is an extension's own.
	const builtinApis = new Set(piAi.getApiProviders().map((provider) => provider.api));
	const routed =
		(own: Call): Call =>
		(model, context, options) => {
			const apiKey = options?.apiKey;
			const ownKey = apiKey !== undefined && !isKeyHandle(apiKey);
			const ownApi = !builtinApis.has(model.api) && piAi.getApiProvider(model.api) !== undefined;
			if (ownKey || ownApi) return own(model, context, options);
			const { apiKey: _handle, ...rest } = options ?? {};
			return deferredStream(model, route(model, normalizeContext(context), rest));
		};
	const stream = routed(piAi.stream as Call);
	const streamSimple = routed(piAi.streamSimple as Call);
	return {
		...piAi,
		stream: stream as PiAi["stream"],
		streamSimple: streamSimple as PiAi["streamSimple"],
		complete: ((model: Model<Api>, context: Context, options?: SimpleStreamOptions) => stream(model, context, options).result()) as PiAi["complete"],
		completeSimple: ((model: Model<Api>, context: Context, options?: SimpleStreamOptions) =>
			streamSimple(model, context, options).result()) as PiAi["completeSimple"],
	};
}
