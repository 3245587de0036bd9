/**
 * Toasts in real Chromium, on Vitest's fake clock: at most three show (the count of those the page took off
 * included), errors are alerts, each goes out of view
 * when its time is up (6 s info, 10 s warning, 15 s error) counted from when it showed, and a hovered one waits.
 */
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Notification } from "../../src/host/state/playground-state.ts";
import { Notifications } from "../../src/ui/shell/Notifications.tsx";
import "../../src/ui/design/base.css";
import "../../src/ui/design/tokens.css";
import "../../src/ui/design/controls.css";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement | undefined;

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	act(() => root?.unmount());
	host?.remove();
	root = host = undefined;
	vi.useRealTimers();
});

function show(items: Notification[], dropped: Record<string, number> = {}): void {
	if (!host) {
		host = document.createElement("div");
		document.body.append(host);
		root = createRoot(host);
	}
	act(() => root!.render(createElement(Notifications, { items, dropped, onDismiss() {}, onDismissDropped() {} })));
}

const toast = (id: number, message: string, level: Notification["level"] = "info") =>
	({ id, message, level, source: "probe", origin: "session" }) as Notification;

/** The messages of the toasts the page draws, oldest first. */
const inView = () =>
	[...host!.querySelectorAll<HTMLElement>(".notification")]
		.filter((element) => element.checkVisibility())
		.map((element) => element.querySelector(".text")!.textContent);

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

it("shows the newest three, gives errors role=alert, and takes each out of view when its time is up", () => {
	const items = [toast(1, "one"), toast(2, "two"), toast(3, "three"), toast(4, "careful", "warning"), toast(5, "broken", "error")];
	show(items);
	expect(inView()).toEqual(["three", "careful", "broken"]);
	expect([...host!.querySelectorAll('[role="alert"]')].map((element) => element.querySelector(".text")!.textContent)).toEqual(["broken"]);
	expect(host!.querySelectorAll(".notification")).toHaveLength(5);

	advance(5_999);
	expect(inView()).toEqual(["three", "careful", "broken"]);
	advance(1);
	// The info toasts' time is up; none comes back into view.
	expect(inView()).toEqual(["careful", "broken"]);
	advance(3_999);
	expect(inView()).toEqual(["careful", "broken"]);
	advance(1);
	expect(inView()).toEqual(["broken"]);
	advance(4_999);
	expect(inView()).toEqual(["broken"]);
	advance(1);
	expect(inView()).toEqual([]);
	// Out of view, still in the list (screen readers' history) until dismissed.
	expect(host!.querySelectorAll(".notification")).toHaveLength(5);
});

it("counts each toast's time from when it showed: later toasts, and others going, do not keep it in view", () => {
	const first = [toast(1, "first"), toast(2, "failed", "error")];
	show(first);
	advance(4_000);
	show([...first, toast(3, "second")]);
	expect(inView()).toEqual(["first", "failed", "second"]);
	advance(2_000);
	expect(inView()).toEqual(["failed", "second"]);
	advance(4_000);
	expect(inView()).toEqual(["failed"]);
	advance(5_000);
	expect(inView()).toEqual([]);
});

it("keeps a hovered toast in view, and gives it its full time again once the pointer leaves", () => {
	show([toast(1, "held")]);
	advance(5_000);
	const element = host!.querySelector<HTMLElement>(".notification")!;
	act(() => element.dispatchEvent(new PointerEvent("pointerover", { bubbles: true })));
	advance(30_000);
	expect(inView()).toEqual(["held"]);
	act(() => element.dispatchEvent(new PointerEvent("pointerout", { bubbles: true })));
	advance(5_999);
	expect(inView()).toEqual(["held"]);
	advance(1);
	expect(inView()).toEqual([]);
});

it("counts the line saying how many were taken off among the three, and times it out like an info toast", () => {
	show([toast(1, "one"), toast(2, "two")], { probe: 4 });
	expect(inView()).toEqual(["4 more not shown", "one", "two"]);
	show([toast(1, "one"), toast(2, "two"), toast(3, "three")], { probe: 4 });
	expect(inView()).toEqual(["one", "two", "three"]);
	advance(6_000);
	expect(inView()).toEqual([]);
	// More taken off: the line says so, and shows for its own time.
	show([toast(1, "one"), toast(2, "two"), toast(3, "three")], { probe: 5 });
	expect(inView()).toEqual(["5 more not shown"]);
	advance(6_000);
	expect(inView()).toEqual([]);
});
