/** A `ctx.ui.custom` component: its ANSI lines drawn as text, key presses sent back as terminal input. */
import { useEffect, useRef } from "react";
import { ansiToNodes } from "../design/ansi.tsx";
import { terminalSequence } from "./terminal-keys.ts";
import { useFocusReturn } from "../design/useFocusReturn.ts";
import "./dialogs.css";

interface Props {
	id: string;
	extension: string;
	lines: string[];
	onInput(id: string, data: string): void;
	/** The user's way out of a component that never calls `done()`: Esc and every key belong to the component. */
	onClose(id: string): void;
}

export function ComponentDialog({ id, extension, lines, onInput, onClose }: Props) {
	const ref = useRef<HTMLDialogElement>(null);
	const closeRef = useRef<HTMLButtonElement>(null);
	useFocusReturn(ref);
	useEffect(() => {
		const dialog = ref.current;
		if (dialog && !dialog.open) dialog.showModal?.();
		dialog?.focus();
		return () => dialog?.close?.();
	}, []);
	return (
		<dialog
			ref={ref}
			className="modal component"
			aria-label={`${extension} component`}
			tabIndex={-1}
			onCancel={(event) => event.preventDefault()}
			onKeyDown={(event) => {
				if (event.target !== event.currentTarget) return;
				// Ctrl+] (telnet's escape) leaves the component's keys for the Close button; every other key is the component's.
				if (event.ctrlKey && event.key === "]") {
					event.preventDefault();
					closeRef.current?.focus();
					return;
				}
				const data = terminalSequence(event);
				if (data === undefined) return;
				event.preventDefault();
				onInput(id, data);
			}}
		>
			<pre className="terminal" aria-live="polite">
				{lines.map((line, i) => (
					<div key={i}>{line ? ansiToNodes(line, String(i)) : "\u00a0"}</div>
				))}
			</pre>
			<div className="component-footer">
				<p className="muted">Keys go to the component ({extension}); Ctrl+] moves to Close.</p>
				<button ref={closeRef} type="button" className="component-close" onClick={() => onClose(id)}>
					Close
				</button>
			</div>
		</dialog>
	);
}
