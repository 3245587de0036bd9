/**
 * The consent a shared playground asks for before anything of it runs: where it came from, its files
 * (each one's content readable here as text, never as a page), the ones that run as code first and marked
 * so (its project's extensions), its extension URLs, its pi packages (each asked about again in the package consent), the model, the script's length, the dialog answers and
 * the first prompt. Yes opens it as a new playground beside the user's own; no leaves everything as it was.
 * In another site's frame (an embed), yes is off until the consent has been seen (dialogs/consent-visibility.ts).
 * What could not be opened shows as an alert.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Playground } from "../../host/playground.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import type { SnapshotFile } from "../../share/snapshot.ts";
import { snapshotLink } from "../../share/codec.ts";
import { ConsentReadinessNote, Modal } from "../dialogs/Dialogs.tsx";
import { type ConsentReadiness, useConsentReadiness } from "../dialogs/consent-visibility.ts";
import "./share.css";

type ShareDesk = Playground["share"];
type ShareOffer = NonNullable<ReturnType<ShareDesk["store"]["get"]>["offer"]>;

/** What a file of the snapshot is when it opens: an extension that runs, a file of one, or neither. */
function codeNote(path: string, code: ShareOffer["code"]): string | undefined {
	const part = code.find((file) => file.path === path);
	if (!part) return undefined;
	return part.extension === path ? "an extension" : `part of the extension ${visibleText(part.extension)}`;
}

function FileItem({ file, runs }: { file: SnapshotFile; runs?: string }) {
	const [shown, setShown] = useState(false);
	const binary = file.encoding === "base64";
	const size = binary ? Math.floor((file.content.length * 3) / 4) : new TextEncoder().encode(file.content).length;
	return (
		<li data-runs={runs !== undefined || undefined}>
			<code>{visibleText(file.path)}</code>{" "}
			{runs && (
				<>
					<strong className="share-runs">code that runs</strong> ({runs}){" "}
				</>
			)}
			<span className="muted">
				({size.toLocaleString("en")} bytes{binary ? ", binary" : ""})
			</span>{" "}
			{!binary && (
				<button type="button" aria-expanded={shown} aria-label={`${shown ? "Hide" : "View"} ${file.path}`} onClick={() => setShown(!shown)}>
					{shown ? "Hide" : "View"}
				</button>
			)}
			{shown && (
				<section aria-label={`Content of ${file.path}`}>
					<pre className="share-file-text">{file.content}</pre>
				</section>
			)}
		</li>
	);
}

/** The snapshot's files, those that run as code first (in the order they load), then the others as they came. */
function filesInOrder(offer: ShareOffer): SnapshotFile[] {
	const order = new Map(offer.code.map((file, index) => [file.path, index]));
	const rank = (file: SnapshotFile) => order.get(file.path) ?? order.size;
	return offer.snapshot.files
		.map((file, index) => ({ file, index }))
		.sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
		.map(({ file }) => file);
}

