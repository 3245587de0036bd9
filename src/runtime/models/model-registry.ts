/**
 * `ctx.modelRegistry`, upstream pi's facade over the models and their authentication, as Playa can offer it:
 * the models the runtime knows (offline, virtual, registered by extensions, and the catalog models whose key
 * the page holds), and requests to them routed like the agent's own (scripted and manual models here, an
 * extension's `streamSimple` here, the rest through the provider gateway).
 *
 * Keys never reach extension code: where upstream hands out a key, this hands out an opaque handle naming the
 * provider. A request that carries a handle (or no key) is answered by the gateway with the stored key.
 */
import {
	createAssistantMessageEventStream,
	type Api,
	type AssistantMessage,
	type AssistantMessageEventStream,
	type Context,
	type Model,
	normalizeContext,
	type SimpleStreamOptions,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import type { ModelRegistry } from "../../api/types.ts";
import { failedMessage } from "../../session/messages.ts";

/** Prefix of the stand-ins Playa gives extensions instead of keys; the rest names the provider. */
export const KEY_HANDLE_PREFIX = "playa-key-handle:";

export function keyHandle(provider: string): string {
	return `${KEY_HANDLE_PREFIX}${provider}`;
}

export function isKeyHandle(value: unknown): value is string {
	return typeof value === "string" && value.startsWith(KEY_HANDLE_PREFIX);
}

/** A request the runtime answers; it resolves with the stream (a virtual model may route first). */
export type RoutedStream = (model: Model<Api>, context: TranscriptContext, options?: SimpleStreamOptions) => Promise<AssistantMessageEventStream>;

export interface ModelRegistryDeps {
	/** Every model the runtime knows (runtime.listModels). */
	models(): Model<Api>[];
	/** Whether a request to the model can be authenticated: answered here, or its key is stored. */
	hasAuth(model: Model<Api>): boolean;
	stream: RoutedStream;
}

export type ResolvedRequestAuth = { ok: true; apiKey?: string; headers?: Record<string, string> } | { ok: false; error: string };

/** A stream that replays the one `pending` resolves with; a rejection becomes an error reply. */
export function deferredStream(model: Model<Api>, pending: Promise<AssistantMessageEventStream>): AssistantMessageEventStream {
	const out = createAssistantMessageEventStream();
	void (async () => {
		try {
			for await (const event of await pending) out.push(event);
		} catch (error) {
			const text = error instanceof Error ? error.message : String(error);
			out.push({ type: "error", reason: "error", error: failedMessage(model, "error", text) });
		}
		out.end();
	})();
	return out;
}

/** The options the runtime forwards: any key an extension passes is a handle or its own, never needed here. */
function withoutKey(options: SimpleStreamOptions | undefined): SimpleStreamOptions | undefined {
	if (!options || !("apiKey" in options)) return options;
	const { apiKey: _apiKey, ...rest } = options;
	return rest;
}

export class PlayaModelRegistry implements ModelRegistry {
	constructor(private readonly deps: ModelRegistryDeps) {
		// Upstream's methods are used detached (`const { find } = ctx.modelRegistry`) by some extensions.
		for (const name of Object.getOwnPropertyNames(PlayaModelRegistry.prototype)) {
			const value = (this as unknown as Record<string, unknown>)[name];
			if (name !== "constructor" && typeof value === "function") (this as unknown as Record<string, unknown>)[name] = value.bind(this);
		}
	}

	/** Nothing to reload: the list follows the page's keys and the extensions' registrations. */
	async refresh(): Promise<{ ok: true }> {
		return { ok: true };
	}

	getError(): string | undefined {
		return undefined;
	}

	/** The models Playa knows; pi-ai's catalog models appear once their provider has a key in the page. */
	getAll(): Model<Api>[] {
		return this.deps.models();
	}

	getAvailable(): Model<Api>[] {
		return this.deps.models().filter((model) => this.deps.hasAuth(model));
	}

	find(provider: string, modelId: string): Model<Api> | undefined {
		return this.deps.models().find((model) => model.provider === provider && model.id === modelId);
	}

	/** Chat models only: Playa has no image or classifier models. */
	findOfType(type: string, provider: string, modelId: string): Model<Api> | undefined {
		return type === "chat" ? this.find(provider, modelId) : undefined;
	}

	getModelsOfType(type: string, provider?: string): readonly Model<Api>[] {
		if (type !== "chat") return [];
		return this.getAll().filter((model) => provider === undefined || model.provider === provider);
	}

	async getAvailableOfType(type: string, provider?: string): Promise<readonly Model<Api>[]> {
		return this.getModelsOfType(type, provider).filter((model) => this.deps.hasAuth(model));
	}

	getModelOfType(type: string, provider: string, modelId: string): Model<Api> | undefined {
		return this.findOfType(type, provider, modelId);
	}

	hasConfiguredAuth(model: Model<Api>): boolean {
		return this.deps.hasAuth(model);
	}

	/** A handle in place of the key: `complete`/`stream` (here or pi-ai's, as Playa gives it) accept it. */
	async getApiKeyAndHeaders(model: Model<Api>): Promise<ResolvedRequestAuth> {
		if (!this.deps.hasAuth(model)) return { ok: false, error: `No API key found for "${model.provider}"` };
		return { ok: true, apiKey: keyHandle(model.provider), ...(model.headers ? { headers: { ...model.headers } } : {}) };
	}

	/** pi's older name: the handle, or undefined without a key. */
	async getApiKey(model: Model<Api>): Promise<string | undefined> {
		return this.deps.hasAuth(model) ? keyHandle(model.provider) : undefined;
	}

	async getApiKeyForProvider(provider: string): Promise<string | undefined> {
		const model = this.deps.models().find((candidate) => candidate.provider === provider);
		return model && this.deps.hasAuth(model) ? keyHandle(provider) : undefined;
	}

	getProviderAuthStatus(provider: string): { configured: boolean; source?: string } {
		const model = this.deps.models().find((candidate) => candidate.provider === provider);
		return model && this.deps.hasAuth(model) ? { configured: true, source: "page" } : { configured: false };
	}

	getProviderDisplayName(provider: string): string {
		return provider;
	}

	isUsingOAuth(_model: Model<Api>): boolean {
		return false;
	}

	stream(model: Model<Api>, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream {
		return deferredStream(model, this.deps.stream(model, normalizeContext(context), withoutKey(options)));
	}

	streamSimple(model: Model<Api>, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream {
		return this.stream(model, context, options);
	}

	async complete(model: Model<Api>, context: Context, options?: SimpleStreamOptions): Promise<AssistantMessage> {
		return (await this.deps.stream(model, normalizeContext(context), withoutKey(options))).result();
	}
}
