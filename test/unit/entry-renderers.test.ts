/**
 * Entry and message renderers: `pi.registerEntryRenderer` draws custom entries and
 * `pi.registerMessageRenderer` custom messages; their components' lines reach the host as
 * `entry_rendered` events with the entry's id (stored entries are drawn once the extension loaded).
 */
import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";
import { newEntryId } from "../../src/session/entries.ts";
import { displayPatch, initialPlaygroundState } from "../../src/host/state/playground-state.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { startRuntime } from "../support/runtime-harness.ts";

const CARDS = `
import { Box, Text } from "@earendil-works/pi-tui";
export default function (pi) {
	pi.registerEntryRenderer("card", (entry, { expanded, keyHint }, theme) => {
		const box = new Box(1, 0);
		box.addChild(new Text(theme.fg("accent", "[card] ") + entry.data.message + " (" + keyHint("app.tools.expand", "to expand") + ")", 0, 0));
		if (expanded) box.addChild(new Text("details", 0, 0));
		return box;
	});
	pi.registerEntryRenderer("broken", () => { throw new Error("cannot draw"); });
	pi.registerMessageRenderer("note", (message) => new Text("NOTE: " + message.content, 0, 0));
	pi.registerCommand("card", { handler: async (args) => pi.appendEntry("card", { message: args }) });
	pi.registerCommand("broken", { handler: async () => pi.appendEntry("broken", {}) });
	pi.registerCommand("note", { handler: async (args) => pi.sendMessage({ customType: "note", content: args, display: true }) });
}`;

