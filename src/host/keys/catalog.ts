/**
 * The models the picker offers: pi-ai's catalog (loaded on demand: it is large and stays out of the first
 * load), grouped by provider, providers with a stored key first, then the usual ones, then the rest; plus the
 * user's custom endpoints. Providers whose sign-in cannot work in a browser are listed with the reason.
 * Runs in the page (the model picker) and in the gateway's worker (the models it answers for).
 */
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import type { Api, Model, ModelThinkingLevel } from "@earendil-works/pi-ai";
import { endpointModel, providerOf, type CustomEndpoint } from "./endpoints.ts";
import { originOf } from "./secrets.ts";

/** The part of pi-ai's compat module the catalog needs (a fake in tests). */
export interface CatalogSource {
	getProviders(): string[];
	getModels(provider: string): Model<Api>[];
	getSupportedThinkingLevels(model: Model<Api>): ModelThinkingLevel[];
}

export interface CatalogProvider {
	provider: string;
	label: string;
	hasKey: boolean;
	/** Where its key is sent: the origins of its models' base URLs. */
	origins: string[];
	models: Model<Api>[];
	custom?: boolean;
	/** Registered by an extension: by which one, and the name its key is stored under. */
	extension?: string;
	keyName?: string;
	/** Answered by the extension's own code in the worker: no key. */
	local?: boolean;
	/** Why it cannot be used from a browser, when it cannot. */
	unavailable?: string;
}

/** The order the issue names them in, after the providers with a key. */
export const FEATURED_PROVIDERS = ["anthropic", "openai", "google", "openrouter", "groq", "xai", "mistral"];

const LABELS: Record<string, string> = {
	anthropic: "Anthropic",
	openai: "OpenAI",
	google: "Google Gemini",
	openrouter: "OpenRouter",
	groq: "Groq",
	xai: "xAI",
	mistral: "Mistral",
	deepseek: "DeepSeek",
	cerebras: "Cerebras",
	together: "Together AI",
	fireworks: "Fireworks",
	huggingface: "Hugging Face",
	"vercel-ai-gateway": "Vercel AI Gateway",
	nvidia: "NVIDIA",
	zai: "Z.ai",
	moonshotai: "Moonshot AI",
	minimax: "MiniMax",
};

/** Providers whose authentication needs more than a key a user can paste. */
export const BROWSER_UNAVAILABLE: Record<string, string> = {
	"amazon-bedrock": "needs AWS request signing, which Playa does not do in a browser",
	"google-vertex": "needs Google Cloud credentials, not an API key",
	"openai-codex": "needs a ChatGPT sign-in (OAuth), which does not work in a browser",
	"github-copilot": "needs a GitHub sign-in (OAuth), which does not work in a browser",
	"kimi-coding": "needs a sign-in (OAuth), which does not work in a browser",
	azure: "needs your Azure resource's address; add it as a custom endpoint",
	"cloudflare-workers-ai": "needs your Cloudflare account id; add it as a custom endpoint",
	"cloudflare-ai-gateway": "needs your Cloudflare gateway's address; add it as a custom endpoint",
};

export function providerLabel(provider: string): string {
	return LABELS[provider] ?? provider;
}

export function originsOf(models: Model<Api>[]): string[] {
	return [...new Set(models.map((model) => originOf(model.baseUrl)).filter((origin): origin is string => origin !== undefined))];
}

function rank(entry: CatalogProvider): [number, number, string] {
	const featured = FEATURED_PROVIDERS.indexOf(entry.provider);
	return [entry.hasKey ? 0 : entry.unavailable ? 2 : 1, featured < 0 ? FEATURED_PROVIDERS.length : featured, entry.label.toLowerCase()];
}

function compare(a: CatalogProvider, b: CatalogProvider): number {
	const [x, y] = [rank(a), rank(b)];
	return x[0] - y[0] || x[1] - y[1] || x[2].localeCompare(y[2]);
}

