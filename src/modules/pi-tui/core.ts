/**
 * The part of pi-tui's `tui.js` that components need (Container, the cursor markers, child layout,
 * mouse dispatch, overlay compositing), ported unchanged in behaviour. The real `tui.js` also holds
 * the terminal TUI and imports `node:perf_hooks` and (through `terminal-image.js`) `node:child_process`,
 * so a worker cannot load it; the vendored components import this file in its place.
 */
import type {
	ChildLines,
	Component,
	Focusable,
	TuiMouseDispatchResult,
	TuiMouseDispatchTarget,
	TuiMouseEvent,
	TuiMouseEventResult,
	TUI,
	ViewportTUI,
} from "@earendil-works/pi-tui/dist/tui.js";
import { extractSegments, sliceByColumn, sliceWithWidth, visibleWidth } from "@earendil-works/pi-tui/dist/utils.js";
import { isImageLine } from "./terminal-image.ts";

export type { ChildLines };

/** Dispatch a mouse event to a component, keeping the exact target and coordinate transform. */
export function dispatchMouseEvent(component: Component, event: TuiMouseEvent): TuiMouseDispatchResult | undefined {
	const result = component.handleMouse?.(event);
	if (!result) return undefined;
	if ("target" in result) {
		// Forwarded to a child the component hosts: a delegating component keeps keyboard focus.
		const forwarded = result as TuiMouseDispatchResult;
		return forwarded.focus && component.handleInput ? { ...forwarded, focusTarget: component } : forwarded;
	}
	const plain: TuiMouseEventResult = result;
	if (!plain.handled && !plain.capture && !plain.focus) return undefined;
	return {
		...plain,
		handled: true,
		...(plain.focus ? { focusTarget: component } : {}),
		target: {
			component,
			originX: event.screenX - event.x,
			originY: event.screenY - event.y,
			width: event.width,
			height: event.height,
		},
	};
}

/** Recreate local coordinates for a previously dispatched mouse target. */
export function retargetMouseEvent(event: TuiMouseEvent, target: TuiMouseDispatchTarget): TuiMouseEvent {
	return { ...event, x: event.screenX - target.originX, y: event.screenY - target.originY, width: target.width, height: target.height };
}

export function isFocusable(component: Component | null): component is Component & Focusable {
	return component !== null && "focused" in component;
}

/** Zero-width APC marker a focused component emits where the cursor is; the renderer strips it. */
export const CURSOR_MARKER = "\x1b_pi:c\x07";
export const FAKE_CURSOR_START = "\x1b_pi:fc\x07";
export const FAKE_CURSOR_END = "\x1b_pi:/fc\x07";

/** Wrap text in fake cursor markers. */
export function renderFakeCursor(text: string): string {
	return `${FAKE_CURSOR_START}${text}${FAKE_CURSOR_END}`;
}

export { visibleWidth };

function sameLines(a: readonly string[], b: readonly string[]): boolean {
	if (a === b) return true;
	if (a.length !== b.length) return false;
	for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
	return true;
}

/** Render children and concatenate their lines; returns `previous` when nothing changed. */
export function renderChildLines(children: readonly Component[], width: number, previous: ChildLines | undefined): ChildLines {
	const parts = children.map((child) => child.render(width));
	if (
		previous?.width === width &&
		previous.children.length === children.length &&
		children.every((child, index) => child === previous.children[index] && sameLines(parts[index], previous.parts[index]))
	) {
		return previous;
	}
	const lines: string[] = [];
	for (const part of parts) for (const line of part) lines.push(line);
	return { width, children: [...children], parts, lines };
}

/** Dispatch a mouse event to the child of a vertical layout that covers its row. */
export function dispatchMouseToChildLines(layout: ChildLines, event: TuiMouseEvent): TuiMouseDispatchResult | undefined {
	let childY = 0;
	for (let index = 0; index < layout.children.length; index++) {
		const childHeight = layout.parts[index].length;
		if (event.y >= childY && event.y < childY + childHeight) {
			return dispatchMouseEvent(layout.children[index], { ...event, y: event.y - childY, height: childHeight });
		}
		childY += childHeight;
	}
	return undefined;
}

/** A component that stacks its children vertically. */
export class Container implements Component {
	children: Component[] = [];
	private childLines?: ChildLines;
	/** Subclasses that take keys define it; mouse focus then stays on the container. */
	handleInput?(data: string): void;

	addChild(component: Component): void {
		this.children.push(component);
	}

	removeChild(component: Component): void {
		const index = this.children.indexOf(component);
		if (index !== -1) this.children.splice(index, 1);
	}

	clear(): void {
		this.children = [];
	}

	invalidate(): void {
		for (const child of this.children) child.invalidate?.();
	}

	handleMouse(event: TuiMouseEvent): TuiMouseDispatchResult | undefined {
		if (event.y < 0 || event.y >= event.height) return undefined;
		const layout = this.childLines?.width === event.width ? this.childLines : renderChildLines(this.children, event.width, undefined);
		const result = dispatchMouseToChildLines(layout, event);
		if (result?.focus && this.handleInput) return { ...result, focusTarget: this };
		return result;
	}

	render(width: number): readonly string[] {
		this.childLines = renderChildLines(this.children, width, this.childLines);
		return this.childLines.lines;
	}
}

const SEGMENT_RESET = "\x1b[0m\x1b]8;;\x07";

/** Composite overlay content into a line at a fixed column. */
export function compositeTuiLine(baseLine: string, overlayLine: string, startCol: number, overlayWidth: number, totalWidth: number): string {
	if (isImageLine(baseLine)) return baseLine;
	const afterStart = startCol + overlayWidth;
	const base = extractSegments(baseLine, startCol, afterStart, totalWidth - afterStart, true);
	const overlay = sliceWithWidth(overlayLine, 0, overlayWidth, true);
	const beforePad = Math.max(0, startCol - base.beforeWidth);
	const overlayPad = Math.max(0, overlayWidth - overlay.width);
	const actualBeforeWidth = Math.max(startCol, base.beforeWidth);
	const actualOverlayWidth = Math.max(overlayWidth, overlay.width);
	const afterTarget = Math.max(0, totalWidth - actualBeforeWidth - actualOverlayWidth);
	const afterPad = Math.max(0, afterTarget - base.afterWidth);
	const result =
		base.before + " ".repeat(beforePad) + SEGMENT_RESET + overlay.text + " ".repeat(overlayPad) + SEGMENT_RESET + base.after + " ".repeat(afterPad);
	return visibleWidth(result) <= totalWidth ? result : sliceByColumn(result, 0, totalWidth, true);
}

export const VIEWPORT_TUI: unique symbol = Symbol.for("@earendil-works/pi-tui/viewport");

export function isViewportTUI(tui: TUI): tui is ViewportTUI {
	return (tui as unknown as Record<symbol, unknown>)[VIEWPORT_TUI] === true;
}
