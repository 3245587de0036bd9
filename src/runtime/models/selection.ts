/**
 * Model and thinking-level changes, as upstream pi records and announces them: a change the user or an
 * extension makes appends a `model_change` / `thinking_level_change` entry and fires `model_select` /
 * `thinking_level_select`; restoring the saved choice when the runtime starts does neither (source "restore"
 * is announced, nothing is appended). Nothing happens when the value does not change.
 *
 * As upstream, the level recorded is the one the model takes: `clampThinkingLevel` maps a level the model does
 * not support to the nearest one it does (`off` for a model without reasoning), and picking another model
 * re-clamps the current level, recording and announcing the change before `model_select`.
 */
import type { Agent, ThinkingLevel } from "@earendil-works/pi-agent-core";
import { clampThinkingLevel, type Api, type Model } from "@earendil-works/pi-ai";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { SessionTree } from "../../session/tree.ts";

export type ModelSelectSource = "set" | "cycle" | "restore";

export interface ModelSelectionDeps {
	agent(): Agent;
	tree(): SessionTree;
	runner: ExtensionRunner;
	emit(event: RuntimeEvent): void;
}

function sameModel(a: Model<Api> | undefined, b: Model<Api> | undefined): boolean {
	return a !== undefined && b !== undefined && a.provider === b.provider && a.id === b.id;
}

export class ModelSelection {
	constructor(private readonly deps: ModelSelectionDeps) {}

	async selectModel(model: Model<Api>, source: ModelSelectSource): Promise<void> {
		const agent = this.deps.agent();
		const previousModel = agent.state.model;
		agent.state.model = model;
		this.deps.emit({ type: "model_changed", choice: { provider: model.provider, id: model.id, model: JSON.parse(JSON.stringify(model)) as Model<Api> } });
		if (sameModel(previousModel, model)) return;
		if (source !== "restore") this.deps.tree().append({ type: "model_change", model: `${model.provider}/${model.id}` });
		await this.setThinkingLevel(agent.state.thinkingLevel, source === "restore" ? "restore" : "set");
		await this.deps.runner.dispatch("model_select", { model, previousModel, source });
	}

	async setThinkingLevel(level: ThinkingLevel, source: "set" | "restore" = "set"): Promise<void> {
		const agent = this.deps.agent();
		const previousLevel = agent.state.thinkingLevel;
		const effective = clampThinkingLevel(agent.state.model, level);
		agent.state.thinkingLevel = effective;
		if (effective === previousLevel) return;
		this.deps.emit({ type: "thinking_level_changed", level: effective });
		if (source === "restore") return;
		this.deps.tree().append({ type: "thinking_level_change", thinkingLevel: effective });
		await this.deps.runner.dispatch("thinking_level_select", { level: effective, previousLevel });
	}
}