function count(n: number, what: string): string {
	return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/**
 * Where the consent can be answered when the browser cannot tell whether this frame is seen: the page in a tab of
 * its own, with the snapshot in its address (as a link carries it), whichever way it came.
 */
function useNewTabHref(offer: ShareOffer, readiness: ConsentReadiness): string | undefined {
	const [href, setHref] = useState<string>();
	useEffect(() => {
		if (readiness !== "unsupported") return;
		let current = true;
		const base = new URL(window.location.href);
		for (const name of ["src", "playground", "pkg"]) base.searchParams.delete(name);
		snapshotLink(base.href, offer.snapshot).then(
			(link) => current && setHref(link),
			() => undefined,
		);
		return () => {
			current = false;
		};
	}, [offer, readiness]);
	return href;
}

/** The consent for one offered snapshot; in another site's frame, its yes is off until the consent is seen (consent-visibility.ts). */
function OfferConsent({ desk, offer, opening, embedded }: { desk: ShareDesk; offer: ShareOffer; opening: boolean; embedded: boolean }) {
	const dialog = useRef<HTMLDialogElement>(null);
	const readiness = useConsentReadiness(dialog);
	const newTab = useNewTabHref(offer, readiness);
	const extensionFiles = offer.code.filter((file) => file.path === file.extension).length;
	const contents = (
		<>
			<h3>Files ({offer.snapshot.files.length})</h3>
			{offer.snapshot.files.length === 0 ? (
				<p className="muted">None.</p>
			) : (
				<ul aria-label="Shared files">
					{filesInOrder(offer).map((file) => (
						<FileItem key={file.path} file={file} runs={codeNote(file.path, offer.code)} />
					))}
				</ul>
			)}
			<h3>Extensions from URLs ({offer.snapshot.extensions.length})</h3>
			{offer.snapshot.extensions.length === 0 ? (
				<p className="muted">None.</p>
			) : (
				<ul aria-label="Shared extension URLs">
					{offer.snapshot.extensions.map((url) => (
						<li key={url}>
							<code>{visibleText(url)}</code>
						</li>
					))}
				</ul>
			)}
			{offer.snapshot.packages && offer.snapshot.packages.length > 0 && (
				<>
					<h3>pi packages ({offer.snapshot.packages.length})</h3>
					<p className="muted">Each is asked about once the playground opens, with its files and dependencies; none is fetched or runs before that yes.</p>
					<ul aria-label="Shared pi packages">
						{offer.snapshot.packages.map((source) => (
							<li key={source}>
								<code>{visibleText(source)}</code>
							</li>
						))}
					</ul>
				</>
			)}
		</>
	);
	return (
		<Modal
			title="Open this shared playground?"
			className={embedded ? "share-consent compact" : "share-consent"}
			onCancel={() => desk.decline()}
			dialogRef={dialog}
		>
			{embedded ? (
				<p>
					From {offer.source}. This demo opens in this frame, as a playground of its own. Nothing of it runs until you say yes; then its extensions run in this
					browser.
				</p>
			) : (
				<p>
					From {offer.source}. It opens as a new playground beside yours: your files and sessions stay as they are, and you can go back to them. Nothing of it
					runs until you say yes; then its extensions run in this browser with the playground's workspace.
				</p>
			)}
			<p className="share-runs-summary">
				{extensionFiles + offer.snapshot.extensions.length === 0
					? "Nothing of it runs as code: it has no extension."
					: `Code that runs once you say yes: ${count(extensionFiles, "extension file")} of its workspace (listed first) and ${count(offer.snapshot.extensions.length, "extension")} from URLs.`}
			</p>
			{embedded ? (
				// In a frame of a few hundred pixels the lists fold away, so the answer stays in view.
				<details className="share-contents">
					<summary>
						What it holds: {count(offer.snapshot.files.length, "file")}, {count(offer.snapshot.extensions.length, "extension")} from URLs
					</summary>
					{contents}
				</details>
			) : (
				contents
			)}
			<dl className="share-summary">
				{offer.snapshot.model && (
					<>
						<dt>Model</dt>
						<dd>
							{offer.snapshot.model.provider}/{offer.snapshot.model.id} (your own key, if it needs one)
						</dd>
					</>
				)}
				{offer.snapshot.script && (
					<>
						<dt>Script</dt>
						<dd>{offer.snapshot.script.length} scripted replies</dd>
					</>
				)}
				{offer.snapshot.dialogAnswers && (
					<>
						<dt>Dialog answers</dt>
						<dd>{offer.snapshot.dialogAnswers.length} scripted answers</dd>
					</>
				)}
				{offer.snapshot.prompt && (
					<>
						<dt>First prompt</dt>
						<dd className="text">{offer.snapshot.prompt}</dd>
					</>
				)}
			</dl>
			<ConsentReadinessNote readiness={readiness} href={newTab} />
			<div className="dialog-actions">
				<button type="button" onClick={() => desk.decline()} disabled={opening}>
					Don't open
				</button>
				<button type="button" onClick={() => readiness === "ready" && void desk.accept()} disabled={opening || readiness !== "ready"}>
					{opening ? "Opening…" : "Open and run"}
				</button>
			</div>
		</Modal>
	);
}

/** `embedded`: in an embed's frame, where the consent is compact and says what opens in the frame. */
export function ShareConsent({ desk, embedded = false }: { desk: ShareDesk; embedded?: boolean }) {
	const state = useSyncExternalStore(desk.store.subscribe, desk.store.get);
	const { offer } = state;
	return (
		<>
			{state.error && (
				<div className="banner share-error" role="alert">
					{state.error}{" "}
					<button type="button" onClick={() => desk.dismissError()}>
						Dismiss
					</button>
				</div>
			)}
			{offer && <OfferConsent desk={desk} offer={offer} opening={state.opening} embedded={embedded} />}
		</>
	);
}
