/** Loaded extensions with their tools, commands and errors; add one from a URL. */
import { useEffect, useState } from "react";
import type { ExtensionErrorInfo, ExtensionStatus } from "../../protocol/runtime.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import { displayPathOf, workspacePathOf } from "../../protocol/workspace/workspace-url.ts";
import { Button } from "../design/kit/Button.tsx";
import { PackageIcon, Plus, RotateCw, TrashIcon } from "../design/kit/icons.ts";
import "./panels.css";

function ErrorText({ error }: { error: ExtensionErrorInfo }) {
	// A line in one of the extension's imports names that file.
	const file = error.file ? `${visibleText(displayPathOf(error.file))} ` : "";
	const where = error.line ? ` (${file}line ${error.line}${error.column ? `:${error.column}` : ""})` : "";
	const during = error.where ? ` in ${error.where}` : "";
	return (
		<p className="error-text" role="alert">
			{error.phase} error{during}
			{where}: {error.message}
		</p>
	);
}

interface Props {
	extensions: ExtensionStatus[];
	errors: ExtensionErrorInfo[];
	/** The pi packages the page trusted: an extension whose URL is under a package's `base` is that package's. */
	packages?: { id: string; base: string; installLine: string }[];
	onAdd(url: string): void;
	onRemove(url: string): void;
	/** The extensions the user listed (URLs, workspace paths): Remove takes them off the list. */
	listed?: readonly string[];
	/** Deletes a project extension's file (one found in `.pi/extensions/`): its Remove asks first. */
	onDeleteFile?(url: string): void;
	/** Turns an extension that hung the runtime back on: a new runtime starts (a few seconds); resolves once it reported. */
	onEnable(url: string): void | Promise<void>;
	onFlag(name: string, value: boolean | string): void;
	/** Loads the extensions again on the running session (`/reload`). */
	onReload?(): void;
	reloadDisabled?: boolean;
	/** Opens a workspace extension's file in the editor. */
	onOpenSource?(path: string): void;
	/** Opens the package browser (a search of the registry for pi packages). */
	onBrowsePackages?(): void;
}

function Flag({ flag, onFlag }: { flag: ExtensionStatus["flags"][number]; onFlag: Props["onFlag"] }) {
	const label = `Flag ${flag.name}`;
	// Shown at once; the runtime's copy follows a moment later.
	const [checked, setChecked] = useState(flag.value === true);
	useEffect(() => setChecked(flag.value === true), [flag.value]);
	return (
		<label className="flag" title={flag.description}>
			{flag.type === "boolean" ? (
				<input
					type="checkbox"
					aria-label={label}
					checked={checked}
					onChange={(e) => {
						setChecked(e.target.checked);
						onFlag(flag.name, e.target.checked);
					}}
				/>
			) : null}
			<code>--{flag.name}</code>
			{flag.type === "string" ? <input aria-label={label} defaultValue={String(flag.value ?? "")} onBlur={(e) => onFlag(flag.name, e.target.value)} /> : null}
			{flag.description && <span className="muted"> {flag.description}</span>}
		</label>
	);
}

function stateOf(extension: ExtensionStatus): string {
	if (extension.disabled) return "turned off";
	return extension.loaded ? "loaded" : "failed";
}

function Registered({ label, items }: { label: string; items: string[] | undefined }) {
	if (!items?.length) return null;
	return (
		<p aria-label={`${label} registered`}>
			{label}: {items.join(", ")}
		</p>
	);
}

/** The line saying which package (and exact version) an extension came from, as the page resolved it. */
function PackageLine({ url, packages }: { url: string; packages: Props["packages"] }) {
	const pkg = packages?.find((candidate) => url.startsWith(candidate.base));
	if (!pkg) return null;
	return (
		<p className="package-line muted" role="note" aria-label="Package" title={pkg.installLine}>
			From the package <code>{pkg.id}</code>
		</p>
	);
}

