/**
 * The gallery: Playa's examples, each run offline in one click (its extension alone, its scripted
 * model, a new session, its first prompt), and upstream pi's examples from the pinned package, each
 * marked with what it needs and whether it loads here. Self-contained: the page gives it `onRun`.
 */
import { useState } from "react";
import { Modal } from "../dialogs/Dialogs.tsx";
import { GALLERY_EXAMPLES, type GalleryExample } from "./examples.ts";
import upstream from "./upstream-examples.json";
import "../panels/panels.css";
import "./gallery.css";

/** The page's address of a file in extensions/ (the app serves them, see scripts/vite-extension-sources.ts). */
export function exampleUrl(file: string): string {
	return new URL(`/extensions/${file}`, location.href).href;
}

/** Upstream's sources, bundled apart and fetched only when one is opened. */
const UPSTREAM_SOURCES = import.meta.glob(
	["/node_modules/@earendil-works/pi-coding-agent/examples/extensions/*.ts", "/node_modules/@earendil-works/pi-coding-agent/examples/extensions/*/index.ts"],
	{
		query: "?raw",
		import: "default",
	},
) as Record<string, () => Promise<string>>;

function upstreamSource(name: string): (() => Promise<string>) | undefined {
	const base = "/node_modules/@earendil-works/pi-coding-agent/examples/extensions/";
	return UPSTREAM_SOURCES[name.endsWith("/") ? `${base}${name}index.ts` : `${base}${name}.ts`];
}

/**
 * Text whose `backticked` parts are shown as code. The parts are React text, never HTML made from the string; a
 * backtick left without its pair is shown as it is.
 */
export function InlineCode({ text }: { text: string }) {
	const parts = text.split("`");
	const paired = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`];
	return <>{paired.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

export interface ExampleRun {
	urls: string[];
	script: GalleryExample["script"];
	prompt: string;
	dialogAnswers?: GalleryExample["dialogAnswers"];
}

function ExampleCard({ example, onRun }: { example: GalleryExample; onRun(run: ExampleRun): void }) {
	return (
		<li className="gallery-card" aria-label={`Example ${example.title}`}>
			<div className="extension-head">
				<strong>{example.title}</strong>
				<span className="badge">{example.area}</span>
				<button
					type="button"
					aria-label={`Run ${example.title}`}
					onClick={() => onRun({ urls: example.files.map(exampleUrl), script: example.script, prompt: example.prompt, dialogAnswers: example.dialogAnswers })}
				>
					Run
				</button>
			</div>
			<p>
				<InlineCode text={example.explanation} />
			</p>
			<p className="muted">
				Sends <code>{example.prompt}</code>
				{example.script.length > 0 && `, with ${example.script.length} scripted repl${example.script.length === 1 ? "y" : "ies"}`}
				{example.dialogAnswers && `, its ${example.dialogAnswers.length} dialogs answered by the script`}
				{example.needs && ` — then ${example.needs === "confirm" ? "say yes" : "press Enter"}`}.{" "}
				{example.files.map((file) => (
					<a key={file} href={exampleUrl(file)} target="_blank" rel="noreferrer">
						{file}{" "}
					</a>
				))}
			</p>
		</li>
	);
}

function UpstreamRow({ example }: { example: (typeof upstream)[number] }) {
	const [source, setSource] = useState<string>();
	const load = upstreamSource(example.name);
	return (
		<li className="gallery-upstream" aria-label={`Upstream ${example.name}`}>
			<strong>{example.name}</strong>{" "}
			<span className={example.loads ? "badge badge-ok" : "badge badge-error"}>{example.loads ? "loads" : "does not load"}</span>{" "}
			{example.needs && <span className="muted">needs {example.needs}</span>}
			{example.registers && <div className="muted">{example.registers}</div>}
			{example.notes && (
				<div className="muted">
					<InlineCode text={example.notes} />
				</div>
			)}
			{load && !source && (
				<button type="button" className="link" onClick={() => void load().then(setSource)}>
					Show source
				</button>
			)}
			{source && <pre className="json">{source}</pre>}
		</li>
	);
}

export function GalleryPanel({ onRun, onClose }: { onRun(run: ExampleRun): void; onClose(): void }) {
	return (
		<Modal title="Examples" className="gallery" onCancel={onClose}>
			<button type="button" className="gallery-close" onClick={onClose}>
				Close
			</button>
			<p className="muted">Each example runs offline: one click loads its extension alone, sets its scripted model and sends its prompt in a new session.</p>
			<ul className="gallery-list">
				{GALLERY_EXAMPLES.map((example) => (
					<ExampleCard key={example.id} example={example} onRun={onRun} />
				))}
			</ul>
			<h3>Upstream pi's examples</h3>
			<p className="muted">
				The examples of the pinned <code>@earendil-works/pi-coding-agent</code>, unchanged. Each says whether it loads here, what it needs that a browser may
				not have, and what to expect.
			</p>
			<ul className="gallery-list">
				{upstream.map((example) => (
					<UpstreamRow key={example.name} example={example} />
				))}
			</ul>
		</Modal>
	);
}
