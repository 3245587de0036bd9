/**
 * A tooltip: words shown by a control while the pointer rests on it or the keyboard's focus is on it, gone on
 * Escape, on leaving, or on a press. It sits in the top layer (a manual popover), so no pane's edge cuts it, below
 * its control (above when there is no room) and inside the viewport.
 *
 * By default it repeats the control's accessible name (an icon button's label) and is hidden from assistive
 * technology, which already reads the name; with `describe` it adds words the name lacks, as the control's
 * description (`aria-describedby`). It is rendered in the body, not inside the control (whose text it would join),
 * and only while shown unless it describes.
 */
import { cloneElement, type ReactElement, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { placeBelow } from "./place.ts";
import "./kit.css";

const DELAY_MS = 450;

export function Tooltip({ content, describe, children }: { content: string; describe?: boolean; children: ReactElement<{ "aria-describedby"?: string }> }) {
	const anchor = useRef<HTMLSpanElement>(null);
	const tip = useRef<HTMLSpanElement>(null);
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
	const [shown, setShown] = useState(false);
	const id = useId();

	useLayoutEffect(() => {
		const element = tip.current;
		const target = anchor.current?.firstElementChild;
		if (!element || !target || !element.showPopover) return;
		if (!shown) {
			if (element.matches(":popover-open")) element.hidePopover();
			return;
		}
		element.showPopover();
		placeBelow(element, target.getBoundingClientRect(), 6);
	}, [shown]);
	useEffect(() => () => clearTimeout(timer.current), []);

	const show = (delay: number) => {
		clearTimeout(timer.current);
		timer.current = setTimeout(() => setShown(true), delay);
	};
	const hide = () => {
		clearTimeout(timer.current);
		setShown(false);
	};
	const child = describe ? cloneElement(children, { "aria-describedby": id }) : children;
	return (
		// biome-ignore lint/a11y/noStaticElementInteractions: the events are the control's, which this box-less wrapper only listens to
		<span
			ref={anchor}
			className="tooltip-anchor"
			onPointerEnter={(event) => event.pointerType === "mouse" && show(DELAY_MS)}
			onPointerLeave={hide}
			onPointerDown={hide}
			onFocus={(event) => event.target.matches(":focus-visible") && show(0)}
			onBlur={hide}
			onKeyDown={(event) => {
				if (event.key === "Escape" && shown) {
					event.stopPropagation();
					hide();
				}
			}}
		>
			{child}
			{(shown || describe) &&
				createPortal(
					<span ref={tip} id={id} popover="manual" role={describe ? "tooltip" : undefined} aria-hidden={describe ? undefined : true} className="tooltip">
						{content}
					</span>,
					document.body,
				)}
		</span>
	);
}
