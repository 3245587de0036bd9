/**
 * Share: pick the workspace files (`.pi/` by default), edit the first prompt, choose a panel to show,
 * then make the link. It is copied and its length shown; a link past LONG_LINK_CHARACTERS is cut by
 * chat apps, so the dialog says so and offers the snapshot as a `.playa.json` to download (and to put
 * anywhere public, shared as `?src=<url>`). A `.playa.json` opens here too, by picking it.
 */
import { useEffect, useId, useState } from "react";
import type { Playground } from "../../host/playground.ts";
import { HOME_PLAYGROUND, playgroundHref } from "../../share/playground-address.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import { buildSnapshot, defaultSharePaths, type Panel } from "../../share/snapshot-build.ts";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { LONG_LINK_CHARACTERS, snapshotLink } from "../../share/codec.ts";
import { PANELS, type PlaygroundSnapshot } from "../../share/snapshot.ts";
import { branchPath } from "../../session/tree.ts";
import { Modal } from "../dialogs/Dialogs.tsx";
import { downloadBlob } from "../design/download.ts";
import { Button } from "../design/kit/Button.tsx";
import { FilePicker } from "../design/kit/FilePicker.tsx";
import { Download, LinkIcon, Upload } from "../design/kit/icons.ts";
import { Select } from "../design/kit/Select.tsx";
import "./share.css";

interface Props {
	playground: Playground;
	state: PlaygroundState;
	onClose(): void;
}

/** The first thing the user said on the current branch: the default first prompt of a shared demo. */
export function firstUserText(state: Pick<PlaygroundState, "entries" | "leafId">): string {
	const branch = branchPath(new Map(state.entries.map((entry) => [entry.id, entry])), state.leafId);
	for (const entry of branch) {
		const message = (entry as { message?: { role?: string; content?: unknown } }).message;
		if (entry.type !== "message" || message?.role !== "user") continue;
		if (typeof message.content === "string") return message.content;
		if (Array.isArray(message.content))
			return message.content.map((part: { type?: string; text?: string }) => (part.type === "text" ? (part.text ?? "") : "")).join("");
	}
	return "";
}

const PANEL_LABELS: Record<Panel, string> = {
	extensions: "Extensions",
	model: "Model",
	script: "Script (Model tab)",
	sessions: "Sessions",
	tree: "Tree",
	files: "Files",
	inspector: "Inspector",
	editor: "Editor",
};

/** This page's address with `?src=<url>`: how a snapshot file put somewhere public is shared. */
function sourceLinkExample(): string {
	const url = new URL(playgroundHref(location, HOME_PLAYGROUND));
	url.searchParams.set("src", "URL");
	return url.href.replace("src=URL", "src=<url>");
}

type Made = { link: string; snapshot: PlaygroundSnapshot; copied: boolean; leftOut: string[] };

