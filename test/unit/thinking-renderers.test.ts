/**
 * `pi.registerAssistantThinkingRenderer`: every renderer that returns a component draws lines below each
 * thinking block of an assistant reply, in registration order (`thinking_rendered`, keyed by entry, block
 * and slot); a throwing renderer is reported and the others still draw; `requestRender()` draws again;
 * the reply itself, stored and sent to the model, is unchanged. The page keeps the notes per block and slot.
 */
import { describe, expect, it } from "vitest";
import { displayPatch, initialPlaygroundState } from "../../src/host/state/playground-state.ts";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";
import { startRuntime } from "../support/runtime-harness.ts";

const COUNTER = `
import { Container, Text } from "@oh-my-pi/pi-tui";
export default function (pi) {
	pi.registerAssistantThinkingRenderer((context, theme) => {
		const box = new Container();
		box.addChild(new Text(theme.fg("dim", "thinking chars: " + context.text.length + " (#" + context.thinkingIndex + " at " + context.contentIndex + ")"), 0, 0));
		return box;
	});
}`;

const LATER = `
import { Text } from "@oh-my-pi/pi-tui";
export default function (pi) {
	let calls = 0;
	pi.registerAssistantThinkingRenderer(() => { throw new Error("cannot draw"); });
	pi.registerAssistantThinkingRenderer((context) => {
		calls++;
		if (calls === 1) setTimeout(() => context.requestRender(), 0);
		return new Text("render " + calls, 0, 0);
	});
	pi.registerAssistantThinkingRenderer(() => undefined);
}`;

const STRIP = /\x1b\[[0-9;]*m/g;
const notes = (events: RuntimeEvent[]) =>
	events.flatMap((e) =>
		e.type === "thinking_rendered"
			? [
					{
						entryId: e.entryId,
						contentIndex: e.contentIndex,
						slot: e.slot,
						extension: e.extension,
						text: e.lines.map((l) => l.replace(STRIP, "").trim()).join("|"),
					},
				]
			: [],
	);

describe("assistant thinking renderers", () => {
	it("draws below each thinking block, in registration order, and leaves the reply as it was", async () => {
		const { runtime, events, entries, errors } = await startRuntime({
			files: { "counter.ts": COUNTER, "later.ts": LATER },
			script: [{ thinking: "plan it", text: "done" }],
		});
		await runtime.submit("go");
		const reply = entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "assistant")!;
		const content = (reply as unknown as { message: { content: { type: string; thinking?: string }[] } }).message.content;
		const thinkingAt = content.findIndex((block) => block.type === "thinking");
		expect(content[thinkingAt].thinking).toBe("plan it");
		await expect.poll(() => notes(events).filter((n) => n.text === "render 2")).toHaveLength(1);
		expect(notes(events)).toEqual([
			{ entryId: reply.id, contentIndex: thinkingAt, slot: 0, extension: "counter", text: `thinking chars: 7 (#0 at ${thinkingAt})` },
			{ entryId: reply.id, contentIndex: thinkingAt, slot: 2, extension: "later", text: "render 1" },
			{ entryId: reply.id, contentIndex: thinkingAt, slot: 2, extension: "later", text: "render 2" },
		]);
		expect(errors().map((e) => `${e.url.split("/").pop()}: ${e.message}`)).toEqual([expect.stringMatching(/^later.ts: .*cannot draw/)]);
	});

	it("a reply without thinking draws nothing", async () => {
		const { runtime, events } = await startRuntime({ files: { "counter.ts": COUNTER }, script: [{ text: "plain" }] });
		await runtime.submit("go");
		expect(notes(events)).toEqual([]);
	});

	it("the page keeps one note per block and slot, in order, the latest drawing replacing the earlier", () => {
		let state = initialPlaygroundState();
		const apply = (event: RuntimeEvent) => (state = { ...state, ...displayPatch(state, event) });
		apply({ type: "thinking_rendered", entryId: "e1", contentIndex: 2, slot: 1, extension: "b", lines: ["b1"] });
		apply({ type: "thinking_rendered", entryId: "e1", contentIndex: 0, slot: 0, extension: "a", lines: ["a1"] });
		apply({ type: "thinking_rendered", entryId: "e1", contentIndex: 2, slot: 1, extension: "b", lines: ["b2"] });
		expect(state.renderedThinking.e1).toEqual([
			{ contentIndex: 0, slot: 0, extension: "a", lines: ["a1"] },
			{ contentIndex: 2, slot: 1, extension: "b", lines: ["b2"] },
		]);
	});
});
