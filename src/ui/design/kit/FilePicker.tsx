/**
 * A file picker that looks like the kit's buttons: a label around a visually hidden file input, so the input keeps
 * its own accessible name (`inputLabel`), Tab reaches it, Enter or Space opens the browser's chooser, and tests can
 * hand it files. `children` is what the button says.
 */
import type { InputHTMLAttributes, ReactNode } from "react";
import type { ButtonKind } from "./Button.tsx";
import "./kit.css";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "aria-label" | "children" | "size"> {
	inputLabel: string;
	children: ReactNode;
	icon?: ReactNode;
	kind?: ButtonKind;
	size?: "sm" | "md";
	/** Pick a folder (its files, with their paths). */
	directory?: boolean;
}

export function FilePicker({ inputLabel, children, icon, kind = "secondary", size = "md", directory, disabled, ...rest }: Props) {
	return (
		<label className={`btn btn-${kind}${size === "sm" ? " btn-sm" : ""} file-picker`} data-disabled={disabled || undefined}>
			{icon && (
				<span className="btn-icon" aria-hidden="true">
					{icon}
				</span>
			)}
			{children}
			<input type="file" aria-label={inputLabel} disabled={disabled} {...(directory ? { webkitdirectory: "" } : {})} {...rest} />
		</label>
	);
}
