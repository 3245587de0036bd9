/** The tree panel's virtualized list in real Chromium: opens at the leaf, keeps the selected row in view, draws only nearby rows. */
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import type { TreeRow, TreeView } from "../../src/protocol/runtime.ts";
import { TreePanel } from "../../src/ui/panels/TreePanel.tsx";
import "../../src/ui/design/base.css";

const ENTRIES = 2_000;
const LEAF = 999;

/** A long linear session, user and assistant in turn, standing in the middle (entries after the leaf are a branch left behind). */
function longSession(): TreeView {
	const rows: TreeRow[] = Array.from({ length: ENTRIES }, (_, i) => ({
		id: `e${i}`,
		parentId: i === 0 ? null : `e${i - 1}`,
		indent: 0,
		branchStart: false,
		kind: i % 2 === 0 ? "user" : "assistant",
		text: `entry ${i}`,
		onPath: i <= LEAF,
		isLeaf: i === LEAF,
		timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
	}));
	return { rows, leafId: `e${LEAF}` };
}

let root: Root | undefined;
let host: HTMLDivElement | undefined;

async function openPanel(): Promise<HTMLElement> {
	host = document.createElement("div");
	document.body.append(host);
	root = createRoot(host);
	const view = longSession();
	const nothing = async () => undefined;
	root.render(
		createElement(TreePanel, {
			load: async () => view,
			version: "1",
			busy: false,
			onNavigate: async () => ({ cancelled: true }),
			onAbort: () => undefined,
			onLabel: nothing,
			onFork: nothing,
			onClose: () => undefined,
		}),
	);
	await vi.waitFor(() => expect(host!.querySelector(".tree-row")).not.toBeNull());
	await frames();
	return host.querySelector<HTMLElement>('[role="listbox"]')!;
}

const frames = (n = 3) =>
	new Promise<void>((resolve) => {
		const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
		next(n);
	});

/** The selected row: it must be drawn, and lie wholly inside the list's viewport. */
function selectedInView(list: HTMLElement): string {
	const selected = list.querySelectorAll<HTMLElement>('[role="option"][aria-selected="true"]');
	expect(selected).toHaveLength(1);
	const row = selected[0].getBoundingClientRect();
	const box = list.getBoundingClientRect();
	expect(row.top).toBeGreaterThanOrEqual(box.top - 0.5);
	expect(row.bottom).toBeLessThanOrEqual(box.bottom + 0.5);
	expect(list.getAttribute("aria-activedescendant")).toBe(selected[0].id);
	return selected[0].dataset.entryId!;
}

/** Only rows near the viewport are in the DOM, and they are the ones around `index`. */
function onlyNearbyRows(list: HTMLElement, index: number): void {
	const drawn = [...list.querySelectorAll<HTMLElement>('[role="option"]')].map((row) => Number(row.dataset.entryId!.slice(1)));
	const visible = Math.ceil(list.clientHeight / 22);
	expect(drawn.length).toBeLessThanOrEqual(visible + 2 * 10 + 2);
	expect(Math.min(...drawn)).toBeGreaterThanOrEqual(index - visible - 10);
	expect(Math.max(...drawn)).toBeLessThanOrEqual(index + visible + 10);
}

async function press(key: string, times = 1): Promise<void> {
	for (let i = 0; i < times; i++) await userEvent.keyboard(`{${key}}`);
	await frames();
}

afterEach(() => {
	root?.unmount();
	host?.remove();
	root = undefined;
	host = undefined;
});

describe("TreePanel over a long session", () => {
	it("opens with the leaf selected and in view, the list focused, and only nearby rows drawn", async () => {
		const list = await openPanel();
		expect(document.activeElement).toBe(list);
		expect(selectedInView(list)).toBe(`e${LEAF}`);
		expect(list.querySelector(".tree-row.leaf")?.getAttribute("aria-label")).toBe(`current assistant: entry ${LEAF}`);
		onlyNearbyRows(list, LEAF);
	});

	it("keeps the selected row in view through ArrowDown, PageDown, End, Home and PageUp", async () => {
		const list = await openPanel();
		const rowsShown = Math.floor(list.clientHeight / 22);
		// Past the bottom edge one row at a time.
		await press("ArrowDown", rowsShown + 5);
		expect(selectedInView(list)).toBe(`e${LEAF + rowsShown + 5}`);
		onlyNearbyRows(list, LEAF + rowsShown + 5);

		await press("PageDown", 8);
		expect(selectedInView(list)).toBe(`e${LEAF + rowsShown + 85}`);
		onlyNearbyRows(list, LEAF + rowsShown + 85);

		await press("End");
		expect(selectedInView(list)).toBe(`e${ENTRIES - 1}`);
		onlyNearbyRows(list, ENTRIES - 1);

		await press("Home");
		expect(selectedInView(list)).toBe("e0");
		onlyNearbyRows(list, 0);

		await press("End");
		await press("PageUp", 10);
		expect(selectedInView(list)).toBe(`e${ENTRIES - 101}`);
		onlyNearbyRows(list, ENTRIES - 101);

		await press("ArrowUp", rowsShown + 5);
		expect(selectedInView(list)).toBe(`e${ENTRIES - 106 - rowsShown}`);
		expect(document.activeElement).toBe(list);
	});
});
