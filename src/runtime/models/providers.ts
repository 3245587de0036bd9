/**
 * Providers extensions register (`pi.registerProvider` / `unregisterProvider`), applied once the runtime is up
 * and after every later registration. An HTTP provider (`baseUrl`, `api`, `models`, `headers`) is answered by the
 * gateway; its `apiKey`, when it names an environment variable, is the name the user stores
 * the key under in the page (extension code never holds a key). A provider with its own `streamSimple` answers
 * in the worker.
 */
import type { StreamFn } from "@earendil-works/pi-agent-core";
import { createAssistantMessageEventStream, type Api, type AssistantMessageEventStream, type Model } from "@earendil-works/pi-ai";
import type { ProviderConfig, ProviderModelConfig } from "../../api/types.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import { failedMessage } from "../../session/messages.ts";

const ZERO_COST = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
/** An environment variable's name, as `apiKey` usually gives it (`GATEWAY_API_KEY`). */
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

interface Registered {
	name: string;
	extension: RegisteredExtension;
	config: ProviderConfig;
	models: Model<Api>[];
	keyName?: string;
}

export interface ProviderRegistryHooks {
	notice(extension: RegisteredExtension, text: string): void;
	/** Runs extension code under the watchdog's record. */
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T;
}

function modelOf(name: string, config: ProviderConfig, model: ProviderModelConfig): Model<Api> {
	const headers = { ...config.headers, ...model.headers };
	return {
		id: model.id,
		name: model.name ?? model.id,
		api: (model.api ?? config.api) as Api,
		provider: name,
		baseUrl: config.baseUrl ?? "",
		reasoning: model.reasoning ?? false,
		input: model.input ?? ["text"],
		cost: model.cost ?? ZERO_COST,
		contextWindow: model.contextWindow ?? 128_000,
		maxTokens: model.maxTokens ?? 16_384,
		...(Object.keys(headers).length > 0 ? { headers } : {}),
		...(model.compat !== undefined ? { compat: model.compat } : {}),
	} as Model<Api>;
}

/** Why a registration cannot be used, or undefined when it can. */
function problemOf(config: ProviderConfig): string | undefined {
	if (!config || typeof config !== "object") return "its config is not an object";
	if (!Array.isArray(config.models) || config.models.length === 0) return "it has no models (changing a built-in provider's base URL is not supported)";
	const bad = config.models.find((model) => !model || typeof model.id !== "string" || !model.id);
	if (bad) return "a model has no id";
	if (typeof config.streamSimple === "function") return undefined;
	if (typeof config.baseUrl !== "string" || !/^https?:\/\//.test(config.baseUrl)) return "it needs an http(s) baseUrl (or its own streamSimple)";
	if (config.models.some((model) => typeof (model.api ?? config.api) !== "string")) return "it names no api";
	return undefined;
}

export class ProviderRegistry {
	private providers = new Map<string, Registered>();

	constructor(private readonly hooks: ProviderRegistryHooks) {}

	/** Rebuilds the registry from every loaded extension's registrations, in load order; true when it changed. */
	sync(extensions: RegisteredExtension[]): boolean {
		const before = JSON.stringify(this.info());
		const next = new Map<string, Registered>();
		for (const extension of extensions) {
			if (!extension.loaded) continue;
			for (const [name, config] of extension.providers) {
				if (config === null) {
					next.delete(name);
					continue;
				}
				const problem = problemOf(config);
				if (problem) {
					this.hooks.notice(extension, `registerProvider("${name}") ignored: ${problem}`);
					continue;
				}
				if (config.oauth) {
					const instead = typeof config.streamSimple === "function" ? "" : "; the page asks for a key instead";
					this.hooks.notice(extension, `registerProvider("${name}"): OAuth sign-in is not supported in the browser${instead}`);
				}
				const keyName = typeof config.apiKey === "string" && ENV_NAME.test(config.apiKey) ? config.apiKey : undefined;
				if (config.apiKey && !keyName && typeof config.streamSimple !== "function") {
					this.hooks.notice(extension, `registerProvider("${name}"): a literal apiKey is not sent; the page asks the user for the key`);
				}
				next.set(name, { name, extension, config, models: config.models!.map((model) => modelOf(name, config, model)), ...(keyName ? { keyName } : {}) });
			}
		}
		this.providers = next;
		return JSON.stringify(this.info()) !== before;
	}

	models(): Model<Api>[] {
		return [...this.providers.values()].flatMap((provider) => provider.models);
	}

	has(provider: string): boolean {
		return this.providers.has(provider);
	}

	/** The name the user stores the provider's key under: its `apiKey` variable, else the provider's name. */
	keyName(provider: string): string | undefined {
		const registered = this.providers.get(provider);
		return registered ? (registered.keyName ?? registered.name) : undefined;
	}

	/** True for providers answered in the worker by the extension's own `streamSimple`. */
	isLocal(provider: string): boolean {
		return typeof this.providers.get(provider)?.config.streamSimple === "function";
	}

	/** The extension's `streamSimple`, run under the watchdog; a throw becomes an error reply. */
	streamFor(provider: string): StreamFn | undefined {
		const registered = this.providers.get(provider);
		const streamSimple = registered?.config.streamSimple;
		if (!registered || typeof streamSimple !== "function") return undefined;
		return (model, context, options) => {
			try {
				const stream = this.hooks.track(registered.extension, `provider ${provider}`, () =>
					streamSimple(model, context, options),
				) as AssistantMessageEventStream;
				if (!stream || typeof (stream as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== "function") {
					throw new TypeError("streamSimple did not return an AssistantMessageEventStream");
				}
				return stream;
			} catch (error) {
				const failed = createAssistantMessageEventStream();
				const text = `Provider "${provider}" of extension "${registered.extension.name}" failed: ${error instanceof Error ? error.message : String(error)}`;
				failed.push({ type: "error", reason: "error", error: failedMessage(model, "error", text) });
				failed.end();
				return failed;
			}
		};
	}

	/** What the page shows in its model picker and key dialog. */
	info(): RegisteredProviderInfo[] {
		return [...this.providers.values()].map((provider) => ({
			name: provider.name,
			extension: provider.extension.name,
			local: typeof provider.config.streamSimple === "function",
			...(provider.keyName ? { keyName: provider.keyName } : {}),
			models: JSON.parse(JSON.stringify(provider.models)) as Model<Api>[],
		}));
	}
}
