/**
 * `/hotkeys`: every keyboard shortcut that works here — the page's own and those the loaded extensions
 * registered (`pi.registerShortcut`), with the extension that owns each.
 */
import { useEffect, useRef } from "react";
import type { ExtensionStatus } from "../../protocol/runtime.ts";
import { useFocusReturn } from "../design/useFocusReturn.ts";
import "./dialogs.css";

/** The page's own keys, where they work. */
export const PAGE_HOTKEYS: readonly { keys: string; where: string; does: string }[] = [
	{ keys: "Enter", where: "composer", does: "Send the prompt (or run a /command)" },
	{ keys: "Shift+Enter", where: "composer", does: "A new line" },
	{ keys: "Esc", where: "composer", does: "Stop the run, a retry's wait or the manual model's turn" },
	{ keys: "/", where: "composer", does: "Commands: the built-ins and the extensions', as you type" },
	{ keys: "Ctrl/Cmd+S", where: "editor, file view", does: "Save (an extension file: save and reload the extensions)" },
	{ keys: "↑ ↓ PgUp PgDn Home End", where: "tree", does: "Move through the session tree" },
	{ keys: "Enter", where: "tree", does: "Go to the selected entry" },
	{ keys: "Shift+L", where: "tree", does: "Label the selected entry" },
	{ keys: "Ctrl+]", where: "component dialog", does: "Leave the component's keys for its Close button" },
	{ keys: "← →", where: "pane divider", does: "Resize the panes" },
	{ keys: "Esc", where: "dialogs", does: "Close, or cancel the extension's question" },
];

interface Props {
	extensions: ExtensionStatus[];
	onClose(): void;
}

export function HotkeysDialog({ extensions, onClose }: Props) {
	const ref = useRef<HTMLDialogElement>(null);
	useFocusReturn(ref);
	useEffect(() => {
		const dialog = ref.current;
		if (dialog && !dialog.open) dialog.showModal?.();
	}, []);
	const fromExtensions = extensions.flatMap((extension) => extension.shortcuts.map((shortcut) => ({ ...shortcut, extension: extension.name })));
	return (
		<dialog
			ref={ref}
			className="modal hotkeys"
			aria-label="Keyboard shortcuts"
			onCancel={(event) => {
				event.preventDefault();
				onClose();
			}}
		>
			<h2>Keyboard shortcuts</h2>
			<table>
				<caption className="visually-hidden">The page's keys</caption>
				<thead>
					<tr>
						<th scope="col">Keys</th>
						<th scope="col">Where</th>
						<th scope="col">What they do</th>
					</tr>
				</thead>
				<tbody>
					{PAGE_HOTKEYS.map((hotkey) => (
						<tr key={`${hotkey.where}:${hotkey.keys}`}>
							<td>
								<kbd>{hotkey.keys}</kbd>
							</td>
							<td>{hotkey.where}</td>
							<td>{hotkey.does}</td>
						</tr>
					))}
				</tbody>
			</table>
			<h3>From extensions</h3>
			{fromExtensions.length === 0 ? (
				<p className="muted">No loaded extension registered a shortcut.</p>
			) : (
				<table aria-label="Extension shortcuts">
					<thead>
						<tr>
							<th scope="col">Keys</th>
							<th scope="col">Extension</th>
							<th scope="col">What it does</th>
						</tr>
					</thead>
					<tbody>
						{fromExtensions.map((shortcut) => (
							<tr key={`${shortcut.extension}:${shortcut.key}`}>
								<td>
									<kbd>{shortcut.key}</kbd>
								</td>
								<td>{shortcut.extension}</td>
								<td>{shortcut.description ?? ""}</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			<div className="row">
				<button type="button" onClick={onClose}>
					Close
				</button>
			</div>
		</dialog>
	);
}