const STRIP = /\x1b\[[0-9;]*m/g;
const rendered = (events: RuntimeEvent[]) =>
	events.flatMap((e) =>
		e.type === "entry_rendered"
			? [{ entryId: e.entryId, extension: e.extension, text: e.lines.map((l) => l.replace(STRIP, "").trimEnd()).filter(Boolean) }]
			: [],
	);

describe("entry and message renderers", () => {
	it("a custom entry of a rendered type reaches the host as the component's lines, keyed by the entry", async () => {
		const { runtime, events, entries } = await startRuntime({ files: { "cards.ts": CARDS } });
		await runtime.submit("/card deploy finished");
		const [card] = entries().filter((e) => e.type === "custom");
		expect(rendered(events)).toEqual([{ entryId: card.id, extension: "cards", text: [" [card] deploy finished (ctrl+o to expand)"] }]);
		// The coloured text keeps its ANSI styling for the page to draw.
		expect(events.some((e) => e.type === "entry_rendered" && e.lines.some((l) => l.includes("\x1b[")))).toBe(true);
	});

	it("stored entries are drawn when the session starts", async () => {
		const stored = {
			type: "custom",
			id: newEntryId(() => false),
			parentId: null,
			timestamp: new Date().toISOString(),
			customType: "card",
			data: { message: "from before" },
		};
		const { events } = await startRuntime({ files: { "cards.ts": CARDS }, entries: [stored as never] });
		expect(rendered(events)).toEqual([{ entryId: stored.id, extension: "cards", text: [" [card] from before (ctrl+o to expand)"] }]);
	});

	it("custom messages of a type with a message renderer are drawn too", async () => {
		const { runtime, events, entries } = await startRuntime({ files: { "cards.ts": CARDS } });
		await runtime.submit("/note remember the milk");
		const [note] = entries().filter((e) => e.type === "custom_message");
		expect(rendered(events)).toEqual([{ entryId: note.id, extension: "cards", text: ["NOTE: remember the milk"] }]);
	});

	it("a renderer that throws is reported; the entry keeps its plain view", async () => {
		const { runtime, events, errors } = await startRuntime({ files: { "cards.ts": CARDS } });
		await runtime.submit("/broken");
		expect(rendered(events)).toEqual([]);
		expect(errors()).toEqual([expect.objectContaining({ where: "entry renderer broken", message: "cannot draw" })]);
	});

	it("a tool's renderCall draws its calls and renderResult its result messages, with the call's arguments", async () => {
		const tool = `
import { Text } from "@earendil-works/pi-tui";
export default function (pi) {
	pi.registerTool({
		name: "weather", description: "weather", parameters: { type: "object", properties: { city: { type: "string" } } },
		execute: async (_id, params) => ({ content: [{ type: "text", text: "sunny" }], details: { city: params.city, temp: 21 } }),
		renderCall: (args, theme) => new Text(theme.bold("weather ") + args.city, 0, 0),
		renderResult: (result, { isPartial }, _theme, context) => new Text("☀ " + result.details.temp + "° in " + context.args.city + (isPartial ? " …" : ""), 0, 0),
	});
}`;
		const { runtime, events, entries } = await startRuntime({
			files: { "weather.ts": tool },
			script: [{ toolCalls: [{ name: "weather", arguments: { city: "Oslo" } }] }, { text: "ok" }],
		});
		await runtime.submit("weather?");
		const calls = events.flatMap((e) => (e.type === "tool_call_rendered" ? [{ ...e, lines: (e.lines ?? []).map((l) => l.replace(STRIP, "").trimEnd()) }] : []));
		const assistant = entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "assistant") as {
			message: { content: { type: string; id?: string }[] };
		};
		const callId = assistant.message.content.find((b) => b.type === "toolCall")!.id;
		expect(calls).toEqual([{ type: "tool_call_rendered", toolCallId: callId, extension: "weather", lines: ["weather Oslo"] }]);
		const result = entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "toolResult")!;
		expect(rendered(events)).toEqual([{ entryId: result.id, extension: "weather", text: ["☀ 21° in Oslo"] }]);
	});

	it("a running tool's partial results are drawn by renderResult (isPartial) under its call, then the call is drawn as before", async () => {
		const tool = `
import { Text } from "@earendil-works/pi-tui";
export default function (pi) {
	for (const name of ["count", "plain"]) pi.registerTool({
		name, description: name, parameters: { type: "object", properties: { to: { type: "number" } } },
		execute: async (_id, params, _signal, onUpdate) => {
			for (let i = 1; i < params.to; i++) onUpdate({ content: [{ type: "text", text: "at " + i }], details: { at: i } });
			return { content: [{ type: "text", text: "done" }], details: { at: params.to } };
		},
		...(name === "count" ? { renderCall: (args) => new Text("count to " + args.to, 0, 0) } : {}),
		renderResult: (result, { isPartial }, _theme, context) => new Text((isPartial && context.isPartial ? "counting " : "counted ") + result.details.at, 0, 0),
	});
}`;
		const { runtime, events, entries } = await startRuntime({
			files: { "count.ts": tool },
			script: [{ toolCalls: [{ name: "count", arguments: { to: 3 } }] }, { toolCalls: [{ name: "plain", arguments: { to: 2 } }] }, { text: "ok" }],
		});
		await runtime.submit("count");
		const calls = events.flatMap((e) => (e.type === "tool_call_rendered" ? [e.lines?.map((l) => l.replace(STRIP, "").trimEnd())] : []));
		expect(calls).toEqual([
			["count to 3"],
			["count to 3", "counting 1"],
			["count to 3", "counting 2"],
			["count to 3"],
			['plain {"to":2}', "counting 1"],
			undefined,
		]);
		const results = entries().filter((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "toolResult");
		expect(rendered(events)).toEqual(results.map((r, i) => ({ entryId: r.id, extension: "count", text: [i === 0 ? "counted 3" : "counted 2"] })));
	});

	it("a tool no renderer draws (the built-in bash) sends its output so far as text, then clears it; the page shows it meanwhile", async () => {
		const { runtime, events } = await startRuntime({
			files: {},
			workspace: await EmbeddedWorkspace.create(),
			script: [{ toolCalls: [{ name: "bash", arguments: { command: "for i in 1 2; do echo line $i; sleep 0.2; done" } }] }, { text: "ok" }],
		});
		await runtime.submit("run it");
		const outputs = events.filter((e) => e.type === "tool_output");
		const callId = outputs[0]?.toolCallId;
		expect(outputs).toEqual([
			{ type: "tool_output", toolCallId: callId, text: "line 1\n" },
			{ type: "tool_output", toolCallId: callId, text: "line 1\nline 2\n" },
			{ type: "tool_output", toolCallId: callId },
		]);
		expect(events.some((e) => e.type === "tool_call_rendered")).toBe(false);
		// What the page holds after each of them.
		let state = initialPlaygroundState();
		const seen = outputs.map((event) => {
			state = { ...state, ...displayPatch(state, event) };
			return state.toolOutputs[String(callId)];
		});
		expect(seen).toEqual(["line 1\n", "line 1\nline 2\n", undefined]);
	});
});
