/**
 * Markdown transformers' display texts in the transcript, in real Chromium: each shows in its entry's place (user
 * and assistant text, thinking, a custom message, a branch summary and a compaction summary), rendered by the
 * page's own markdown renderer, and a new display for an entry shows without the entry changing.
 */
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import type { SessionEntry } from "../../src/session/entries.ts";
import { type DisplayTexts, Transcript } from "../../src/ui/transcript/Transcript.tsx";
import "../../src/ui/design/base.css";

let root: Root | undefined;
let host: HTMLDivElement | undefined;

afterEach(() => {
	root?.unmount();
	host?.remove();
	root = host = undefined;
});

function show(entries: SessionEntry[], display: DisplayTexts): void {
	if (!host) {
		host = document.createElement("div");
		host.style.cssText = "height: 800px; width: 800px; display: flex; flex-direction: column;";
		document.body.append(host);
		root = createRoot(host);
	}
	flushSync(() => root!.render(createElement(Transcript, { entries, display })));
}

const at = new Date(0).toISOString();
const entry = (fields: Record<string, unknown>) => ({ parentId: null, timestamp: at, ...fields }) as unknown as SessionEntry;

/** The `index`th article named `label` (a displayed custom message is shown as the user's). */
const text = (label: string, index = 0) => {
	const found = [...host!.querySelectorAll<HTMLElement>("article")].filter((element) => element.getAttribute("aria-label") === label)[index];
	if (!found) throw new Error(`no article "${label}" #${index}`);
	return found;
};

it("shows each entry's display text in place of its own, as markdown where the page renders markdown", async () => {
	const entries = [
		entry({ type: "message", id: "u", message: { role: "user", content: "go --> now", timestamp: 0 } }),
		entry({
			type: "message",
			id: "a",
			message: {
				role: "assistant",
				content: [
					{ type: "thinking", thinking: "think --> hard" },
					{ type: "text", text: "plain --> text" },
				],
				timestamp: 0,
			},
		}),
		entry({ type: "custom_message", id: "c", customType: "note", content: "note -->", display: true }),
		entry({ type: "branch_summary", id: "b", fromId: "x", summary: "left -->" }),
		entry({ type: "compaction", id: "k", summary: "compacted -->", firstKeptEntryId: "u", tokensBefore: 10 }),
	];
	show(entries, {
		u: { 0: "go → now" },
		a: { 0: "think → hard", 1: "**bold** → text" },
		c: { 0: "note →" },
		b: { 0: "left →" },
		k: { 0: "compacted →" },
	});
	expect(text("You message").textContent).toContain("go → now");
	const reply = text("Assistant message");
	// The markdown renderer loads with the first reply that has markdown (its plain text shows until then).
	await expect.poll(() => reply.querySelector("strong")?.textContent).toBe("bold");
	expect(reply.textContent).toContain("bold → text");
	expect(reply.querySelector("details.thinking")?.textContent).toContain("think → hard");
	expect(text("You message", 1).textContent).toContain("note →");
	expect(text("Branch summary").textContent).toContain("left →");
	expect(text("Compaction").textContent).toContain("compacted →");
	expect(host!.textContent).not.toContain("-->");

	// Another display for the same entry (a new runtime's transformers) shows; none shows the entry as stored.
	show(entries, { u: { 0: "go ⇒ now" } });
	expect(text("You message").textContent).toContain("go ⇒ now");
	expect(text("Assistant message").textContent).toContain("plain --> text");
});
