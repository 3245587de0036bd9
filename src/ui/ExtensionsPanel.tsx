/** Loaded extensions with their tools, commands and errors; add one from a URL. */
import { useState } from "react";
import type { ExtensionErrorInfo, ExtensionStatus } from "../runtime/protocol.ts";

function ErrorText({ error }: { error: ExtensionErrorInfo }) {
	const where = error.line ? ` (line ${error.line}${error.column ? `:${error.column}` : ""})` : "";
	const during = error.where ? ` in ${error.where}` : "";
	return (
		<p className="error-text" role="alert">
			{error.phase} error{during}{where}: {error.message}
		</p>
	);
}

interface Props {
	extensions: ExtensionStatus[];
	errors: ExtensionErrorInfo[];
	onAdd(url: string): void;
	onRemove(url: string): void;
	onEnable(url: string): void;
}

function stateOf(extension: ExtensionStatus): string {
	if (extension.disabled) return "turned off";
	return extension.loaded ? "loaded" : "failed";
}

export function ExtensionsPanel({ extensions, errors, onAdd, onRemove, onEnable }: Props) {
	const [url, setUrl] = useState("");
	return (
		<section className="panel" aria-label="Extensions">
			<h2>Extensions</h2>
			{extensions.length === 0 && <p className="muted">No extensions loaded.</p>}
			<ul className="extension-list">
				{extensions.map((extension) => (
					<li key={extension.url} aria-label={`Extension ${extension.name}`} className={extension.loaded ? "loaded" : "failed"}>
						<div className="extension-head">
							<strong>{extension.name}</strong>
							<span className="muted">{stateOf(extension)}</span>
							{extension.disabled && (
								<button type="button" aria-label={`Turn on ${extension.name}`} onClick={() => onEnable(extension.url)}>
									Turn on
								</button>
							)}
							<button type="button" aria-label={`Remove ${extension.name}`} onClick={() => onRemove(extension.url)}>
								Remove
							</button>
						</div>
						<p className="muted url">{extension.url}</p>
						{extension.error && <ErrorText error={extension.error} />}
						{extension.notices.map((notice) => (
							<p key={notice} className="notice">
								{notice}
							</p>
						))}
						{extension.tools.length > 0 && <p>Tools: {extension.tools.join(", ")}</p>}
						{extension.commands.length > 0 && <p>Commands: {extension.commands.map((c) => `/${c.name}`).join(", ")}</p>}
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
					if (url.trim()) onAdd(new URL(url.trim(), location.href).href);
					setUrl("");
				}}
			>
				<input aria-label="Extension URL" placeholder="https://…/extension.ts" value={url} onChange={(e) => setUrl(e.target.value)} />
				<button type="submit">Add</button>
			</form>
		</section>
	);
}
