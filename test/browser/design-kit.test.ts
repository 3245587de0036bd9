/**
 * The component kit (src/ui/design/kit/) in real Chromium: the tab list moves with the arrow keys, Home and End and
 * keeps one tab in the Tab order; the menu button opens on ArrowDown without picking, moves, picks with Enter, and
 * gives focus back on Escape; a radio menu opens on its checked item; an icon button is named by its label and shows
 * that label as a tooltip on keyboard focus, gone on Escape.
 */
import { act, createElement, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { IconButton } from "../../src/ui/design/kit/Button.tsx";
import { Menu } from "../../src/ui/design/kit/Menu.tsx";
import { TabList } from "../../src/ui/design/kit/Tabs.tsx";
import "../../src/ui/design/tokens.css";
import "../../src/ui/design/controls.css";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement | undefined;

afterEach(() => {
	act(() => root?.unmount());
	host?.remove();
	root = host = undefined;
});

function render(element: ReturnType<typeof createElement>) {
	host = document.createElement("div");
	document.body.append(host);
	root = createRoot(host);
	act(() => root!.render(element));
}

const focused = () => document.activeElement as HTMLElement;
const press = async (key: string) => {
	await act(async () => {
		await userEvent.keyboard(key);
	});
};

function Tabs() {
	const [selected, setSelected] = useState("one");
	return createElement(TabList, {
		label: "Probe tabs",
		prefix: "probe",
		selected,
		onSelect: setSelected,
		tabs: [
			{ id: "one", label: "One" },
			{ id: "two", label: "Two" },
			{ id: "three", label: "Three" },
		],
	});
}

it("tabs: the arrows, Home and End move and select; only the selected tab is in the Tab order", async () => {
	render(createElement(Tabs));
	const tabs = [...host!.querySelectorAll<HTMLElement>('[role="tab"]')];
	expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
	expect(tabs[0].getAttribute("aria-controls")).toBe("probe-panel-one");
	act(() => tabs[0].focus());
	await press("{ArrowRight}");
	expect(focused().textContent).toBe("Two");
	expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
	expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
	await press("{ArrowLeft}{ArrowLeft}");
	expect(focused().textContent).toBe("Three");
	await press("{Home}");
	expect(focused().textContent).toBe("One");
	await press("{End}");
	expect(focused().textContent).toBe("Three");
	expect(tabs[2].getAttribute("aria-selected")).toBe("true");
});

it("menu: ArrowDown opens without picking, Enter picks the focused item, Escape picks nothing and gives focus back", async () => {
	const picked: string[] = [];
	render(
		createElement(Menu, {
			label: "Probe menu",
			button: "Add…",
			items: [
				{ id: "a", label: "Alpha" },
				{ id: "b", label: "Beta" },
				{ id: "c", label: "Gamma" },
			],
			onSelect: (id: string) => picked.push(id),
		}),
	);
	const button = host!.querySelector<HTMLButtonElement>("button")!;
	act(() => button.focus());
	await press("{ArrowDown}");
	expect(button.getAttribute("aria-expanded")).toBe("true");
	expect(host!.querySelector('[role="menu"]')!.matches(":popover-open")).toBe(true);
	expect(focused().textContent).toBe("Alpha");
	await press("{ArrowDown}{ArrowDown}{ArrowDown}");
	expect(focused().textContent).toBe("Alpha");
	await press("g");
	expect(focused().textContent).toBe("Gamma");
	expect(picked).toEqual([]);
	await press("{Enter}");
	expect(picked).toEqual(["c"]);
	expect(host!.querySelector('[role="menu"]')).toBeNull();
	expect(focused()).toBe(button);

	await press("{ArrowUp}");
	expect(focused().textContent).toBe("Gamma");
	await press("{Escape}");
	expect(host!.querySelector('[role="menu"]')).toBeNull();
	expect(focused()).toBe(button);
	expect(picked).toEqual(["c"]);
});

it("a radio menu opens on its checked item and marks it", async () => {
	render(
		createElement(Menu, {
			label: "Scheme",
			button: "Theme",
			items: [
				{ id: "light", label: "Light", checked: false },
				{ id: "dark", label: "Dark", checked: true },
			],
			onSelect() {},
		}),
	);
	act(() => host!.querySelector<HTMLButtonElement>("button")!.focus());
	await press("{ArrowDown}");
	expect(focused().getAttribute("role")).toBe("menuitemradio");
	expect(focused().textContent).toBe("Dark");
	expect(focused().getAttribute("aria-checked")).toBe("true");
});

it("an icon button is named by its label, and shows it as a tooltip on keyboard focus until Escape", async () => {
	render(createElement("div", null, createElement("input", { "aria-label": "before" }), createElement(IconButton, { label: "Delete the file", icon: "x" })));
	const button = host!.querySelector<HTMLButtonElement>("button")!;
	expect(button.getAttribute("aria-label")).toBe("Delete the file");
	// Not in the button's text: the tooltip lives in the body while shown, and not at all otherwise.
	expect(document.querySelector(".tooltip")).toBeNull();
	act(() => host!.querySelector("input")!.focus());
	await press("{Tab}");
	expect(focused()).toBe(button);
	await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
	const tip = document.querySelector<HTMLElement>(".tooltip");
	expect(tip?.textContent).toBe("Delete the file");
	expect(tip?.matches(":popover-open")).toBe(true);
	expect(button.textContent).toBe("x");
	await press("{Escape}");
	expect(document.querySelector(".tooltip")).toBeNull();
});
