/**
 * A menu button (the ARIA pattern): a button that opens a list of actions. The arrow keys, Home, End and a first
 * letter move through the items, Enter or Space picks one, Escape or Tab leaves without picking, and a press
 * elsewhere closes it; moving never picks (a native select's arrows change its value: issue 30's finding 8). The
 * list is in the top layer (a manual popover) placed under its button inside the viewport, so no pane cuts it.
 * With `checked` on items they are radio items (`menuitemradio`): the menu picks one of several.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { type ButtonKind, Button } from "./Button.tsx";
import { Check, ChevronDown } from "./icons.ts";
import { placeBelow } from "./place.ts";
import "./kit.css";

export interface MenuItem {
	id: string;
	label: string;
	icon?: ReactNode;
	/** A second, quieter line. */
	hint?: string;
	/** Set on every item to make them radio items; true on the chosen one. */
	checked?: boolean;
	disabled?: boolean;
}

interface Props {
	/** The list's accessible name ("Extension templates"). */
	label: string;
	items: MenuItem[];
	onSelect(id: string): void;
	/** What the button shows; its accessible name is `buttonLabel` when given, else its text. */
	button: ReactNode;
	buttonLabel?: string;
	icon?: ReactNode;
	kind?: ButtonKind;
	disabled?: boolean;
	align?: "start" | "end";
	className?: string;
}

export function Menu({ label, items, onSelect, button, buttonLabel, icon, kind = "secondary", disabled, align = "start", className }: Props) {
	/** The highlighted item while the menu is open; undefined: closed. */
	const [active, setActive] = useState<number>();
	const root = useRef<HTMLDivElement>(null);
	const trigger = useRef<HTMLButtonElement>(null);
	const list = useRef<HTMLDivElement>(null);
	const elements = useRef<(HTMLDivElement | null)[]>([]);
	const menuId = useId();
	const open = active !== undefined;
	const radio = items.some((item) => item.checked !== undefined);
	const last = items.length - 1;

	useLayoutEffect(() => {
		const popup = list.current;
		if (!open || !popup || !trigger.current) return;
		if (popup.showPopover && !popup.matches(":popover-open")) popup.showPopover();
		popup.style.minWidth = `${trigger.current.offsetWidth}px`;
		placeBelow(popup, trigger.current.getBoundingClientRect(), 4, align);
	}, [open, align]);
	useEffect(() => {
		if (active !== undefined) elements.current[active]?.focus();
	}, [active]);
	// A press elsewhere closes it.
	useEffect(() => {
		if (!open) return;
		const outside = (event: PointerEvent) => {
			if (!root.current?.contains(event.target as Node)) setActive(undefined);
		};
		document.addEventListener("pointerdown", outside);
		return () => document.removeEventListener("pointerdown", outside);
	}, [open]);

	const first = () => Math.max(0, radio ? items.findIndex((item) => item.checked) : 0);
	const close = () => {
		setActive(undefined);
		trigger.current?.focus();
	};
	const pick = (index: number) => {
		if (items[index].disabled) return;
		close();
		onSelect(items[index].id);
	};

	const onButtonKey = (event: KeyboardEvent) => {
		if (event.key === "ArrowDown" || event.key === "ArrowUp") {
			event.preventDefault();
			setActive(event.key === "ArrowDown" ? first() : last);
		}
	};
	const onMenuKey = (event: KeyboardEvent) => {
		if (active === undefined) return;
		const move = (index: number) => {
			event.preventDefault();
			setActive(index);
		};
		switch (event.key) {
			case "ArrowDown":
				return move(active === last ? 0 : active + 1);
			case "ArrowUp":
				return move(active === 0 ? last : active - 1);
			case "Home":
				return move(0);
			case "End":
				return move(last);
			case "Enter":
			case " ":
				event.preventDefault();
				return pick(active);
			case "Escape":
				event.preventDefault();
				event.stopPropagation();
				return close();
			case "Tab":
				// The menu goes; Tab moves on from its button, as if it had never opened.
				trigger.current?.focus();
				return setActive(undefined);
			default: {
				// A first letter goes to the next item whose label starts with it.
				if (event.key.length !== 1) return;
				const letter = event.key.toLowerCase();
				const order = [...items.keys()].map((i) => (active + 1 + i) % items.length);
				const next = order.find((i) => items[i].label.toLowerCase().startsWith(letter));
				if (next !== undefined) move(next);
			}
		}
	};

	return (
		<div className={`menu${className ? ` ${className}` : ""}`} ref={root}>
			<Button
				ref={trigger}
				kind={kind}
				icon={icon}
				aria-label={buttonLabel}
				aria-haspopup="menu"
				aria-expanded={open}
				aria-controls={open ? menuId : undefined}
				disabled={disabled}
				onClick={() => (open ? close() : setActive(first()))}
				onKeyDown={onButtonKey}
			>
				{button}
				<ChevronDown />
			</Button>
			{open && (
				<div ref={list} id={menuId} role="menu" aria-label={label} className="menu-list" popover="manual">
					{items.map((item, index) => (
						// biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is menuitem or menuitemradio, chosen above
						<div
							key={item.id}
							ref={(element) => {
								elements.current[index] = element;
							}}
							role={radio ? "menuitemradio" : "menuitem"}
							aria-checked={radio ? !!item.checked : undefined}
							aria-disabled={item.disabled || undefined}
							// Focus moves by the keys above; Tab leaves the menu from its button.
							tabIndex={-1}
							className="menu-item"
							onClick={() => pick(index)}
							onKeyDown={onMenuKey}
							onPointerMove={() => index !== active && setActive(index)}
						>
							{(item.icon || radio) && (
								<span className="menu-item-icon" aria-hidden="true">
									{radio ? item.checked && <Check /> : item.icon}
								</span>
							)}
							<span className="menu-item-text">
								{item.label}
								{item.hint && <span className="menu-item-hint">{item.hint}</span>}
							</span>
						</div>
					))}
				</div>
			)}
		</div>
	);
}
