/**
 * Buttons on the design tokens. `Button`: text (and an optional leading icon) in one of four kinds: primary (the
 * one main action of a place), secondary (the default), ghost (toolbars, quiet actions) and danger (removes
 * something). `IconButton`: an icon alone; its `label` is required, so it has an accessible name by construction,
 * and a tooltip shows the same words to the eye (with the shortcut, when one is given).
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { Tooltip } from "./Tooltip.tsx";
import "./kit.css";

export type ButtonKind = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
	kind?: ButtonKind;
	size?: "sm" | "md";
	/** Drawn before the text, hidden from assistive technology (the text names the button). */
	icon?: ReactNode;
	ref?: Ref<HTMLButtonElement>;
}

function classes(kind: ButtonKind, size: "sm" | "md", extra?: string): string {
	return ["btn", `btn-${kind}`, size === "sm" ? "btn-sm" : "", extra ?? ""].filter(Boolean).join(" ");
}

export function Button({ kind = "secondary", size = "md", icon, className, children, type = "button", ...rest }: ButtonProps) {
	return (
		<button type={type} className={classes(kind, size, className)} {...rest}>
			{icon && (
				<span className="btn-icon" aria-hidden="true">
					{icon}
				</span>
			)}
			{children}
		</button>
	);
}

export interface IconButtonProps extends Omit<ButtonProps, "icon" | "children" | "aria-label"> {
	/** The button's accessible name, also shown as its tooltip. */
	label: string;
	icon: ReactNode;
	/** A key to say in the tooltip ("Ctrl+S"). */
	shortcut?: string;
}

export function IconButton({ label, icon, shortcut, kind = "ghost", size = "md", className, type = "button", ...rest }: IconButtonProps) {
	return (
		<Tooltip content={shortcut ? `${label} (${shortcut})` : label}>
			<button type={type} aria-label={label} className={classes(kind, size, `btn-icon-only ${className ?? ""}`.trim())} {...rest}>
				<span className="btn-icon" aria-hidden="true">
					{icon}
				</span>
			</button>
		</Tooltip>
	);
}
