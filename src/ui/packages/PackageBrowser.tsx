/**
 * The package browser: a search of the registry for pi packages (keyword `pi-package`), each with its latest
 * version, description, what it provides (extensions, skills, prompts, themes), its repository and its `pi.image`
 * preview, read per result from metadata only (packages/search.ts `packageDetails`). **Try** opens it in a new
 * playground beside the user's, as a share link opens; **Add** loads it into this one; both ask about it in the
 * package consent first. Every string from the registry is shown as text. Runs in the page (a lazy chunk).
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
	weeklyDownloads?: number;
}

type SearchAnswer = { packages: FoundPackage[]; total: number } | { error: string };

/** What a result provides, with its repository and image (packages/search.ts `PackageDetails`). */
interface Details {
	provides: { extensions: string[]; skills: string[]; prompts: string[]; themes: string[] };
	repository?: string;
	image?: string;
}

interface Props {
	search(query: string): Promise<SearchAnswer>;
	details(name: string, version: string): Promise<Details | { error: string }>;
	/** Opens the package in a new playground beside this one. */
	onTry(source: string): void;
	/** Loads the package into this playground. */
	onAdd(source: string): void;
	onClose(): void;
}

const KINDS = [
	["extensions", "Extensions"],
	["skills", "Skills"],
	["prompts", "Prompts"],
	["themes", "Themes"],
] as const;

/** A skill by its folder's name, anything else by its file name. */
function shortName(path: string): string {
	const parts = path.split("/");
	return parts.at(-1) === "SKILL.md" && parts.length > 1 ? parts[parts.length - 2] : (parts.at(-1) ?? path);
}

function ResultDetails({ pkg, details }: { pkg: FoundPackage; details: Props["details"] }) {
	const [answer, setAnswer] = useState<Details | { error: string }>();
	useEffect(() => {
		let current = true;
		details(pkg.name, pkg.version).then(
			(result) => current && setAnswer(result),
			(error: Error) => current && setAnswer({ error: error?.message ?? String(error) }),
		);
		return () => {
			current = false;
		};
	}, [pkg.name, pkg.version, details]);
	if (!answer) return <p className="muted">Reading what it provides…</p>;
	if ("error" in answer) return <p className="muted">What it provides could not be read: {answer.error}</p>;
	const kinds = KINDS.filter(([kind]) => answer.provides[kind].length > 0);
	const repository = answer.repository ?? pkg.link;
	return (
		<>
			{answer.image && <img className="package-preview" src={answer.image} alt={`Preview of ${pkg.name}`} referrerPolicy="no-referrer" loading="lazy" />}
			<ul aria-label={`What ${pkg.name} provides`} className="package-provides">
				{kinds.length === 0 && <li>No pi resources found.</li>}
				{kinds.map(([kind, label]) => (
					<li key={kind}>
						{label}: {answer.provides[kind].map(shortName).join(", ")}
					</li>
				))}
			</ul>
			{repository && (
				<a href={repository} target="_blank" rel="noopener noreferrer">
					{repository}
				</a>
			)}
		</>
	);
}

export function PackageBrowser({ search, details, onTry, onAdd, onClose }: Props) {
	const [query, setQuery] = useState("");
	const [answer, setAnswer] = useState<SearchAnswer>();
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
				Packages on the npm registry with the keyword pi-package. Try opens one in a new playground beside yours; Add loads it into this one. Either way you see
				what it is first, and nothing of it runs before you say yes.
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
								{pkg.weeklyDownloads !== undefined && <span className="muted"> · {pkg.weeklyDownloads.toLocaleString("en")} downloads a week</span>}
								<button type="button" onClick={() => onTry(`npm:${pkg.name}@${pkg.version}`)} aria-label={`Try ${pkg.name}`}>
									Try
								</button>
								<button type="button" onClick={() => onAdd(`npm:${pkg.name}@${pkg.version}`)} aria-label={`Add ${pkg.name}`}>
									Add
								</button>
							</div>
							{pkg.description && <p>{pkg.description}</p>}
							<ResultDetails pkg={pkg} details={details} />
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
