/**
 * The models the gateway answers for, from the page's own configuration: the providers extensions registered
 * (as the page lists them in its picker), the user's custom endpoints, then pi-ai's catalog — the same order the
 * picker shows them in (catalog.ts). A request names a provider and a model id; everything that decides where
 * it goes and what it carries (api, base URL, headers) comes from here, never from the request.
 *
 * A registered provider's definition came from the runtime worker too, when the extension registered it; what
 * keeps its key safe is that a key goes only to the origins stored with it, those the user was shown when they
 * entered it (secrets.ts), and the gateway checks every URL pi-ai actually fetches against them (key-fetch.ts).
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import type { CatalogSource } from "../keys/catalog.ts";
import { endpointModel, type EndpointStore } from "../keys/endpoints.ts";
import { originOf } from "../keys/secrets.ts";

/**
 * The apis the gateway calls: those whose pi-ai provider makes every request through the `fetch` it is given,
 * so that the gateway sees each URL before the key goes out. (Bedrock signs with the AWS SDK, Vertex and Codex
 * need a sign-in; none of them can be used from a browser anyway.)
 */
const GATEWAY_API_LIST = [
	"openai-completions",
	"openai-responses",
	"azure-openai-responses",
	"anthropic-messages",
	"google-generative-ai",
	"mistral-conversations",
] as const satisfies readonly Api[];

export type GatewayApi = (typeof GATEWAY_API_LIST)[number];

export const GATEWAY_APIS: ReadonlySet<string> = new Set<GatewayApi>(GATEWAY_API_LIST);

export interface ResolvedModel {
	model: Model<Api>;
	/** The name the model's key is stored under. */
	keyName: string;
	/** A custom endpoint without a key: called with a placeholder. */
	keyless: boolean;
}

export type ModelResolution = { ok: true; resolved: ResolvedModel } | { ok: false; message: string };

export interface GatewayModels {
	resolve(provider: string, id: string): Promise<ModelResolution>;
}

export interface HostModelSources {
	/** The providers extensions registered, as the page last heard of them. */
	registered?(): readonly RegisteredProviderInfo[];
	endpoints?: Pick<EndpointStore, "get" | "isKeyless">;
	/** pi-ai's catalog (or a fake), loaded when first needed. */
	catalog?(): Promise<Pick<CatalogSource, "getModels">>;
}

/** The environment-variable shape the runtime accepts as a registered provider's key name. */
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

function stringRecord(value: unknown): Record<string, string> | undefined {
	if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
	const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
	return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A registered model rebuilt as plain data, or why it cannot be called. */
function registeredModel(provider: RegisteredProviderInfo, id: string): ModelResolution {
	const found = Array.isArray(provider.models) ? provider.models.find((model) => model?.id === id) : undefined;
	if (!found) return { ok: false, message: `The provider ${provider.name} has no model ${id}: the request was not sent` };
	let model: Model<Api>;
	try {
		model = JSON.parse(JSON.stringify(found)) as Model<Api>;
	} catch {
		return { ok: false, message: `The model ${provider.name}/${id} is not plain data: the request was not sent` };
	}
	const headers = stringRecord(model.headers);
	model = { ...model, provider: provider.name, id, ...(headers ? { headers } : {}) };
	if (!headers) delete model.headers;
	const keyName = typeof provider.keyName === "string" && ENV_NAME.test(provider.keyName) ? provider.keyName : provider.name;
	return checked({ model, keyName, keyless: false });
}

function checked(resolved: ResolvedModel): ModelResolution {
	const { model } = resolved;
	if (typeof model.api !== "string" || !GATEWAY_APIS.has(model.api)) {
		return { ok: false, message: `Playa does not call the ${String(model.api)} api from the page: the request to ${model.provider}/${model.id} was not sent` };
	}
	if (typeof model.baseUrl !== "string" || !originOf(model.baseUrl)) {
		return { ok: false, message: `The model ${model.provider}/${model.id} has no http(s) base URL: the request was not sent` };
	}
	return { ok: true, resolved };
}

export function hostModels(sources: HostModelSources): GatewayModels {
	return {
		async resolve(provider, id) {
			const registered = sources.registered?.().find((entry) => entry.name === provider);
			if (registered) {
				if (registered.local) return { ok: false, message: `The provider ${provider} is answered by its extension, not by the page: the request was not sent` };
				return registeredModel(registered, id);
			}
			const endpoint = sources.endpoints?.get(provider);
			if (endpoint) {
				const model = endpointModel(endpoint);
				if (model.id !== id) return { ok: false, message: `The endpoint ${endpoint.label} serves ${model.id}, not ${id}: the request was not sent` };
				return checked({ model, keyName: provider, keyless: sources.endpoints!.isKeyless(provider) });
			}
			const catalog = sources.catalog ? await sources.catalog() : undefined;
			let models: Model<Api>[] = [];
			try {
				models = catalog?.getModels(provider) ?? [];
			} catch {
				// pi-ai throws for a provider it does not know.
			}
			const model = models.find((candidate) => candidate.id === id && (candidate.type === undefined || candidate.type === "chat"));
			if (!model) return { ok: false, message: `Playa does not know the model ${provider}/${id}: the request was not sent` };
			return checked({ model: { ...model }, keyName: provider, keyless: false });
		},
	};
}
