/** A `ctx.ui.custom` component: its ANSI lines drawn as text, key presses sent back as terminal input. */
import { useEffect, useRef } from "react";
import { ansiToNodes } from "./ansi.tsx";
import { terminalSequence } from "./terminal-keys.ts";

interface Props {
	id: string;
	extension: string;
	lines: string[];
	onInput(id: string, data: string): void;
}

export function ComponentDialog({ id, extension, lines, onInput }: Props) {
	const ref = useRef<HTMLDialogElement>(null);
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
			<p className="muted">Keys go to the component ({extension}).</p>
		</dialog>
	);
}
