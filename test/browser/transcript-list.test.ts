/** The transcript's end-anchored list in real Chromium: opens at the end, keeps its place, follows output. */
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { TranscriptList } from "../../src/ui/transcript/TranscriptList.tsx";
import "../../src/ui/design/base.css";

type Row = { key: string; text: string };

const rows = (from: number, to: number, prefix = "row"): Row[] =>
	Array.from({ length: to - from }, (_, i) => ({ key: `${prefix}-${from + i}`, text: `${prefix} ${from + i}` }));

let root: Root | undefined;
let host: HTMLDivElement | undefined;

function show(items: Row[], estimateSize?: (row: Row) => number): void {
	if (!host) {
		host = document.createElement("div");
		// The list fills a fixed-height column, as in the page.
		host.style.cssText = "height: 300px; width: 400px; display: flex; flex-direction: column;";
		document.body.append(host);
		root = createRoot(host);
	}
	flushSync(() =>
		root!.render(
			createElement(TranscriptList<Row>, {
				items,
				render: (row) => createElement("p", { style: { height: "50px", margin: 0 } }, row.text),
				estimateSize,
			}),
		),
	);
}

const scroller = () => host!.querySelector<HTMLDivElement>(".transcript-list")!;
const frames = (n = 3) =>
	new Promise<void>((resolve) => {
		const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
		next(n);
	});

/** Text of the rows inside the viewport. */
function visibleTexts(): string[] {
	const box = scroller().getBoundingClientRect();
	return [...scroller().querySelectorAll("p")]
		.filter((p) => {
			const r = p.getBoundingClientRect();
			return r.bottom > box.top + 1 && r.top < box.bottom - 1;
		})
		.map((p) => p.textContent ?? "");
}

afterEach(() => {
	root?.unmount();
	host?.remove();
	root = undefined;
	host = undefined;
});

describe("TranscriptList", () => {
	it("opens at its last row, drawn in the first frame", () => {
		show(rows(0, 200));
		expect(visibleTexts()).toContain("row 199");
		expect(visibleTexts()).not.toContain("row 0");
		// Only rows near the viewport are in the page.
		expect(scroller().querySelectorAll("p").length).toBeLessThan(40);
	});

	it("keeps the rows in view where they are when earlier history is put in front", async () => {
		const recent = rows(9800, 10_000);
		show(recent);
		await frames();
		const before = visibleTexts();
		show([...rows(0, 9800), ...recent]);
		await frames();
		expect(visibleTexts()).toEqual(before);
		expect(visibleTexts()).toContain("row 9999");
	});

	it("follows appended rows at the end, and leaves a reader of older rows where they are", async () => {
		const items = rows(0, 100);
		show(items);
		await frames();
		show([...items, ...rows(100, 101)]);
		await frames();
		expect(visibleTexts()).toContain("row 100");

		scroller().scrollTop = 500;
		await frames();
		const reading = visibleTexts();
		expect(reading).not.toContain("row 100");
		show([...items, ...rows(100, 102)]);
		await frames();
		expect(visibleTexts()).toEqual(reading);
	});

	it("guesses each row's height once, not again for every row each time the list grows", async () => {
		const guessed: string[] = [];
		const guess = (row: Row) => {
			guessed.push(row.key);
			return 50;
		};
		const items = rows(0, 500);
		show(items, guess);
		await frames();
		expect(new Set(guessed).size).toBe(500);
		guessed.length = 0;
		// Appended one at a time, each time in a new array, as the page's state gives them.
		const more = rows(500, 510);
		for (let n = 1; n <= more.length; n++) {
			show([...items, ...more.slice(0, n)], guess);
			await frames(1);
		}
		expect(guessed).toEqual(more.map((row) => row.key));
		expect(visibleTexts()).toContain("row 509");
	});

	it("opens another list (another session) at its own end", async () => {
		show(rows(0, 100));
		await frames();
		scroller().scrollTop = 0;
		await frames();
		show(rows(0, 80, "other"));
		await frames();
		expect(visibleTexts()).toContain("other 79");
	});
});
