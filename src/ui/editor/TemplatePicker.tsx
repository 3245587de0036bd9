/**
 * "New extension…": a menu button over the templates. The arrow keys (and Home, End, a first letter) move through
 * them and Enter or Space picks one; Escape or Tab leaves without picking. A native select could not do this: its
 * arrow keys change the value, which picked (and wrote) the first template at once.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { TEMPLATES } from "./templates.ts";
import "./TemplatePicker.css";

export function TemplatePicker({ disabled, onPick }: { disabled?: boolean; onPick(id: string): void }) {
	/** The highlighted template while the menu is open; undefined: closed. */
	const [active, setActive] = useState<number>();
	const root = useRef<HTMLDivElement>(null);
	const button = useRef<HTMLButtonElement>(null);
	const items = useRef<(HTMLDivElement | null)[]>([]);
	const menuId = useId();
	const open = active !== undefined;

	useEffect(() => {
		if (active !== undefined) items.current[active]?.focus();
	}, [active]);
	// A click elsewhere closes it.
	useEffect(() => {
		if (!open) return;
		const outside = (event: PointerEvent) => {
			if (!root.current?.contains(event.target as Node)) setActive(undefined);
		};
		document.addEventListener("pointerdown", outside);
		return () => document.removeEventListener("pointerdown", outside);
	}, [open]);

	const close = () => {
		setActive(undefined);
		button.current?.focus();
	};
	const pick = (id: string) => {
		close();
		onPick(id);
	};
	const last = TEMPLATES.length - 1;

	const onButtonKey = (event: KeyboardEvent) => {
		if (event.key === "ArrowDown" || event.key === "ArrowUp") {
			event.preventDefault();
			setActive(event.key === "ArrowDown" ? 0 : last);
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
				return pick(TEMPLATES[active].id);
			case "Escape":
				event.preventDefault();
				return close();
			case "Tab":
				// The menu goes; Tab moves on from its button, as if it had never opened.
				button.current?.focus();
				return setActive(undefined);
			default: {
				// A first letter goes to the next template whose title starts with it.
				if (event.key.length !== 1) return;
				const letter = event.key.toLowerCase();
				const order = [...TEMPLATES.keys()].map((i) => (active + 1 + i) % TEMPLATES.length);
				const next = order.find((i) => TEMPLATES[i].title.toLowerCase().startsWith(letter));
				if (next !== undefined) move(next);
			}
		}
	};

	return (
		<div className="template-picker" ref={root}>
			<button
				ref={button}
				type="button"
				aria-label="New extension"
				aria-haspopup="menu"
				aria-expanded={open}
				aria-controls={open ? menuId : undefined}
				disabled={disabled}
				onClick={() => (open ? close() : setActive(0))}
				onKeyDown={onButtonKey}
			>
				New extension… <span aria-hidden="true">▾</span>
			</button>
			{open && (
				<div id={menuId} role="menu" aria-label="Extension templates" className="template-picker-menu">
					{TEMPLATES.map((template, index) => (
						<div
							key={template.id}
							ref={(element) => {
								items.current[index] = element;
							}}
							role="menuitem"
							// Focus moves by the keys above; Tab leaves the menu from its button.
							tabIndex={-1}
							onClick={() => pick(template.id)}
							onKeyDown={onMenuKey}
							onPointerMove={() => index !== active && setActive(index)}
						>
							{template.title}
						</div>
					))}
				</div>
			)}
		</div>
	);
}
