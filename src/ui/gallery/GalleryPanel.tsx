/**
 * The gallery: Playa's examples and upstream pi's (from the pinned package, each marked with what it needs and
 * whether it loads here). Picking one opens it as a playground of its own: its files in the editor, its explanation
 * beside them, and, for Playa's, its prompt sent to its scripted model (openings.ts). Self-contained: the page gives
 * it `onOpen`, which goes to that playground.
 */
import { useState } from "react";
import type { PlaygroundOpening } from "../../host/state/records.ts";
import { Modal } from "../dialogs/Dialogs.tsx";
import { GALLERY_EXAMPLES, type GalleryExample } from "./examples.ts";
import { InlineCode } from "./InlineCode.tsx";
import { exampleFacts, exampleOpening, type UpstreamExample, type UpstreamSources, upstreamOpening } from "./openings.ts";
import upstream from "./upstream-examples.json";
import "../panels/panels.css";
import "./gallery.css";

const UPSTREAM_BASE = "/node_modules/@earendil-works/pi-coding-agent/examples/extensions/";

/** Upstream's sources (an example's file, or its folder's code and text), bundled apart and fetched only when one is opened. */
const UPSTREAM_GLOB = import.meta.glob(
	[
		"/node_modules/@earendil-works/pi-coding-agent/examples/extensions/*.ts",
		"/node_modules/@earendil-works/pi-coding-agent/examples/extensions/*/*.{ts,md,json}",
		"/node_modules/@earendil-works/pi-coding-agent/examples/extensions/*/*/*.md",
		"!**/package-lock.json",
	],
	{ query: "?raw", import: "default" },
) as Record<string, () => Promise<string>>;

const UPSTREAM_SOURCES: UpstreamSources = Object.fromEntries(Object.entries(UPSTREAM_GLOB).map(([path, load]) => [path.slice(UPSTREAM_BASE.length), load]));

type Open = (label: string, opening: () => Promise<PlaygroundOpening>) => void;

function ExampleCard({ example, busy, onOpen }: { example: GalleryExample; busy: boolean; onOpen: Open }) {
	return (
		<li className="gallery-card" aria-label={`Example ${example.title}`}>
			<div className="extension-head">
				<strong>{example.title}</strong>
				<span className="badge">{example.area}</span>
				<button type="button" aria-label={`Open ${example.title}`} disabled={busy} onClick={() => onOpen(example.title, () => exampleOpening(example))}>
					Open
				</button>
			</div>
			<p>
				<InlineCode text={example.explanation} />
			</p>
			<p className="muted">
				<InlineCode text={exampleFacts(example)} /> Files: {example.files.join(", ")}.
			</p>
		</li>
	);
}

function UpstreamRow({ example, busy, onOpen }: { example: UpstreamExample; busy: boolean; onOpen: Open }) {
	const name = example.name.replace(/\/$/, "");
	return (
		<li className="gallery-upstream" aria-label={`Upstream ${example.name}`}>
			<strong>{example.name}</strong>{" "}
			<span className={example.loads ? "badge badge-ok" : "badge badge-error"}>{example.loads ? "loads" : "does not load"}</span>{" "}
			{example.needs && <span className="muted">needs {example.needs}</span>}{" "}
			<button
				type="button"
				className="link"
				aria-label={`Open upstream ${name}`}
				disabled={busy}
				onClick={() => onOpen(`upstream ${name}`, () => upstreamOpening(example, UPSTREAM_SOURCES))}
			>
				Open
			</button>
			{example.registers && <div className="muted">{example.registers}</div>}
			{example.notes && (
				<div className="muted">
					<InlineCode text={example.notes} />
				</div>
			)}
		</li>
	);
}

export function GalleryPanel({ onOpen, onClose }: { onOpen(opening: PlaygroundOpening): Promise<void>; onClose(): void }) {
	const [opening, setOpening] = useState<string>();
	const [error, setError] = useState<string>();
	const open: Open = (label, make) => {
		setOpening(label);
		setError(undefined);
		make()
			.then(onOpen)
			.catch((failure: Error) => setError(`${label} could not be opened: ${failure?.message ?? String(failure)}. Your playground is as it was.`))
			.finally(() => setOpening(undefined));
	};
	const busy = opening !== undefined;
	return (
		<Modal title="Examples" className="gallery" onCancel={onClose}>
			<button type="button" className="gallery-close" onClick={onClose}>
				Close
			</button>
			<p className="muted">
				Each example opens in a playground of its own, beside yours: its files in the editor, its explanation beside them, and Playa's run at once, offline.
				Yours stays as it is; the Playground list at the top goes back to it. Edit an example and it becomes your copy.
			</p>
			{opening && <p role="status">Opening {opening}…</p>}
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			<ul className="gallery-list">
				{GALLERY_EXAMPLES.map((example) => (
					<ExampleCard key={example.id} example={example} busy={busy} onOpen={open} />
				))}
			</ul>
			<h3>Upstream pi's examples</h3>
			<p className="muted">
				The examples of the pinned <code>@earendil-works/pi-coding-agent</code>, unchanged. Each says whether it loads here, what it needs that a browser may
				not have, and what to expect; each opens in the editor, and loads where it can.
			</p>
			<ul className="gallery-list">
				{upstream.map((example) => (
					<UpstreamRow key={example.name} example={example} busy={busy} onOpen={open} />
				))}
			</ul>
		</Modal>
	);
}