export function ShareDialog({ playground, state, onClose }: Props) {
	const [files, setFiles] = useState<Record<string, Uint8Array>>();
	const [picked, setPicked] = useState<Set<string>>(new Set());
	const [prompt, setPrompt] = useState(() => firstUserText(state));
	const [panel, setPanel] = useState<Panel | "">("");
	const panelId = useId();
	const [made, setMade] = useState<Made>();
	const [error, setError] = useState<string>();

	useEffect(() => {
		let current = true;
		playground.workspace.files().then(
			(all) => {
				if (!current) return;
				setFiles(all);
				setPicked(new Set(defaultSharePaths(Object.keys(all))));
			},
			(failure: Error) => current && (setFiles({}), setError(`The workspace's files could not be read: ${failure.message}`)),
		);
		return () => {
			current = false;
		};
	}, [playground]);

	const make = async () => {
		setError(undefined);
		setMade(undefined);
		const built = buildSnapshot({
			files: files ?? {},
			paths: [...picked].sort(),
			extensionUrls: state.extensionUrls,
			packages: playground.packages.trustedSources(),
			model: state.model,
			script: state.script,
			dialogAnswers: await playground.dialogAnswers(),
			prompt,
			panels: panel ? [panel] : [],
		});
		if (!built.ok) return setError(`This playground cannot be shared as it is: ${built.error}`);
		const link = await snapshotLink(playgroundHref(location, HOME_PLAYGROUND), built.snapshot);
		const copied = await navigator.clipboard?.writeText(link).then(
			() => true,
			() => false,
		);
		setMade({ link, snapshot: built.snapshot, copied: copied === true, leftOut: built.leftOut });
	};

	const paths = Object.keys(files ?? {}).sort();
	const toggle = (path: string) =>
		setPicked((before) => {
			const next = new Set(before);
			if (!next.delete(path)) next.add(path);
			return next;
		});
	const long = made && made.link.length > LONG_LINK_CHARACTERS;
	return (
		<Modal title="Share this playground" className="share-dialog" onCancel={onClose}>
			<p className="muted">
				A link holds the files you pick, the extensions and pi packages, the model (never a key), the script and dialog answers, and a first prompt. Whoever
				opens it is asked before anything of it runs.
			</p>
			<fieldset>
				<legend>Files</legend>
				{!files && <p className="muted">Reading the workspace…</p>}
				{files && paths.length === 0 && <p className="muted">The workspace has no files.</p>}
				<ul className="share-files" aria-label="Files to share">
					{paths.map((path) => (
						<li key={path}>
							<label>
								<input type="checkbox" checked={picked.has(path)} onChange={() => toggle(path)} /> {visibleText(path)}
							</label>
						</li>
					))}
				</ul>
			</fieldset>
			<label>
				First prompt (sent when the playground opens)
				<textarea value={prompt} rows={2} onChange={(event) => setPrompt(event.target.value)} />
			</label>
			<label htmlFor={panelId}>Panel to show</label>{" "}
			<Select id={panelId} value={panel} onChange={(event) => setPanel(event.target.value as Panel | "")}>
				<option value="">(as it is)</option>
				{PANELS.map((id) => (
					<option key={id} value={id}>
						{PANEL_LABELS[id]}
					</option>
				))}
			</Select>
			<div className="dialog-actions">
				<Button onClick={onClose}>Close</Button>
				<Button kind="primary" icon={<LinkIcon />} disabled={!files} onClick={() => void make().catch((failure: Error) => setError(failure.message))}>
					Copy link
				</Button>
			</div>
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			{made && (
				<section aria-label="Share link">
					<label>
						Link
						<input readOnly value={made.link} onFocus={(event) => event.target.select()} />
					</label>
					<p role="status">
						{made.copied ? "Copied. " : "Select the link to copy it (the clipboard was not available). "}
						The link is {made.link.length.toLocaleString("en")} characters long.
					</p>
					{made.leftOut.length > 0 && (
						<p className="muted">Not in the link (extensions named by a workspace path; pick their files instead): {made.leftOut.join(", ")}</p>
					)}
					{long && (
						<p className="banner" role="note">
							Chat apps and some browsers cut links longer than {LONG_LINK_CHARACTERS.toLocaleString("en")} characters. Share the snapshot as a file instead:
							download it, or put it anywhere public (a gist's raw URL) and share <code>{sourceLinkExample()}</code>.
						</p>
					)}
					<Button icon={<Download />} onClick={() => downloadBlob("playground.playa.json", JSON.stringify(made.snapshot, null, "\t"))}>
						Download .playa.json
					</Button>
				</section>
			)}
			<div className="share-open">
				<span>Open a shared playground</span>
				<FilePicker
					icon={<Upload />}
					inputLabel="Open a shared playground (.playa.json)"
					accept=".json,application/json"
					onChange={(event) => {
						const file = event.target.files?.[0];
						event.target.value = "";
						if (!file) return;
						onClose();
						void playground.share.openFile(file);
					}}
				>
					Choose a .playa.json…
				</FilePicker>
			</div>
		</Modal>
	);
}
