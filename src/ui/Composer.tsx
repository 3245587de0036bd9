/** The prompt box: Enter sends, Shift+Enter adds a line, Esc stops the run; `/` lists commands. */
import { useEffect, useState } from "react";
import type { CommandInfo } from "../runtime/protocol.ts";

interface Props {
	running: boolean;
	disabled: boolean;
	commands: CommandInfo[];
	/** Text an extension put in the composer. */
	injected?: { text: string; mode: "set" | "paste"; serial: number };
	onSubmit(text: string): void;
	onAbort(): void;
	onChange(text: string): void;
}

export function Composer({ running, disabled, commands, injected, onSubmit, onAbort, onChange }: Props) {
	const [text, setText] = useState("");
	useEffect(() => {
		if (injected) setText((current) => (injected.mode === "set" ? injected.text : current + injected.text));
	}, [injected?.serial]);
	useEffect(() => {
		onChange(text);
	}, [text]);

	const send = () => {
		if (!text.trim() || disabled) return;
		onSubmit(text);
		setText("");
	};
	const matching = text.startsWith("/") && !text.includes(" ") ? commands.filter((c) => `/${c.name}`.startsWith(text)) : [];

	return (
		<form
			className="composer"
			onSubmit={(event) => {
				event.preventDefault();
				send();
			}}
		>
			{matching.length > 0 && (
				<ul className="command-hints" aria-label="Matching commands">
					{matching.map((command) => (
						<li key={command.name}>
							<button type="button" onClick={() => setText(`/${command.name} `)}>
								/{command.name}
							</button>
							<span className="muted"> {command.description}</span>
						</li>
					))}
				</ul>
			)}
			<textarea
				aria-label="Prompt"
				placeholder={disabled ? "Starting…" : "Write a prompt, or /command. Enter sends, Shift+Enter for a new line, Esc stops."}
				value={text}
				rows={3}
				onChange={(event) => setText(event.target.value)}
				onKeyDown={(event) => {
					if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
						event.preventDefault();
						send();
					} else if (event.key === "Escape" && running) {
						event.preventDefault();
						onAbort();
					}
				}}
			/>
			<div className="composer-actions">
				{running ? (
					<button type="button" onClick={onAbort}>
						Stop
					</button>
				) : null}
				<button type="submit" disabled={disabled || !text.trim()}>
					Send
				</button>
			</div>
		</form>
	);
}
