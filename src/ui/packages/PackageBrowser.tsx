/**
 * The package browser: a search of the registry for pi packages (keyword `pi-package`), each with its latest
 * version and description; **Try** names it as `npm:<name>`, which is resolved and asked about in the package
 * consent like any source. Runs in the page (a lazy chunk).
 */
import { useEffect, useState } from "react";
import { Modal } from "../dialogs/Dialogs.tsx";
import "./packages.css";

/** One search result, as the page's search gives it (packages/search.ts). */
interface FoundPackage {
	name: string;
	version: string;
	description?: string;
	link?: string;
}

type SearchAnswer = { packages: FoundPackage[]; total: number } | { error: string };

interface Props {
	search(query: string): Promise<SearchAnswer>;
	onTry(source: string): void;
	onClose(): void;
}

export function PackageBrowser({ search, onTry, onClose }: Props) {
	const [query, setQuery] = useState("");
	const [answer, setAnswer] = useState<{ packages: FoundPackage[]; total: number } | { error: string }>();
	const [busy, setBusy] = useState(false);
	const run = (text: string) => {
		setBusy(true);
		void search(text).then(
			(result) => {
				setAnswer(result);
				setBusy(false);
			},
			(error: Error) => {
				setAnswer({ error: error?.message ?? String(error) });
				setBusy(false);
			},
		);
	};
	// The gallery's first page: every pi package, most relevant first.
	useEffect(() => run(""), []);
	return (
		<Modal title="Browse pi packages" onCancel={onClose} className="package-browser">
			<form
				className="row"
				onSubmit={(event) => {
					event.preventDefault();
					run(query);
				}}
			>
				<input aria-label="Search pi packages" placeholder="mcp, theme, subagents…" value={query} onChange={(event) => setQuery(event.target.value)} />
				<button type="submit" disabled={busy}>
					Search
				</button>
			</form>
			<p className="muted">
				Packages on the npm registry with the keyword pi-package. Trying one shows what it is first; nothing of it runs before you say yes.
			</p>
			{busy && <p role="status">Searching…</p>}
			{answer && "error" in answer && <p role="alert">{answer.error}</p>}
			{answer && "packages" in answer && (
				<ul aria-label="Found pi packages" className="package-results">
					{answer.packages.length === 0 && <li>No pi package matches.</li>}
					{answer.packages.map((pkg) => (
						<li key={pkg.name} aria-label={`Package ${pkg.name}`}>
							<div className="row">
								<strong>{pkg.name}</strong> <span className="muted">{pkg.version}</span>
								<button type="button" onClick={() => onTry(`npm:${pkg.name}`)} aria-label={`Try ${pkg.name}`}>
									Try
								</button>
							</div>
							{pkg.description && <p>{pkg.description}</p>}
							{pkg.link && (
								<a href={pkg.link} target="_blank" rel="noreferrer">
									{pkg.link}
								</a>
							)}
						</li>
					))}
				</ul>
			)}
			<div className="dialog-actions">
				<button type="button" onClick={onClose}>
					Close
				</button>
			</div>
		</Modal>
	);
}
