/**
 * The consent before a pi package runs: for each package, the exact version (and the source as written), what
 * pi would load from it, its files (each readable at its CDN address), its dependencies, what cannot work in a
 * browser, and the `pi install` line to copy. Nothing of the package was fetched but its metadata and file
 * list; a yes is kept for that version and file list. Runs in the page (a lazy chunk).
 */
import { useState } from "react";
import type { PackageConsentItem } from "../../host/state/playground-state.ts";
import { Modal } from "../dialogs/Dialogs.tsx";
import "./packages.css";

const PROVIDED = /^(@(earendil-works|mariozechner|oh-my-pi)\/pi-(coding-agent|ai|tui)|typebox|@sinclair\/typebox|zod)$/;

function size(bytes: number): string {
	return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Dependencies({ item }: { item: PackageConsentItem }) {
	const own = Object.entries(item.dependencies);
	const peers = Object.entries(item.peerDependencies);
	if (own.length + peers.length === 0) return <p>No dependencies.</p>;
	return (
		<ul aria-label={`Dependencies of ${item.id}`} className="package-dependencies">
			{own.map(([name, range]) => (
				<li key={name}>
					<code>
						{name}@{range}
					</code>{" "}
					<span className="muted">{PROVIDED.test(name) ? "Playa's own" : "from the ESM CDN"}</span>
				</li>
			))}
			{peers.map(([name, range]) => (
				<li key={`peer:${name}`}>
					<code>
						{name}@{range}
					</code>{" "}
					<span className="muted">peer{PROVIDED.test(name) ? ", Playa's own" : ""}</span>
				</li>
			))}
		</ul>
	);
}

function Loads({ item }: { item: PackageConsentItem }) {
	const rows: [string, string[]][] = [
		["Extensions", item.extensions],
		["Skills", item.skills],
		["Prompt templates", item.prompts],
		["Themes", item.themes],
	];
	return (
		<ul aria-label={`What ${item.id} loads`}>
			{rows
				.filter(([, list]) => list.length > 0)
				.map(([label, list]) => (
					<li key={label}>
						{label}:{" "}
						{list.map((path) => (
							<code key={path}>{path} </code>
						))}
					</li>
				))}
		</ul>
	);
}

function InstallLine({ line }: { line: string }) {
	const [copied, setCopied] = useState(false);
	return (
		<p className="package-install">
			<span role="note" aria-label="pi install line">
				<code>{line}</code>
			</span>{" "}
			<button
				type="button"
				onClick={() =>
					void navigator.clipboard?.writeText(line).then(
						() => setCopied(true),
						() => setCopied(false),
					)
				}
			>
				{copied ? "Copied" : "Copy"}
			</button>
		</p>
	);
}

function PackageItem({ item }: { item: PackageConsentItem }) {
	const total = item.files.reduce((sum, file) => sum + file.size, 0);
	return (
		<section className="package-consent-item" aria-label={`Package ${item.id}`}>
			<h3>
				<code>{item.id}</code>
			</h3>
			{item.requested !== item.id && (
				<p className="muted">
					Asked for as <code>{item.requested}</code>: this exact version is what runs, and what a link from this page names.
				</p>
			)}
			{item.description && <p>{item.description}</p>}
			<Loads item={item} />
			{item.problems.length > 0 && (
				<ul aria-label={`What cannot work in a browser in ${item.id}`} className="package-problems">
					{item.problems.map((problem) => (
						<li key={problem}>{problem}</li>
					))}
				</ul>
			)}
			<h4>Dependencies</h4>
			<Dependencies item={item} />
			<details>
				<summary>
					{item.files.length} files, {size(total)}
				</summary>
				<ul aria-label={`Files of ${item.id}`} className="package-files">
					{item.files.map((file) => (
						<li key={file.path}>
							<a href={item.base + file.path} target="_blank" rel="noreferrer">
								{file.path}
							</a>{" "}
							<span className="muted">{size(file.size)}</span>
						</li>
					))}
				</ul>
			</details>
			<InstallLine line={item.installLine} />
		</section>
	);
}

export function PackageConsent({ items, onDecide }: { items: PackageConsentItem[]; onDecide(run: boolean): void }) {
	const title = items.length === 1 ? `Run the pi package ${items[0].name}?` : `Run these ${items.length} pi packages?`;
	return (
		<Modal title={title} onCancel={() => onDecide(false)} className="package-consent">
			<p>
				A pi package is code from its author. It runs in this page's session only after you say yes; nothing of it was fetched but its version and its list of
				files.
			</p>
			{items.map((item) => (
				<PackageItem key={item.id} item={item} />
			))}
			<p>Your yes is kept for these exact versions and files: a changed file asks again.</p>
			<div className="dialog-actions">
				<button type="button" onClick={() => onDecide(false)}>
					Don't run
				</button>
				<button type="button" onClick={() => onDecide(true)}>
					Run {items.length === 1 ? "package" : "packages"}
				</button>
			</div>
		</Modal>
	);
}
