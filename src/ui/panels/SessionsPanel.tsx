/** The sessions kept in this browser: open, rename in place, delete (after a second click), filter by name. */
import { useState } from "react";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { downloadBlob } from "../design/download.ts";
import { Button, IconButton } from "../design/kit/Button.tsx";
import { FilePicker } from "../design/kit/FilePicker.tsx";
import { Download, Pencil, TrashIcon, Upload } from "../design/kit/icons.ts";
import "./panels.css";

interface Props {
	sessions: PlaygroundState["sessions"];
	currentId?: string;
	disabled: boolean;
	/** A session file being imported, and how far it got. */
	importing?: PlaygroundState["sessionImport"];
	onOpen(id: string): void;
	onRename(id: string, name: string): void;
	onDelete(id: string): void;
	onExport(format: "jsonl" | "html"): Promise<{ name: string; type: string; text: string }>;
	onImport(file: File): void;
}

/** The export as a download (never a page of the app's origin: the HTML export holds session content). */
function download({ name, text }: { name: string; text: string }) {
	downloadBlob(name, text);
}

export function SessionsPanel({ sessions, currentId, disabled, importing, onOpen, onRename, onDelete, onExport, onImport }: Props) {
	const [filter, setFilter] = useState("");
	const [confirming, setConfirming] = useState<string>();
	const [renaming, setRenaming] = useState<string>();
	const shown = sessions.filter((s) => s.name.toLowerCase().includes(filter.trim().toLowerCase()));
	return (
		<section className="panel" aria-label="Sessions">
			<h2>Sessions</h2>
			<div className="row panel-toolbar">
				<Button size="sm" icon={<Download />} onClick={() => void onExport("jsonl").then(download)}>
					Export JSONL
				</Button>
				<Button size="sm" icon={<Download />} onClick={() => void onExport("html").then(download)}>
					Export HTML
				</Button>
				<FilePicker
					size="sm"
					icon={<Upload />}
					inputLabel="Import a session file"
					accept=".jsonl,application/jsonl,text/plain"
					disabled={disabled}
					onChange={(event) => {
						const file = event.target.files?.[0];
						event.target.value = "";
						if (file) onImport(file);
					}}
				>
					Import JSONL
				</FilePicker>
			</div>
			{importing && (
				<p role="status" aria-label="Import progress">
					{importing.total === undefined
						? `Reading ${importing.fileName}…`
						: `Importing ${importing.fileName}: ${(importing.stored ?? 0).toLocaleString("en")} of ${importing.total.toLocaleString("en")} entries stored`}
				</p>
			)}
			<input aria-label="Filter sessions" placeholder="Filter by name" value={filter} onChange={(e) => setFilter(e.target.value)} />
			<ul className="session-list">
				{shown.map((session) => (
					<li key={session.id} aria-label={`Session ${session.name}`} aria-current={session.id === currentId}>
						{renaming === session.id ? (
							<RenameForm
								name={session.name}
								onDone={(name) => {
									setRenaming(undefined);
									if (name && name !== session.name) onRename(session.id, name);
								}}
							/>
						) : session.id === currentId ? (
							<span className="session-current">
								{session.name} <span className="badge">open</span>
							</span>
						) : (
							<button type="button" disabled={disabled} onClick={() => onOpen(session.id)}>
								{session.name}
							</button>
						)}
						<span className="muted"> {session.entryCount} entries</span>
						{renaming !== session.id && <IconButton size="sm" label={`Rename ${session.name}`} icon={<Pencil />} onClick={() => setRenaming(session.id)} />}
						{confirming === session.id ? (
							<>
								<Button size="sm" kind="danger" onClick={() => onDelete(session.id)}>
									Delete for good
								</Button>
								<Button size="sm" onClick={() => setConfirming(undefined)}>
									Keep
								</Button>
							</>
						) : (
							<IconButton size="sm" label={`Delete ${session.name}`} icon={<TrashIcon />} disabled={disabled} onClick={() => setConfirming(session.id)} />
						)}
					</li>
				))}
			</ul>
		</section>
	);
}

/** The name as a text field: Enter or Save keeps it, Esc or Cancel leaves the old one. */
function RenameForm({ name, onDone }: { name: string; onDone(name: string | undefined): void }) {
	const [value, setValue] = useState(name);
	return (
		<form
			className="rename-form"
			onSubmit={(event) => {
				event.preventDefault();
				onDone(value.trim() || undefined);
			}}
		>
			<input
				aria-label={`New name for ${name}`}
				value={value}
				// The field appears because the user asked to rename: typing goes there.
				autoFocus
				onChange={(event) => setValue(event.target.value)}
				onKeyDown={(event) => {
					if (event.key === "Escape") {
						event.preventDefault();
						event.stopPropagation();
						onDone(undefined);
					}
				}}
			/>
			<Button type="submit" size="sm" kind="primary">
				Save
			</Button>
			<Button size="sm" onClick={() => onDone(undefined)}>
				Cancel
			</Button>
		</form>
	);
}
