/**
 * A select on the design tokens. It is the platform's own `<select>`: its keyboard, its announcements and its
 * picker on a phone are the browser's, and it costs no JavaScript (issue 30 measured Radix's and Ariakit's selects at
 * about 30 KB gzip each, which the page's first load has no room for). Where the browser lets a page style the
 * picker (`appearance: base-select`, Chromium), the list is drawn on the tokens too; elsewhere it is the system's.
 * An optional icon goes before the value; a chevron after it.
 */
import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { ChevronDown } from "./icons.ts";
import "./kit.css";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
	icon?: ReactNode;
	/** The wrapper's class: width and placement. */
	className?: string;
	ref?: Ref<HTMLSelectElement>;
}

export function Select({ icon, className, children, ...rest }: SelectProps) {
	return (
		<span className={`select${icon ? " select-with-icon" : ""}${className ? ` ${className}` : ""}`}>
			{icon && (
				<span className="select-icon" aria-hidden="true">
					{icon}
				</span>
			)}
			<select {...rest}>{children}</select>
			<span className="select-chevron" aria-hidden="true">
				<ChevronDown />
			</span>
		</span>
	);
}