/**
 * A provider's chat models by name, and their origins, once per catalog: the catalog does not change once loaded,
 * and the page lists it again whenever a key, an endpoint or a runtime's providers change.
 */
const chatModelsOf = new WeakMap<CatalogSource, Map<string, { models: Model<Api>[]; origins: string[] }>>();

function chatModels(source: CatalogSource, provider: string): { models: Model<Api>[]; origins: string[] } {
	let byProvider = chatModelsOf.get(source);
	if (!byProvider) chatModelsOf.set(source, (byProvider = new Map()));
	let listed = byProvider.get(provider);
	if (!listed) {
		const models = source
			.getModels(provider)
			.filter((model) => model.type === undefined || model.type === "chat")
			.sort((a, b) => a.name.localeCompare(b.name));
		byProvider.set(provider, (listed = { models, origins: originsOf(models) }));
	}
	return listed;
}

/** Providers with their chat models; those with a key (or a keyless custom endpoint) first. */
export function buildCatalog(
	source: CatalogSource,
	hasKey: (provider: string) => boolean,
	endpoints: CustomEndpoint[] = [],
	registered: RegisteredProviderInfo[] = [],
): CatalogProvider[] {
	const entries: CatalogProvider[] = source.getProviders().map((provider) => {
		const { models, origins } = chatModels(source, provider);
		const unavailable = BROWSER_UNAVAILABLE[provider];
		return {
			provider,
			label: providerLabel(provider),
			hasKey: hasKey(provider),
			origins: [...origins],
			models: [...models],
			...(unavailable ? { unavailable } : {}),
		};
	});
	for (const endpoint of endpoints) {
		const provider = providerOf(endpoint);
		entries.push({
			provider,
			label: endpoint.label,
			hasKey: true,
			origins: originsOf([endpointModel(endpoint)]),
			models: [endpointModel(endpoint)],
			custom: true,
		});
	}
	for (const provider of registered) {
		// An extension's provider of a built-in name replaces it for as long as it is registered.
		const index = entries.findIndex((entry) => entry.provider === provider.name);
		if (index >= 0) entries.splice(index, 1);
		const keyName = provider.keyName ?? provider.name;
		entries.push({
			provider: provider.name,
			label: `${provider.name} (from ${provider.extension})`,
			hasKey: provider.local || hasKey(keyName),
			origins: provider.local ? [] : originsOf(provider.models),
			models: provider.models,
			extension: provider.extension,
			...(provider.local ? { local: true } : { keyName }),
		});
	}
	return entries.filter((entry) => entry.models.length > 0).sort(compare);
}

export function findModel(catalog: CatalogProvider[], provider: string, id: string): Model<Api> | undefined {
	return catalog.find((entry) => entry.provider === provider)?.models.find((model) => model.id === id);
}

/** The thinking levels a model accepts ("off" only for models without reasoning). */
export function thinkingLevels(source: Pick<CatalogSource, "getSupportedThinkingLevels"> | undefined, model: Model<Api> | undefined): ModelThinkingLevel[] {
	if (!model?.reasoning) return ["off"];
	if (!source) return ["off", "minimal", "low", "medium", "high"];
	try {
		const levels = source.getSupportedThinkingLevels(model);
		return levels.length > 0 ? levels : ["off"];
	} catch {
		return ["off", "minimal", "low", "medium", "high"];
	}
}

let catalogSource: Promise<CatalogSource> | undefined;

/** pi-ai's catalog, imported when first needed; one per thread, so each provider is listed once (a failed load is tried again). */
export function loadCatalogSource(): Promise<CatalogSource> {
	catalogSource ??= import("@earendil-works/pi-ai/compat").then(
		(piAi) => ({
			getProviders: () => piAi.getProviders() as string[],
			getModels: (provider) => piAi.getModels(provider as Parameters<typeof piAi.getModels>[0]) as Model<Api>[],
			getSupportedThinkingLevels: (model) => piAi.getSupportedThinkingLevels(model),
		}),
		(error: unknown) => {
			catalogSource = undefined;
			throw error;
		},
	);
	return catalogSource;
}
