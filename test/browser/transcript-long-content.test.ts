/**
 * Long content in the transcript, in real Chromium: tool results, messages, tool call arguments and
 * extension-drawn lines past the collapse limits show their head and tail with "Show all", keep the
 * page's DOM small, and show everything once asked; a session of many tall messages opens.
 */
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEntry } from "../../src/session/entries.ts";
import { Transcript, type RenderedEntries } from "../../src/ui/transcript/Transcript.tsx";
import "../../src/ui/design/base.css";

let root: Root | undefined;
let host: HTMLDivElement | undefined;
const errors: unknown[] = [];

function show(entries: SessionEntry[], rendered: RenderedEntries = {}): HTMLDivElement {
	host = document.createElement("div");
	host.style.cssText = "height: 600px; width: 800px; display: flex; flex-direction: column;";
	document.body.append(host);
	root = createRoot(host, { onUncaughtError: (error) => errors.push(error) });
	flushSync(() => root!.render(createElement(Transcript, { entries, rendered })));
	return host;
}

afterEach(() => {
	root?.unmount();
	host?.remove();
	root = host = undefined;
	errors.length = 0;
});

const frames = (n = 3) =>
	new Promise<void>((resolve) => {
		const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
		next(n);
	});

let nextId = 0;
function messageEntry(message: Record<string, unknown>): SessionEntry {
	const id = `m${nextId++}`;
	return { type: "message", id, parentId: null, timestamp: new Date(0).toISOString(), message: { timestamp: 0, ...message } } as unknown as SessionEntry;
}

const numbered = (count: number, label: string) => Array.from({ length: count }, (_, i) => `${label} ${i + 1}`).join("\n");

function article(name: string): HTMLElement {
	const found = [...host!.querySelectorAll<HTMLElement>("article")].find((element) => element.getAttribute("aria-label") === name);
	if (!found) throw new Error(`no article "${name}"`);
	return found;
}

function button(within: HTMLElement, name: RegExp): HTMLButtonElement {
	const found = [...within.querySelectorAll("button")].find((element) => name.test(element.textContent ?? ""));
	if (!found) throw new Error(`no button ${name}`);
	return found;
}

describe("long content in the transcript", () => {
	it("a tool result of 5 MB shows head and tail with Show all, then everything", async () => {
		const lines = 100_000;
		const text = numbered(lines, "result line");
		show([messageEntry({ role: "toolResult", toolCallId: "c1", toolName: "flood", content: [{ type: "text", text }], isError: false })]);
		const result = article("Result of flood message");
		expect(result.textContent).toContain("result line 1\n");
		expect(result.textContent).toContain(`result line ${lines}`);
		expect(result.textContent).not.toContain("result line 50000\n");
		expect(result.textContent!.length).toBeLessThan(20_000);

		button(result, /^Show all \(100,000 lines\)$/).click();
		await expect.poll(() => article("Result of flood message").textContent?.includes(`result line ${lines - 1}\n`), { timeout: 20_000 }).toBe(true);
		expect(article("Result of flood message").textContent).toContain("result line 50000\n");
		button(article("Result of flood message"), /^Collapse$/).click();
		await frames();
		expect(article("Result of flood message").textContent).not.toContain("result line 50000\n");
	});

	it("long tool call arguments, assistant text and extension-drawn lines are collapsed too", () => {
		const note = numbered(5_000, "note");
		show(
			[
				messageEntry({
					role: "assistant",
					content: [
						{ type: "text", text: numbered(3_000, "said") },
						{ type: "toolCall", id: "c1", name: "flood", arguments: { lines: note.split("\n") } },
					],
					stopReason: "toolUse",
				}),
				{ type: "custom", id: "drawn", parentId: null, timestamp: new Date(0).toISOString(), customType: "x", data: {} } as unknown as SessionEntry,
			],
			{ drawn: { extension: "drawer", lines: numbered(3_000, "drawn").split("\n") } },
		);
		const assistant = article("Assistant message");
		expect(assistant.textContent).toContain("said 1\n");
		expect(assistant.textContent).not.toContain("said 1500\n");
		const call = assistant.querySelector<HTMLElement>('[aria-label="Tool call flood"]')!;
		expect(call.textContent).toContain('"note 1"');
		expect(call.textContent).not.toContain('"note 2500"');
		button(call, /^Show all/).click();
		flushSync(() => undefined);
		expect(call.textContent).toContain('"note 2500"');

		const drawn = article("drawer entry");
		expect(drawn.textContent).toContain("drawn 1");
		expect(drawn.textContent).toContain("drawn 3000");
		expect(drawn.textContent).not.toContain("drawn 1500");
		expect(button(drawn, /^Show all \(3,000 lines\)$/)).toBeTruthy();
	});

	it("a session of 400 messages, each of a few hundred lines, opens at its end", async () => {
		const entries = Array.from({ length: 400 }, (_, i) => messageEntry({ role: "user", content: `message ${i}\n${numbered(160, "line")}` }));
		show(entries);
		await frames(10);
		expect(errors).toEqual([]);
		const texts = [...host!.querySelectorAll("article")].map((element) => element.textContent ?? "");
		expect(texts.some((text) => text.includes("message 399\n"))).toBe(true);
	});
});
