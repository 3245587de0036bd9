/**
 * Which models a session may switch to and how: the offline ones (Scripted, Manual) answer here, the
 * others need a stored key in the page; providers extensions register are applied as they change.
 */
import type { Agent } from "@earendil-works/pi-agent-core";
import type { Model } from "@earendil-works/pi-ai";
import type { ProviderGatewayApi } from "../../protocol/gateway.ts";
import type { ModelChoice, RuntimeEvent } from "../../protocol/runtime.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { GatewayLike } from "./gateway-stream.ts";
import type { ManualModel } from "./manual-model.ts";
import type { ProviderRegistry } from "./providers.ts";
import type { RuntimeModels } from "./runtime-models.ts";
import type { ScriptedModel } from "./scripted-model.ts";
import type { ModelSelection, ModelSelectSource } from "./selection.ts";

export interface ModelPolicyDeps {
	scripted: ScriptedModel;
	manual: ManualModel;
	providers: ProviderRegistry;
	models: RuntimeModels;
	selection: ModelSelection;
	runner: ExtensionRunner;
	gateway: (GatewayLike & Pick<ProviderGatewayApi, "hasKey">) | undefined;
	agent(): Agent;
	emit(event: RuntimeEvent): void;
}

export class ModelPolicy {
	constructor(private readonly deps: ModelPolicyDeps) {}

	/** Models that answer without a provider: Scripted and Manual. */
	offlineModels(): Model<string>[] {
		return [this.deps.scripted.model, this.deps.manual.model];
	}

	/** `pi.setModel`: false when the model needs a key that is not stored (the spec's "no API key"). */
	async setModel(model: Model<string>, force = false, source: ModelSelectSource = "set"): Promise<boolean> {
		const { models, gateway, providers, selection } = this.deps;
		if (!models.answeredHere(model)) {
			if (!gateway) return false;
			if (!force && !(await gateway.hasKey(providers.keyName(model.provider) ?? model.provider))) return false;
		}
		await selection.selectModel(model, source);
		return true;
	}

	/** The page's choice: an offline model, a registered provider's, or one of the catalog's. */
	async selectModel(choice: ModelChoice, source: ModelSelectSource = "set"): Promise<void> {
		const offline = this.offlineModels().find((model) => model.provider === choice.provider);
		const registered = this.deps.providers.models().find((model) => model.provider === choice.provider && model.id === choice.id);
		await this.setModel(offline ?? registered ?? choice.model ?? this.deps.scripted.model, true, source);
	}

	/** Applies what extensions registered with `registerProvider`; the page's model picker follows. */
	applyProviders(): void {
		const { providers, runner, emit, models } = this.deps;
		if (!providers.sync(runner.extensions)) return;
		emit({ type: "providers_changed", providers: providers.info() });
		void models.refreshRegisteredKeys();
		// As upstream: a provider registered again updates the current model's definition (unregistering keeps it).
		const agent = this.deps.agent();
		const current = agent.state.model;
		const refreshed = providers.models().find((model) => model.provider === current.provider && model.id === current.id);
		if (refreshed) agent.state.model = refreshed;
	}
}
