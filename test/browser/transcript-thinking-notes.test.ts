/**
 * Thinking renderers' notes in the transcript, in real Chromium: each note is drawn below its own thinking
 * block (the block itself still folded, with its text), in slot order, ANSI styles as text; a new drawing
 * of a note replaces the old one on screen.
 */
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import type { ThinkingNote } from "../../src/host/state/playground-state.ts";
import type { SessionEntry } from "../../src/session/entries.ts";
import { Transcript } from "../../src/ui/transcript/Transcript.tsx";
import "../../src/ui/design/base.css";

let root: Root | undefined;
let host: HTMLDivElement | undefined;

afterEach(() => {
	root?.unmount();
	host?.remove();
	root = host = undefined;
});

const reply = {
	type: "message",
	id: "r1",
	parentId: null,
	timestamp: new Date(0).toISOString(),
	message: {
		role: "assistant",
		content: [
			{ type: "thinking", thinking: "first thought" },
			{ type: "text", text: "between" },
			{ type: "thinking", thinking: "second" },
		],
		api: "openai-completions",
		provider: "scripted",
		model: "scripted",
		stopReason: "stop",
		timestamp: 0,
	},
} as unknown as SessionEntry;

function show(notes: ThinkingNote[]): void {
	host ??= document.body.appendChild(document.createElement("div"));
	host.style.cssText = "height: 600px; width: 800px; display: flex; flex-direction: column;";
	root ??= createRoot(host);
	flushSync(() => root!.render(createElement(Transcript, { entries: [reply], renderedThinking: { r1: notes } })));
}

it("draws each note below its thinking block, in slot order, and a new drawing replaces the old", () => {
	show([
		{ contentIndex: 0, slot: 0, extension: "counter", lines: ["\x1b[2mthinking chars: 13\x1b[22m"] },
		{ contentIndex: 0, slot: 1, extension: "other", lines: ["second note"] },
		{ contentIndex: 2, slot: 0, extension: "counter", lines: ["thinking chars: 6"] },
	]);
	const article = host!.querySelector('[aria-label="Assistant message"]')!;
	const order = [...article.querySelectorAll("details.thinking, .thinking-note, .text")].map((node) =>
		node.matches("details.thinking")
			? `block:${node.textContent?.replace("Thinking", "")}`
			: node.matches(".thinking-note")
				? `note:${node.textContent}`
				: null,
	);
	expect(order.filter(Boolean)).toEqual(["block:first thought", "note:thinking chars: 13", "note:second note", "block:second", "note:thinking chars: 6"]);
	expect(article.querySelector('[aria-label="counter thinking note"]')?.innerHTML).not.toContain("\x1b");
	show([{ contentIndex: 2, slot: 0, extension: "counter", lines: ["redrawn"] }]);
	expect([...article.querySelectorAll(".thinking-note")].map((node) => node.textContent)).toEqual(["redrawn"]);
});
