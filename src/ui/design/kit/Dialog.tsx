/**
 * A modal dialog: the platform's `<dialog>` opened with `showModal()`, so the rest of the page is inert, focus stays
 * inside, Escape asks to close (`onCancel`), and focus goes back to what had it once it closes. Its title names it
 * and heads it. (A modal library would add its own focus trap and scroll lock, which `showModal` already gives.)
 */
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { useFocusReturn } from "../useFocusReturn.ts";
import "./kit.css";

export function Dialog({
	title,
	children,
	onCancel,
	className,
	dialogRef,
}: {
	title: string;
	children: ReactNode;
	onCancel(): void;
	className?: string;
	/** The dialog element, for a caller that watches it (a consent's visibility). */
	dialogRef?: RefObject<HTMLDialogElement | null>;
}) {
	const own = useRef<HTMLDialogElement>(null);
	const ref = dialogRef ?? own;
	useFocusReturn(ref);
	useEffect(() => {
		const dialog = ref.current;
		if (dialog && !dialog.open) dialog.showModal?.();
		return () => dialog?.close?.();
	}, []);
	return (
		<dialog
			ref={ref}
			className={className ? `modal ${className}` : "modal"}
			aria-label={title}
			onCancel={(event) => {
				event.preventDefault();
				onCancel();
			}}
		>
			<h2 className="modal-title">{title}</h2>
			{children}
		</dialog>
	);
}
