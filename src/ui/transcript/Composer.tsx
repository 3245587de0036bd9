/**
 * The prompt box: Enter sends, Shift+Enter adds a line, Esc stops the run; `/` lists commands. What is typed is kept
 * in the tab's sessionStorage under `draftKey` (a playground's session), so a reload loses no half-typed prompt.
 */
import { type SetStateAction, useEffect, useState } from "react";
import type { Playground } from "../../host/playground.ts";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import type { CommandInfo } from "../../protocol/runtime.ts";
import "./transcript.css";

interface Props {
	running: boolean;
	disabled: boolean;
	commands: CommandInfo[];
	/** Text an extension put in the composer. */
	injected?: { text: string; mode: "set" | "paste"; serial: number };
	onSubmit(text: string): void;
	onAbort(): void;
	onChange(text: string): void;
	complete(name: string, prefix: string): Promise<{ value: string; label: string; description?: string }[]>;
	/** Where the unsent text is kept in this tab (none: not kept); each key has its own. */
	draftKey?: string;
}

/** The unsent text kept under `key`; storage the page may not use (a private mode, a sandbox) keeps nothing. */
function readDraft(key: string | undefined): string {
	if (!key) return "";
	try {
		return sessionStorage.getItem(key) ?? "";
	} catch {
		return "";
	}
}

function keepDraft(key: string | undefined, text: string): void {
	if (!key) return;
	try {
		if (text) sessionStorage.setItem(key, text);
		else sessionStorage.removeItem(key);
	} catch {
		// Not kept: the text is still in the box.
	}
}

/** The composer's text and its draft key: another key (another session) shows its own text. */
function useDraft(key: string | undefined): [string, (text: SetStateAction<string>) => void] {
	const [draft, setDraft] = useState(() => ({ key, text: readDraft(key) }));
	// Adjusted while rendering, so no effect ever sees one session's text under another's key.
	const current = draft.key === key ? draft : { key, text: readDraft(key) };
	if (current !== draft) setDraft(current);
	useEffect(() => keepDraft(current.key, current.text), [current.key, current.text]);
	const setText = (text: SetStateAction<string>) =>
		setDraft((previous) => ({ key: previous.key, text: typeof text === "function" ? text(previous.text) : text }));
	return [current.text, setText];
}

/** Argument completions the command offers for what follows "/name ". */
function useArgumentCompletions(text: string, commands: CommandInfo[], complete: Props["complete"]) {
	const [items, setItems] = useState<{ value: string; label: string; description?: string }[]>([]);
	const match = /^\/(\S+) (.*)$/s.exec(text);
	const name = match && commands.some((c) => c.name === match[1]) ? match[1] : undefined;
	const prefix = match?.[2] ?? "";
	useEffect(() => {
		if (!name) return setItems([]);
		let current = true;
		complete(name, prefix).then(
			(found) => current && setItems(found),
			() => current && setItems([]),
		);
		return () => {
			current = false;
		};
	}, [name, prefix]);
	return { name, items };
}

export function Composer({ running, disabled, commands, injected, onSubmit, onAbort, onChange, complete, draftKey }: Props) {
	const [text, setText] = useDraft(draftKey);
	const completions = useArgumentCompletions(text, commands, complete);
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
			{completions.name && completions.items.length > 0 && (
				<ul className="command-hints" aria-label="Argument completions">
					{completions.items.map((item) => (
						<li key={item.value}>
							<button type="button" onClick={() => setText(`/${completions.name} ${item.value}`)}>
								{item.label}
							</button>
							{item.description && <span className="muted"> {item.description}</span>}
						</li>
					))}
				</ul>
			)}
			<textarea
				aria-label="Prompt"
				placeholder={
					disabled
						? "Starting…"
						: running
							? "A message now steers the run: the model reads it after its current step. Esc stops."
							: "Write a prompt, or /command. Enter sends, Shift+Enter for a new line, Esc stops."
				}
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
				{/* While a run goes, a message steers it (as pi queues a prompt typed mid-run as a steering message). */}
				<button
					type="submit"
					disabled={disabled || !text.trim()}
					title={running ? "Send it to the running agent: it reads it after its current step" : undefined}
				>
					{running ? "Steer" : "Send"}
				</button>
			</div>
		</form>
	);
}

/** The composer wired to a playground: sends, stops, completes commands, and keeps the text for `ctx.ui.getEditorText`. */
export function PlaygroundComposer({ playground, state }: { playground: Playground; state: PlaygroundState }) {
	return (
		<Composer
			running={state.running}
			// A run going does not disable it: what is sent then steers the run.
			disabled={state.phase !== "ready"}
			commands={state.commands}
			injected={state.editorText}
			onSubmit={(text) => void playground.submit(text)}
			onAbort={() => void playground.abort()}
			onChange={(text) => void playground.setEditorText(text)}
			complete={(name, prefix) => playground.completeCommand(name, prefix)}
			draftKey={state.sessionId && `playa.composer.${playground.playgroundId}.${state.sessionId}`}
		/>
	);
}
