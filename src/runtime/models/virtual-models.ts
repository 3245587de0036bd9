/**
 * Virtual models (`pi.registerVirtualModel`), as upstream pi 1.6 has them: a selectable catalog
 * entry (api "pi-virtual") that never reaches a provider. Each request for it asks the extension's
 * `route` for a physical model, which then answers; the router's state is kept on the session
 * branch as a `pi.virtual-model-state` custom entry.
 */
import type { Context, Model } from "@earendil-works/pi-ai";
import type { ExtensionContext, ExtensionVirtualModel, ModelRouteReason, ThinkingLevel } from "../../api/types.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";
import type { SessionTree } from "../../session/tree.ts";

export const VIRTUAL_MODEL_API = "pi-virtual";
export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";
const THINKING_LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

export function isVirtualModel(model: { api: string }): boolean {
	return model.api === VIRTUAL_MODEL_API;
}

/** The catalog entry of a virtual model (upstream's createVirtualModel). */
export function catalogEntry(definition: ExtensionVirtualModel): Model<string> {
	const levels = definition.thinkingLevels ?? ["off"];
	const thinkingLevelMap = Object.fromEntries(THINKING_LEVELS.map((level) => [level, levels.includes(level) ? level : null]));
	return {
		id: definition.id,
		name: definition.name,
		api: VIRTUAL_MODEL_API,
		provider: definition.provider,
		baseUrl: "",
		reasoning: levels.some((level) => level !== "off"),
		thinkingLevelMap,
		input: definition.input ?? ["text", "image"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: definition.contextWindow ?? 0,
		maxTokens: definition.maxTokens ?? 0,
	} as Model<string>;
}

/** Every virtual model the loaded extensions registered; a later registration of the same name wins. */
export function registeredVirtualModels(extensions: readonly RegisteredExtension[]): { extension: RegisteredExtension; definition: ExtensionVirtualModel }[] {
	const byName = new Map<string, { extension: RegisteredExtension; definition: ExtensionVirtualModel }>();
	for (const extension of extensions) {
		if (!extension.loaded) continue;
		for (const [name, definition] of extension.virtualModels) byName.set(name, { extension, definition });
	}
	return [...byName.values()];
}

export interface RouteDeps {
	extensions(): readonly RegisteredExtension[];
	tree(): SessionTree;
	context(extension: RegisteredExtension, signal?: AbortSignal): ExtensionContext;
	thinkingLevel(): ThinkingLevel;
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T;
}

function stateOf(tree: SessionTree, provider: string, modelId: string): unknown {
	const branch = tree.getBranch();
	for (let i = branch.length - 1; i >= 0; i--) {
		const entry = branch[i] as { type: string; customType?: string; data?: { provider?: string; modelId?: string; state?: unknown } };
		if (entry.type === "custom" && entry.customType === VIRTUAL_MODEL_STATE_ENTRY && entry.data?.provider === provider && entry.data.modelId === modelId)
			return entry.data.state;
	}
	return undefined;
}

/** The physical model for one request to a virtual model; throws a clear error when it cannot route. */
export async function routeVirtualModel(deps: RouteDeps, model: Model<string>, context: Context, signal?: AbortSignal): Promise<Model<string>> {
	const found = registeredVirtualModels(deps.extensions()).find(({ definition }) => definition.provider === model.provider && definition.id === model.id);
	if (!found) throw new Error(`Virtual model ${model.provider}/${model.id} is not registered`);
	const { extension, definition } = found;
	const tree = deps.tree();
	const last = context.messages.at(-1);
	const reason: ModelRouteReason = last?.role === "user" ? "user" : "continuation";
	const state = stateOf(tree, model.provider, model.id);
	const request = { model, thinkingLevel: deps.thinkingLevel(), reason, state, messages: context.messages, signal };
	const route = await deps.track(extension, `virtual model ${model.provider}/${model.id}`, () => definition.route(request, deps.context(extension, signal)));
	if (!route?.model || isVirtualModel(route.model)) throw new Error(`Virtual model ${model.provider}/${model.id} must route to a physical model`);
	if (route.state !== undefined && route.state !== state) {
		tree.append({ type: "custom", customType: VIRTUAL_MODEL_STATE_ENTRY, data: { provider: model.provider, modelId: model.id, state: route.state } });
	}
	return route.model;
}
