/**
 * One workspace file in the files panel: text highlighted (and editable), images shown as images,
 * other bytes described; it reloads when the workspace changes, unless the user is editing it.
 *
 * Workspace files are written by extension code, so nothing here makes a document of the app's origin
 * from them: HTML is text; images are `<img>` (an SVG there runs no script) from a data: URL, which
 * opened in a tab of its own is an opaque origin, unlike a blob: URL; downloads are octet-streams.
 */
import { useEffect, useState } from "react";
import { downloadBlob } from "../design/download.ts";
import { Button, IconButton } from "../design/kit/Button.tsx";
import { CloseIcon, Download, Pencil, TrashIcon } from "../design/kit/icons.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import { reasonOf } from "../../host/state/error-reason.ts";
import { Highlighted } from "./highlight.tsx";
import "./files.css";

export interface FileAccess {
	readFile(path: string): Promise<Uint8Array>;
	writeFile(path: string, data: string | Uint8Array): Promise<void>;
	remove(path: string): Promise<void>;
}

const IMAGE_TYPES: Record<string, string> = {
	png: "image/png",
	jpg: "image/jpeg",
	jpeg: "image/jpeg",
	gif: "image/gif",
	webp: "image/webp",
	avif: "image/avif",
	bmp: "image/bmp",
	ico: "image/x-icon",
	svg: "image/svg+xml",
};

const SVG = "image/svg+xml";

function imageType(path: string): string | undefined {
	return IMAGE_TYPES[path.slice(path.lastIndexOf(".") + 1).toLowerCase()];
}

function dataUrl(bytes: Uint8Array, type: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const reader = new FileReader();
		reader.onload = () => resolve(reader.result as string);
		reader.onerror = () => reject(reader.error);
		reader.readAsDataURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
	});
}

function baseName(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1);
}

/** Text when the bytes decode as UTF-8 without NULs; undefined for binary content. */
function asText(bytes: Uint8Array): string | undefined {
	try {
		const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
		return text.includes("\0") ? undefined : text;
	} catch {
		return undefined;
	}
}

type Content =
	| { kind: "loading" }
	| { kind: "text"; text: string; bytes: Uint8Array }
	| { kind: "image"; url: string; bytes: Uint8Array }
	| { kind: "binary"; bytes: Uint8Array }
	| { kind: "error"; message: string };

interface Props {
	path: string;
	access: FileAccess;
	/** Changes when the workspace's files change. */
	revision: unknown;
	onClose(): void;
}

export function FileView({ path, access, revision, onClose }: Props) {
	const [content, setContent] = useState<Content>({ kind: "loading" });
	const [draft, setDraft] = useState<string>();
	const [saveError, setSaveError] = useState<string>();
	const [confirmingDelete, setConfirmingDelete] = useState(false);
	/** An SVG is shown as an image, or as its text to read and edit. */
	const [svgSource, setSvgSource] = useState(false);
	const editing = draft !== undefined;
	const type = imageType(path);

	useEffect(() => {
		setDraft(undefined);
		setConfirmingDelete(false);
		setSvgSource(false);
	}, [path]);
	useEffect(() => {
		if (editing) return;
		let current = true;
		access
			.readFile(path)
			.then(async (bytes): Promise<Content> => {
				if (type && !(type === SVG && svgSource)) return { kind: "image", url: await dataUrl(bytes, type), bytes };
				const text = asText(bytes);
				return text === undefined ? { kind: "binary", bytes } : { kind: "text", text, bytes };
			})
			.then(
				(next) => current && setContent(next),
				(error: Error) => current && setContent({ kind: "error", message: error.message }),
			);
		return () => {
			current = false;
		};
	}, [path, revision, editing, type, svgSource]);

	const save = async () => {
		if (draft === undefined) return;
		try {
			await access.writeFile(path, draft);
			setSaveError(undefined);
			setDraft(undefined);
		} catch (error) {
			// The draft stays, so nothing typed is lost.
			setSaveError(`Could not save: ${reasonOf(error)}`);
		}
	};

	const bytes = "bytes" in content ? content.bytes : undefined;
	return (
		<figure className="file-view" aria-label={`Content of ${path}`}>
			<figcaption>
				<span className="file-name">{visibleText(path)}</span>
				<span className="file-actions">
					{type === SVG && !editing && (
						<Button size="sm" onClick={() => setSvgSource(!svgSource)}>
							{svgSource ? "Show image" : "Show source"}
						</Button>
					)}
					{content.kind === "text" && !editing && (
						<Button size="sm" icon={<Pencil />} onClick={() => setDraft(content.text)}>
							Edit
						</Button>
					)}
					{editing && (
						<>
							<Button size="sm" kind="primary" onClick={() => void save()}>
								Save
							</Button>
							<Button size="sm" onClick={() => (setDraft(undefined), setSaveError(undefined))}>
								Cancel
							</Button>
						</>
					)}
					{bytes && (
						<Button size="sm" icon={<Download />} onClick={() => downloadBlob(baseName(path), bytes as Uint8Array<ArrayBuffer>)}>
							Download
						</Button>
					)}
					{confirmingDelete ? (
						<Button size="sm" kind="danger" onClick={() => void access.remove(path).then(onClose, (error: Error) => setSaveError(error.message))}>
							Really delete?
						</Button>
					) : (
						<Button size="sm" kind="ghost" icon={<TrashIcon />} onClick={() => setConfirmingDelete(true)}>
							Delete
						</Button>
					)}
					<IconButton size="sm" label="Close file" icon={<CloseIcon />} onClick={onClose} />
				</span>
			</figcaption>
			{saveError && <p className="error-text">{saveError}</p>}
			{content.kind === "loading" && <p className="muted">Loading…</p>}
			{content.kind === "error" && <p className="error-text">{content.message}</p>}
			{content.kind === "image" && <img className="file-image" src={content.url} alt={path} />}
			{content.kind === "binary" && <p className="muted">Binary file, {content.bytes.byteLength} bytes.</p>}
			{content.kind === "text" &&
				(editing ? (
					<textarea
						className="file-editor"
						aria-label={`Edit ${path}`}
						value={draft}
						spellCheck={false}
						onChange={(event) => setDraft(event.target.value)}
						onKeyDown={(event) => {
							if ((event.ctrlKey || event.metaKey) && event.key === "s") {
								event.preventDefault();
								void save();
							}
						}}
					/>
				) : (
					<Highlighted code={content.text} path={path} />
				))}
		</figure>
	);
}
