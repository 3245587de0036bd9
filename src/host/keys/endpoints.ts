/**
 * Custom OpenAI-compatible endpoints the user adds (a local Ollama, LM Studio, llama.cpp, vLLM, or any hosted
 * service that speaks OpenAI chat completions): base URL, model id, optional key. The endpoint itself is no
 * secret and lives in localStorage beside the keys; its key, if any, goes to the SecretStore bound to the
 * endpoint's origin. Each endpoint is a pi-ai model of its own provider, `custom:<id>`.
 * Runs in the page (the Model panel) and in the gateway's worker (a copy of the stored endpoints).
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import { originOf, pageStorage, type KeyValueStorage, type SecretStore } from "./secrets.ts";

export type CustomApi = "openai-completions" | "openai-responses";

export interface CustomEndpoint {
	id: string;
	label: string;
	baseUrl: string;
	modelId: string;
	api: CustomApi;
	/** Whether the model streams reasoning (sent as `reasoning_effort`). */
	reasoning: boolean;
	contextWindow: number;
	maxTokens: number;
}

export interface NewEndpoint {
	baseUrl: string;
	modelId: string;
	key?: string;
	label?: string;
	api?: CustomApi;
	reasoning?: boolean;
	contextWindow?: number;
	maxTokens?: number;
}

const ITEM = "playa.customEndpoints";
export const CUSTOM_PREFIX = "custom:";

export function isCustomProvider(provider: string): boolean {
	return provider.startsWith(CUSTOM_PREFIX);
}

/** `http://localhost:11434/v1/` → `http://localhost:11434/v1`; throws a message a user understands. */
export function normalizeBaseUrl(input: string): string {
	const text = input.trim();
	if (!text) throw new Error("Enter the endpoint's base URL, e.g. http://localhost:11434/v1");
	if (!originOf(text)) throw new Error(`"${text}" is not an http:// or https:// address`);
	const url = new URL(text);
	url.hash = "";
	url.search = "";
	const path = url.pathname.replace(/\/+$/, "").replace(/\/chat\/completions$|\/responses$/, "");
	return url.origin + path;
}

export class EndpointStore {
	private readonly listeners = new Set<() => void>();

	constructor(
		private readonly secrets: SecretStore,
		private readonly storage: KeyValueStorage = pageStorage(),
	) {}

	list(): CustomEndpoint[] {
		try {
			const parsed = JSON.parse(this.storage.getItem(ITEM) ?? "[]");
			return Array.isArray(parsed) ? (parsed as CustomEndpoint[]) : [];
		} catch {
			return [];
		}
	}

	get(provider: string): CustomEndpoint | undefined {
		return this.list().find((endpoint) => providerOf(endpoint) === provider);
	}

	/** Adds an endpoint (replacing one with the same base URL and model id) and stores its key, if given. */
	add(input: NewEndpoint): CustomEndpoint {
		const baseUrl = normalizeBaseUrl(input.baseUrl);
		const modelId = input.modelId.trim();
		if (!modelId) throw new Error("Enter the model id the server expects, e.g. llama3.2 or qwen2.5-coder:7b");
		const existing = this.list().find((e) => e.baseUrl === baseUrl && e.modelId === modelId);
		const endpoint: CustomEndpoint = {
			id: existing?.id ?? Math.random().toString(36).slice(2, 10),
			label: input.label?.trim() || `${modelId} at ${new URL(baseUrl).host}`,
			baseUrl,
			modelId,
			api: input.api ?? "openai-completions",
			reasoning: input.reasoning ?? false,
			contextWindow: input.contextWindow ?? 128_000,
			maxTokens: input.maxTokens ?? 8_192,
		};
		const provider = providerOf(endpoint);
		if (input.key?.trim()) this.secrets.setKey(provider, input.key, [baseUrl]);
		else this.secrets.removeKey(provider);
		this.save([...this.list().filter((e) => e.id !== endpoint.id), endpoint]);
		return endpoint;
	}

	remove(id: string): void {
		const endpoint = this.list().find((e) => e.id === id);
		if (!endpoint) return;
		this.secrets.removeKey(providerOf(endpoint));
		this.save(this.list().filter((e) => e.id !== id));
	}

	/** Custom endpoints without a stored key are called without one (the gateway sends a placeholder). */
	isKeyless(provider: string): boolean {
		return this.get(provider) !== undefined && !this.secrets.hasKey(provider);
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** The stored item as it is, for the provider gateway's worker (gateway.worker.ts). */
	items(): Record<string, string> {
		const value = this.storage.getItem(ITEM);
		return value === null ? {} : { [ITEM]: value };
	}

	private save(endpoints: CustomEndpoint[]): void {
		this.storage.setItem(ITEM, JSON.stringify(endpoints));
		for (const listener of this.listeners) listener();
	}
}

export function providerOf(endpoint: CustomEndpoint): string {
	return CUSTOM_PREFIX + endpoint.id;
}

/** The pi-ai model for an endpoint. Costs are unknown, so zero. */
export function endpointModel(endpoint: CustomEndpoint): Model<Api> {
	return {
		id: endpoint.modelId,
		name: endpoint.label,
		api: endpoint.api,
		provider: providerOf(endpoint),
		baseUrl: endpoint.baseUrl,
		reasoning: endpoint.reasoning,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: endpoint.contextWindow,
		maxTokens: endpoint.maxTokens,
	};
}