export function ExtensionsPanel({
	extensions,
	errors,
	packages,
	onAdd,
	onRemove,
	listed = [],
	onDeleteFile,
	onEnable,
	onFlag,
	onReload,
	reloadDisabled,
	onOpenSource,
	onBrowsePackages,
}: Props) {
	const [url, setUrl] = useState("");
	/** The project extension whose Remove waits for a yes: it deletes the file. */
	const [confirming, setConfirming] = useState<string>();
	/** A project extension's file: an extension found in the workspace that the user did not list. */
	const projectFile = (target: string) => (onDeleteFile && !listed.includes(target) ? workspacePathOf(target) : undefined);
	/** Extensions being turned on: the card says so until the new runtime has reported them. */
	const [turningOn, setTurningOn] = useState<ReadonlySet<string>>(new Set());
	const turnOn = (target: string) => {
		if (turningOn.has(target)) return;
		setTurningOn((urls) => new Set([...urls, target]));
		void Promise.resolve(onEnable(target))
			.catch(() => undefined)
			.finally(() => setTurningOn((urls) => new Set([...urls].filter((u) => u !== target))));
	};
	return (
		<section className="panel" aria-label="Extensions">
			<div className="extension-head">
				<h2>Extensions</h2>
				{onReload && extensions.length > 0 && (
					<Button size="sm" icon={<RotateCw />} onClick={onReload} disabled={reloadDisabled} title="Load the extensions again on this session, as /reload does">
						Reload
					</Button>
				)}
			</div>
			{extensions.length === 0 && <p className="muted">No extensions loaded.</p>}
			<ul className="extension-list">
				{extensions.map((extension) => (
					<li key={extension.url} aria-label={`Extension ${extension.name}`} className={extension.loaded ? "loaded" : "failed"}>
						<div className="extension-head">
							<strong>{visibleText(extension.name)}</strong>
							{/* Spoken when it changes: turning an extension on takes a new runtime, a few seconds. */}
							<span className="muted" aria-live="polite">
								{turningOn.has(extension.url) ? "turning on…" : stateOf(extension)}
							</span>
							{extension.disabled && (
								<Button
									size="sm"
									kind="primary"
									aria-label={`Turn on ${extension.name}`}
									aria-disabled={turningOn.has(extension.url)}
									onClick={() => turnOn(extension.url)}
								>
									{turningOn.has(extension.url) ? "Turning on…" : "Turn on"}
								</Button>
							)}
							<Button
								size="sm"
								kind="ghost"
								icon={<TrashIcon />}
								aria-label={`Remove ${extension.name}`}
								aria-expanded={projectFile(extension.url) ? confirming === extension.url : undefined}
								onClick={() => (projectFile(extension.url) ? setConfirming(extension.url) : onRemove(extension.url))}
							>
								Remove
							</Button>
						</div>
						{confirming === extension.url && projectFile(extension.url) && (
							<fieldset className="extension-confirm" aria-label={`Delete the file of ${visibleText(extension.name)}?`}>
								<p>
									This extension is the file <code>{visibleText(projectFile(extension.url)!)}</code> in the workspace: Remove deletes it.
								</p>
								<Button
									size="sm"
									kind="danger"
									icon={<TrashIcon />}
									onClick={() => {
										setConfirming(undefined);
										onDeleteFile?.(extension.url);
									}}
								>
									Delete the file
								</Button>{" "}
								<Button size="sm" onClick={() => setConfirming(undefined)}>
									Keep it
								</Button>
							</fieldset>
						)}
						<p className="muted url">
							{/* The runtime's word on the URL is a claim: only a web address becomes a link. */}
							{/^https?:\/\//i.test(extension.url) ? (
								<a href={extension.url} target="_blank" rel="noreferrer">
									<span className="visually-hidden">Source of {visibleText(extension.name)}: </span>
									{visibleText(extension.url)}
								</a>
							) : workspacePathOf(extension.url) && onOpenSource ? (
								<button type="button" className="link-button" onClick={() => onOpenSource(workspacePathOf(extension.url)!)}>
									<span className="visually-hidden">Open the source of {visibleText(extension.name)} in the editor: </span>
									{visibleText(workspacePathOf(extension.url)!)}
								</button>
							) : (
								visibleText(extension.url)
							)}
						</p>
						<PackageLine url={extension.url} packages={packages} />
						{extension.error && <ErrorText error={extension.error} />}
						{extension.notices.map((notice) => (
							<p key={notice} className="notice">
								{notice}
							</p>
						))}
						<Registered label="Hooks" items={extension.hooks?.map((hook) => (hook.count > 1 ? `${hook.event} ×${hook.count}` : hook.event))} />
						<Registered label="Tools" items={extension.tools} />
						<Registered label="Commands" items={extension.commands.map((c) => `/${c.name}`)} />
						<Registered label="Shortcuts" items={extension.shortcuts.map((s) => s.key)} />
						<Registered label="Renderers" items={extension.renderers} />
						<Registered label="Providers" items={extension.providers} />
						<Registered label="Virtual models" items={extension.virtualModels} />
						{extension.flags.map((flag) => (
							<Flag key={flag.name} flag={flag} onFlag={onFlag} />
						))}
						{errors
							.filter((error) => error.url === extension.url)
							.map((error, i) => (
								<ErrorText key={i} error={error} />
							))}
					</li>
				))}
			</ul>
			<form
				className="row"
				onSubmit={(event) => {
					event.preventDefault();
					// The host resolves it: a URL, or a path in the workspace.
					if (url.trim()) onAdd(url.trim());
					setUrl("");
				}}
			>
				<input
					aria-label="Extension URL"
					placeholder="https://…/extension.ts, /workspace/my-ext.ts or npm:<pi package>"
					value={url}
					onChange={(e) => setUrl(e.target.value)}
				/>
				<Button type="submit" kind="primary" icon={<Plus />}>
					Add
				</Button>
			</form>
			{onBrowsePackages && (
				<Button kind="ghost" size="sm" className="browse-packages" icon={<PackageIcon />} onClick={onBrowsePackages}>
					Browse pi packages…
				</Button>
			)}
		</section>
	);
}
