/**
 * The workspace's files, following what the agent and commands change: open one to view (highlighted
 * text, images) or edit it; upload files or a folder (or drop them here), seed from a zip, download a
 * file or the whole workspace as a zip, and reset the workspace. Also says which backend runs and why.
 */
import { useId, useState, type DragEvent } from "react";
import type { WorkspaceStatus } from "../../host/state/records.ts";
import type { SeedFiles, WorkspaceKind } from "../../workspace/workspace.ts";
import { Modal } from "../dialogs/Dialogs.tsx";
import { downloadBlob } from "../design/download.ts";
import { Button } from "../design/kit/Button.tsx";
import { FilePicker } from "../design/kit/FilePicker.tsx";
import { Download, FileArchive, FolderUp, RotateCw, Upload } from "../design/kit/icons.ts";
import { Select } from "../design/kit/Select.tsx";
import { filesFromDrop, filesFromInput } from "./file-input.ts";
import { FileTree } from "./FileTree.tsx";
import { FileView, type FileAccess } from "./FileView.tsx";
import { unzipFiles, zipFiles } from "./workspace-zip.ts";
import "./files.css";

export interface WorkspaceFiles extends FileAccess {
	seed(files: SeedFiles): Promise<void>;
	reset(): Promise<void>;
	/** Every file by path relative to the workspace folder. */
	files(): Promise<Record<string, Uint8Array>>;
	choose(kind: WorkspaceKind): Promise<void>;
}

interface Props {
	files: string[];
	status: WorkspaceStatus;
	host: WorkspaceFiles;
}

const BACKENDS: { kind: WorkspaceKind; label: string }[] = [
	{ kind: "embedded", label: "Embedded shell" },
	{ kind: "webcontainer", label: "WebContainer" },
];

export function FilesPanel({ files, status, host }: Props) {
	const [open, setOpen] = useState<string>();
	const [message, setMessage] = useState<{ text: string; error?: boolean }>();
	const [confirmingReset, setConfirmingReset] = useState(false);
	const [dropping, setDropping] = useState(false);
	const backendId = useId();

	const report = async (run: () => Promise<string>) => {
		try {
			setMessage({ text: await run() });
		} catch (error) {
			setMessage({ text: (error as Error).message, error: true });
		}
	};
	const upload = (read: Promise<SeedFiles>) =>
		report(async () => {
			const seeded = await read;
			await host.seed(seeded);
			const count = Object.keys(seeded).length;
			return `Uploaded ${count} file${count === 1 ? "" : "s"}.`;
		});
	const onDrop = (event: DragEvent) => {
		event.preventDefault();
		setDropping(false);
		void upload(filesFromDrop(event.dataTransfer));
	};

	return (
		<section
			className={`panel files-panel${dropping ? " dropping" : ""}`}
			aria-label="Files"
			onDragOver={(event) => {
				event.preventDefault();
				setDropping(true);
			}}
			onDragLeave={() => setDropping(false)}
			onDrop={onDrop}
		>
			<h2>Files</h2>
			<p
				className={status.fellBack ? "workspace-backend warning-text" : "workspace-backend muted"}
				aria-label="Workspace backend"
				data-backend={status.kind ?? ""}
			>
				{status.notice}
			</p>
			<div className="workspace-choice">
				<label htmlFor={backendId}>Backend</label>
				<Select
					id={backendId}
					value={status.preference}
					onChange={(event) => {
						const kind = event.target.value as WorkspaceKind;
						// One WebContainer per page: the choice applies from the next load, which a
						// `?workspace=` left in the address would override.
						void host.choose(kind).then(() => {
							const next = new URL(location.href);
							next.searchParams.delete("workspace");
							location.replace(next);
						});
					}}
				>
					{BACKENDS.map(({ kind, label }) => (
						<option key={kind} value={kind}>
							{label}
						</option>
					))}
				</Select>
			</div>
			<div className="file-toolbar">
				<FilePicker size="sm" icon={<Upload />} inputLabel="Upload files" multiple onChange={(event) => void upload(filesFromInput(event.currentTarget))}>
					Upload files
				</FilePicker>
				<FilePicker
					size="sm"
					icon={<FolderUp />}
					inputLabel="Upload folder"
					multiple
					directory
					onChange={(event) => void upload(filesFromInput(event.currentTarget))}
				>
					Upload folder
				</FilePicker>
				<FilePicker
					size="sm"
					icon={<FileArchive />}
					inputLabel="Seed from zip"
					accept=".zip,application/zip"
					onChange={(event) => {
						const file = event.currentTarget.files?.[0];
						event.currentTarget.value = "";
						if (file) void upload(file.arrayBuffer().then((buffer) => unzipFiles(new Uint8Array(buffer))));
					}}
				>
					Seed from zip
				</FilePicker>
				<Button
					size="sm"
					icon={<Download />}
					disabled={files.length === 0}
					onClick={() =>
						void report(async () => {
							downloadBlob("workspace.zip", await zipFiles(await host.files()));
							return "Downloaded workspace.zip.";
						})
					}
				>
					Download all (zip)
				</Button>
				<Button size="sm" kind="danger" icon={<RotateCw />} onClick={() => setConfirmingReset(true)}>
					Reset…
				</Button>
			</div>
			{message && (
				<p role="status" className={message.error ? "error-text" : "muted"}>
					{message.text}
				</p>
			)}
			{files.length === 0 && <p className="muted">The workspace is empty. Drop files here to upload them.</p>}
			<FileTree root={status.cwd ?? "/"} files={files} open={open} onOpen={setOpen} />
			{open && <FileView path={open} access={host} revision={files} onClose={() => setOpen(undefined)} />}
			{confirmingReset && (
				<Modal title="Reset the workspace?" onCancel={() => setConfirmingReset(false)}>
					<p>Every file in the workspace is deleted, for all sessions of this playground.</p>
					<div className="dialog-actions">
						<Button
							kind="danger"
							onClick={() => {
								setConfirmingReset(false);
								setOpen(undefined);
								void report(async () => {
									await host.reset();
									return "The workspace was reset.";
								});
							}}
						>
							Reset
						</Button>
						<Button onClick={() => setConfirmingReset(false)}>Cancel</Button>
					</div>
				</Modal>
			)}
		</section>
	);
}
