/**
 * The model parts, one small function each, as compose.ts makes them: the providers extensions register,
 * the models the runtime knows, `ctx.modelRegistry`, the selection of the current model and the policy over
 * them all (the scripted and manual models are made by their own factories). Each takes the parts it uses; a
 * part made after it (the session, the model policy) comes as a getter. Runs in the runtime worker (under
 * Node, in the thread that starts the runtime).
 */
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { AgentSession } from "../agent/session.ts";
import { PlayaModelRegistry } from "../models/model-registry.ts";
import { ModelPolicy } from "../models/model-policy.ts";
import { ProviderRegistry } from "../models/providers.ts";
import { RuntimeModels } from "../models/runtime-models.ts";
import { ModelSelection } from "../models/selection.ts";
import type { RuntimeGateway, RuntimeParts } from "../parts.ts";

/** The providers extensions register: a note about one goes on its extension's panel row. */
export function composeProviders(parts: Pick<RuntimeParts, "panel" | "runner">): ProviderRegistry {
	const { panel, runner } = parts;
	return new ProviderRegistry({
		notice: (extension, text) => panel.notice(extension, text),
		track: (extension, where, call) => runner.track(extension, where, call),
	});
}

/** Every model the runtime knows: the policy's offline ones, the extensions' providers' and the gateway's. */
export function composeModels(
	parts: Pick<RuntimeParts, "runner"> & { providers: ProviderRegistry; gateway: RuntimeGateway | undefined; policy(): ModelPolicy },
): RuntimeModels {
	const { runner, providers, gateway, policy } = parts;
	return new RuntimeModels({
		offline: () => policy().offlineModels(),
		providers: () => providers,
		extensions: () => runner.extensions,
		gateway: () => gateway,
	});
}

/** `ctx.modelRegistry`: the runtime's models, and requests routed like the agent's own. */
export function composeModelRegistry(models: RuntimeModels, session: () => AgentSession): PlayaModelRegistry {
	return new PlayaModelRegistry({
		models: () => models.list(),
		hasAuth: (candidate) => models.hasAuth(candidate),
		stream: async (target, context, streamOptions) => session().agent.streamFunction(target, context, streamOptions),
	});
}

/** The current model and thinking level, recorded in the tree and announced to the extensions. */
export function composeSelection(parts: Pick<RuntimeParts, "tree" | "runner"> & { emit(event: RuntimeEvent): void; session(): AgentSession }): ModelSelection {
	const { tree, runner, emit, session } = parts;
	return new ModelSelection({ agent: () => session().agent, tree: () => tree, runner, emit });
}

/** Which model answers: the scripted and manual ones, the extensions' providers', or the gateway's. */
export function composePolicy(
	parts: Pick<RuntimeParts, "model" | "manual" | "models" | "selection" | "runner"> & {
		providers: ProviderRegistry;
		gateway: RuntimeGateway | undefined;
		emit(event: RuntimeEvent): void;
		session(): AgentSession;
	},
): ModelPolicy {
	const { model, manual, providers, models, selection, runner, gateway, emit, session } = parts;
	return new ModelPolicy({ scripted: model, manual, providers, models, selection, runner, gateway, agent: () => session().agent, emit });
}
