/**
 * Places a top-layer popup (a popover) next to the control that opened it: below it, or above when the room below
 * is too small; its start aligned with the control's start (`align: "start"`) or centred on it; always inside the
 * viewport, with a small margin.
 */
const MARGIN = 8;

export function placeBelow(popup: HTMLElement, anchor: DOMRect, gap: number, align: "start" | "end" | "center" = "center"): void {
	const width = popup.offsetWidth;
	const height = popup.offsetHeight;
	const viewWidth = document.documentElement.clientWidth;
	const viewHeight = document.documentElement.clientHeight;
	let left = align === "start" ? anchor.left : align === "end" ? anchor.right - width : anchor.left + anchor.width / 2 - width / 2;
	left = Math.max(MARGIN, Math.min(left, viewWidth - width - MARGIN));
	const below = anchor.bottom + gap;
	const top = below + height <= viewHeight - MARGIN || anchor.top - gap - height < MARGIN ? below : anchor.top - gap - height;
	popup.style.left = `${Math.round(left)}px`;
	popup.style.top = `${Math.round(Math.max(MARGIN, top))}px`;
}
