// Model and thinking-level changes: entries appended and events fired as upstream pi does, only on real changes,
// and not when the runtime restores the saved choice at start.
import { describe, expect, it } from "vitest";
import type { Api, Model } from "@earendil-works/pi-ai";
import { displayPatch, initialPlaygroundState } from "../../../src/host/state/playground-state.ts";
import { catalogModel, gatewayStandIn } from "../../support/gateway-stand-in.ts";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";

const RECORDER = `export default function (pi) {
	pi.on("model_select", (e) => { ${PROBE_EXPR}.push("model_select " + e.model.provider + " from " + (e.previousModel && e.previousModel.provider) + " " + e.source); });
	pi.on("thinking_level_select", (e) => { ${PROBE_EXPR}.push("thinking_level_select " + e.level + " from " + e.previousLevel); });
	pi.registerCommand("think", { handler: async (args) => { pi.setThinkingLevel(args); ${PROBE_EXPR}.push("now " + pi.getThinkingLevel()); } });
	pi.registerCommand("models", { handler: async (_a, ctx) => {
		${PROBE_EXPR}.push(ctx.models.list().map((m) => m.provider + "/" + m.id).join(","));
		${PROBE_EXPR}.push(ctx.models.current().provider);
		${PROBE_EXPR}.push(ctx.models.resolve("manual") && ctx.models.resolve("manual").provider);
	} });
}`;

/** What pi.getThinkingLevel() says while model_select runs. */
const LEVEL_AT_SELECT = `export default function (pi) {
	pi.on("model_select", () => { ${PROBE_EXPR}.push("level at model_select " + pi.getThinkingLevel()); });
}`;

describe("model and thinking-level changes", () => {
	it("a pick appends model_change and fires model_select once; the same pick again does nothing", async () => {
		const seen = probe();
		const harness = await startRuntime({ files: { "rec.ts": RECORDER } });
		await harness.runtime.selectModel({ provider: "manual", id: "manual" });
		await harness.runtime.selectModel({ provider: "manual", id: "manual" });
		await harness.runtime.selectModel({ provider: "scripted", id: "scripted" });
		expect(seen).toEqual(["model_select manual from scripted set", "model_select scripted from manual set"]);
		expect(harness.entries().map((e) => [e.type, (e as { model?: string }).model])).toEqual([
			["model_change", "manual/manual"],
			["model_change", "scripted/scripted"],
		]);
	});

	it("thinking level changes from the page and from pi.setThinkingLevel are recorded", async () => {
		const seen = probe();
		const harness = await startRuntime({ files: { "rec.ts": RECORDER } });
		await harness.runtime.setThinkingLevel("high");
		await harness.runtime.setThinkingLevel("high");
		await harness.runtime.submit("/think low");
		expect(seen).toEqual(["thinking_level_select high from off", "now low", "thinking_level_select low from high"]);
		expect(harness.entries().map((e) => [e.type, (e as { thinkingLevel?: string }).thinkingLevel])).toEqual([
			["thinking_level_change", "high"],
			["thinking_level_change", "low"],
		]);
	});

	it("a level the model does not support is recorded and reported as the nearest one it supports", async () => {
		const seen = probe();
		const plain: Model<Api> = { ...catalogModel("plain", "plain-1"), reasoning: false };
		const reasoning = catalogModel("deep", "deep-1");
		const harness = await startRuntime({ files: { "rec.ts": RECORDER, "level.ts": LEVEL_AT_SELECT }, gateway: gatewayStandIn(() => "ok", ["plain", "deep"]) });
		await harness.runtime.selectModel({ provider: "plain", id: "plain-1", model: plain });
		seen.length = 0;
		await harness.runtime.submit("/think high");
		await harness.runtime.setThinkingLevel("medium");
		await harness.runtime.selectModel({ provider: "deep", id: "deep-1", model: reasoning });
		// Without an `xhigh` mapping the model's top level is `high`.
		await harness.runtime.submit("/think xhigh");
		expect(seen).toEqual(["now off", "model_select deep from plain set", "level at model_select off", "now high", "thinking_level_select high from off"]);
		expect(
			harness
				.entries()
				.filter((e) => e.type === "thinking_level_change")
				.map((e) => (e as { thinkingLevel?: string }).thinkingLevel),
		).toEqual(["high"]);
	});

	it("picking another model re-clamps the current level, recorded and announced before model_select", async () => {
		const seen = probe();
		const plain: Model<Api> = { ...catalogModel("plain", "plain-1"), reasoning: false };
		const harness = await startRuntime({ files: { "rec.ts": RECORDER, "level.ts": LEVEL_AT_SELECT }, gateway: gatewayStandIn(() => "ok", ["plain"]) });
		await harness.runtime.setThinkingLevel("high");
		seen.length = 0;
		await harness.runtime.selectModel({ provider: "plain", id: "plain-1", model: plain });
		expect(seen).toEqual(["thinking_level_select off from high", "model_select plain from scripted set", "level at model_select off"]);
		expect(harness.entries().map((e) => [e.type, (e as { thinkingLevel?: string }).thinkingLevel])).toEqual([
			["thinking_level_change", "high"],
			["model_change", undefined],
			["thinking_level_change", "off"],
		]);
		// The page follows the level the session runs with.
		expect(harness.events.flatMap((e) => (e.type === "thinking_level_changed" ? [e.level] : []))).toEqual(["high", "off"]);
		const page = harness.events.reduce((state, event) => ({ ...state, ...displayPatch(state, event) }), initialPlaygroundState());
		expect(page.thinkingLevel).toBe("off");
	});

	it("the offline models take every level, max included", async () => {
		const seen = probe();
		const harness = await startRuntime({ files: { "rec.ts": RECORDER, "level.ts": LEVEL_AT_SELECT } });
		await harness.runtime.submit("/think max");
		await harness.runtime.selectModel({ provider: "manual", id: "manual" });
		await harness.runtime.submit("/think xhigh");
		expect(seen).toEqual([
			"now max",
			"thinking_level_select max from off",
			"model_select manual from scripted set",
			"level at model_select max",
			"now xhigh",
			"thinking_level_select xhigh from max",
		]);
	});

	it("ctx.models lists the offline models and resolves by id", async () => {
		const seen = probe();
		const harness = await startRuntime({ files: { "rec.ts": RECORDER } });
		await harness.runtime.submit("/models");
		expect(seen).toEqual(["scripted/scripted,manual/manual", "scripted", "manual"]);
	});
});
