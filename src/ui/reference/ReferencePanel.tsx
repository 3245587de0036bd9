/**
 * The API reference: every type and member of `src/api` with its declaration and doc comment, searched as you
 * type, each linking to the lessons and examples whose files use it. The text is the repository's own, shown as
 * text (a `backticked` part as code), never as HTML.
 */
import reference from "virtual:playa-api-reference";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { type ApiReferenceEntry, searchReference } from "./reference-search.ts";
import "./reference.css";

const LESSON_TITLES = new Map(reference.lessons.map((lesson) => [lesson.id, lesson.title]));
const EXAMPLES = new Map(reference.examples.map((example) => [example.id, example]));

/** Text whose `backticked` parts are code. */
function Prose({ text }: { text: string }) {
	return <>{text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

function Entry({ entry, onSearch, onOpenLesson }: { entry: ApiReferenceEntry; onSearch(query: string): void; onOpenLesson(id: string): void }) {
	return (
		<li className="reference-entry" aria-label={entry.id}>
			<h3>
				<code>{entry.id}</code> <span className="badge">{entry.kind}</span>
			</h3>
			<pre className="reference-signature">{entry.signature}</pre>
			{entry.doc ? (
				<p className="reference-doc">
					<Prose text={entry.doc} />
				</p>
			) : (
				<p className="muted">No doc comment.</p>
			)}
			{entry.members && entry.members.length > 0 && (
				<p className="reference-links">
					<span>Members:</span>
					{entry.members.map((member) => (
						<button key={member} type="button" className="link-button" onClick={() => onSearch(`${entry.id}.${member}`)}>
							{member}
						</button>
					))}
				</p>
			)}
			{entry.lessons.length > 0 && (
				<p className="reference-links">
					<span>Lessons:</span>
					{entry.lessons.map((id) => (
						<a
							key={id}
							href={`?lesson=${encodeURIComponent(id)}`}
							onClick={(event) => {
								event.preventDefault();
								onOpenLesson(id);
							}}
						>
							{LESSON_TITLES.get(id) ?? id}
						</a>
					))}
				</p>
			)}
			{entry.examples.length > 0 && (
				<p className="reference-links">
					<span>Examples:</span>
					{entry.examples.map((id) => {
						const example = EXAMPLES.get(id);
						if (!example) return null;
						return (
							<a key={id} href={new URL(`extensions/${example.file}`, document.baseURI).href} target="_blank" rel="noopener">
								{example.title}
							</a>
						);
					})}
				</p>
			)}
		</li>
	);
}

export default function ReferencePanel({ onOpenLesson }: { onOpenLesson(id: string): void }) {
	const [query, setQuery] = useState("");
	const box = useRef<HTMLInputElement>(null);
	// A member's button searches for it; the focus goes back to the search box, since the button is then gone.
	const search = (text: string) => {
		setQuery(text);
		box.current?.focus();
	};
	const deferred = useDeferredValue(query);
	const results = useMemo(() => searchReference(reference.entries, deferred), [deferred]);
	return (
		<section className="reference" aria-label="API reference">
			<p className="muted">
				The extension API's types and members, from Playa's <code>src/api</code>: hover a name in the editor for the same text.
			</p>
			<label className="reference-search">
				Search the API{" "}
				<input ref={box} type="search" value={query} placeholder="registerCommand, ctx.ui, tool_call…" onChange={(event) => setQuery(event.target.value)} />
			</label>
			<p className="muted" role="status">
				{deferred.trim() === ""
					? `pi (ExtensionAPI) and its members; ${reference.entries.length} entries in all.`
					: `${results.length} found${results.length === 50 ? " (the first 50)" : ""}.`}
			</p>
			<ul className="reference-list">
				{results.map((entry) => (
					<Entry key={entry.id} entry={entry} onSearch={search} onOpenLesson={onOpenLesson} />
				))}
			</ul>
		</section>
	);
}
