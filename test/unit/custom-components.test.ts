/**
 * `ctx.ui.custom`: the factory gets `(tui, theme, keybindings, done)`; `done(result)` closes the component
 * and resolves the call. The keybindings argument may also be called as `done`, for factories written
 * against the older hooks API (`(tui, theme, done)`, as oh-my-pi's qna and handoff examples are).
 */
import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";
import { startRuntime } from "../support/runtime-harness.ts";

const EXTENSION = `
import { Text } from "@oh-my-pi/pi-tui";
export default function (pi) {
	pi.registerCommand("four", {
		handler: async (_a, ctx) => {
			const result = await ctx.ui.custom((tui, theme, keybindings, done) => {
				setTimeout(() => done("closed by done, keys " + typeof keybindings.matches), 0);
				return new Text("four arguments", 0, 0);
			});
			ctx.ui.notify("four: " + result, "info");
		},
	});
	pi.registerCommand("throws", {
		handler: async (_a, ctx) => {
			const result = await ctx.ui.custom(async () => {
				throw new Error("the loader broke");
			});
			ctx.ui.notify("throws: " + result, "info");
		},
	});
	pi.registerCommand("three", {
		handler: async (_a, ctx) => {
			const result = await ctx.ui.custom((tui, theme, done) => {
				setTimeout(() => done("closed by the third argument"), 0);
				return new Text("three arguments", 0, 0);
			});
			ctx.ui.notify("three: " + result, "info");
		},
	});
}`;

const notified = (events: RuntimeEvent[]) => events.flatMap((e) => (e.type === "notify" ? [e.message] : []));
const closed = (events: RuntimeEvent[]) => events.filter((e) => e.type === "component" && e.lines === undefined).length;

describe("ctx.ui.custom's done", () => {
	it("closes with the result from the fourth argument, and from the third called as a function", async () => {
		const { runtime, events } = await startRuntime({ files: { "custom.ts": EXTENSION } });
		await runtime.submit("/four");
		await runtime.submit("/three");
		expect(notified(events)).toEqual(["four: closed by done, keys function", "three: closed by the third argument"]);
		expect(closed(events)).toBe(2);
	});

	it("a factory that throws closes its component, resolves the call with undefined and says why", async () => {
		const { runtime, events } = await startRuntime({ files: { "custom.ts": EXTENSION } });
		await runtime.submit("/throws");
		expect(notified(events)).toContain("throws: undefined");
		expect(events.some((e) => JSON.stringify(e).includes("ctx.ui.custom failed: the loader broke"))).toBe(true);
		expect(events.filter((e) => e.type === "component" && e.lines !== undefined)).toEqual([]);
		expect(closed(events)).toBe(1);
	});
});
