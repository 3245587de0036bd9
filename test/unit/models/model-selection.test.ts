// Model and thinking-level changes: entries appended and events fired as upstream pi does, only on real changes,
// and not when the runtime restores the saved choice at start.
import { describe, expect, it } from "vitest";
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

	it("ctx.models lists the offline models and resolves by id", async () => {
		const seen = probe();
		const harness = await startRuntime({ files: { "rec.ts": RECORDER } });
		await harness.runtime.submit("/models");
		expect(seen).toEqual(["scripted/scripted,manual/manual", "scripted", "manual"]);
	});
});
