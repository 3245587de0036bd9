/**
 * `ctx.ui.setWidget(key, factory)`: the component's lines reach the host as the widget's lines,
 * again whenever it asks to render; replacing or clearing the widget disposes the component.
 */
import { describe, expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime } from "../support/runtime-harness.ts";
import { eventually } from "../corpus/kit.ts";

const CLOCK = `
import { Text } from "@earendil-works/pi-tui";
export default function (pi) {
	const log = ${PROBE_EXPR};
	pi.registerCommand("counter", {
		handler: async (_args, ctx) => {
			ctx.ui.setWidget("counter", (tui, theme) => {
				let n = 0;
				const text = new Text(theme.fg("accent", "count 0"), 0, 0);
				const timer = setInterval(() => { n++; text.setText(theme.fg("accent", "count " + n)); tui.requestRender(); if (n === 2) clearInterval(timer); }, 1);
				return Object.assign(text, { dispose() { clearInterval(timer); log.push("disposed"); } });
			}, { placement: "belowEditor" });
		},
	});
	pi.registerCommand("plain", { handler: async (_args, ctx) => ctx.ui.setWidget("counter", ["plain now"]) });
	pi.registerCommand("clear", { handler: async (_args, ctx) => ctx.ui.setWidget("counter", undefined) });
}`;

describe("component widgets", () => {
	it("draw the component's lines as the widget, redraw on request, and dispose it when replaced or cleared", async () => {
		const log = probe();
		const { runtime, events } = await startRuntime({ files: { "clock.ts": CLOCK } });
		const widgets = () =>
			events.flatMap((e) =>
				e.type === "widget" && e.key === "counter" ? [{ lines: e.lines?.map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trimEnd()), placement: e.placement }] : [],
			);
		await runtime.submit("/counter");
		await eventually(() => expect(widgets().at(-1)).toEqual({ lines: ["count 2"], placement: "belowEditor" }));
		expect(widgets()[0]).toEqual({ lines: ["count 0"], placement: "belowEditor" });
		expect(events.some((e) => e.type === "widget" && e.lines?.some((l) => l.includes("\x1b[")))).toBe(true);
		await runtime.submit("/plain");
		expect(log).toEqual(["disposed"]);
		expect(widgets().at(-1)).toEqual({ lines: ["plain now"], placement: "aboveEditor" });
		await runtime.submit("/counter");
		await eventually(() => expect(widgets().at(-1)?.lines?.[0]).toMatch(/^count/));
		await runtime.submit("/clear");
		expect(log).toEqual(["disposed", "disposed"]);
		expect(widgets().at(-1)).toEqual({ lines: undefined, placement: "aboveEditor" });
	});

	it("a widget cleared while its component is still being set up never shows", async () => {
		const log = probe();
		const { runtime, events } = await startRuntime({ files: { "clock.ts": CLOCK } });
		await runtime.submit("/counter");
		await runtime.submit("/clear");
		// Once pi-tui has loaded (the same module the runtime awaits), the pending set-up has run.
		await import("../../src/modules/pi-tui/index.ts");
		await new Promise((resolve) => setTimeout(resolve, 0));
		const last = events.filter((e) => e.type === "widget").at(-1);
		expect(last).toMatchObject({ key: "counter", lines: undefined });
		expect(log).toEqual([]);
	});
});
