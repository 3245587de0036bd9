/**
 * A session's current branch as one self-contained HTML page for reading or sharing: inline CSS, no
 * script, no outside requests. Everything in a session (model output, tool output, extension data)
 * is untrusted, so every string goes through `escapeHtml` and the page's CSP forbids scripts too;
 * images are only embedded as validated base64 data URLs. Pure string work, usable in any thread.
 */
import type { StoredEntry, SessionHeader } from "./entries.ts";

type Json = Record<string, unknown>;

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value));

function pretty(value: unknown): string {
	try {
		return JSON.stringify(value, null, 2) ?? String(value);
	} catch {
		return String(value);
	}
}

/** Root-to-leaf path; like upstream, an unknown leaf falls back to the last entry, null means none. */
function branchOf(entries: readonly StoredEntry[], leafId: string | null): StoredEntry[] {
	if (leafId === null) return [];
	const byId = new Map(entries.map((e) => [e.id, e]));
	const path: StoredEntry[] = [];
	const seen = new Set<string>();
	let current = byId.get(leafId) ?? entries.at(-1);
	while (current && !seen.has(current.id)) {
		seen.add(current.id);
		path.push(current);
		current = current.parentId ? byId.get(current.parentId) : undefined;
	}
	return path.reverse();
}

const text = (value: string, cls = "text"): string => (value ? `<div class="${cls}">${escapeHtml(value)}</div>` : "");
const fold = (summary: string, body: string, cls = ""): string =>
	`<details${cls ? ` class="${cls}"` : ""}><summary>${escapeHtml(summary)}</summary>${body}</details>`;
const json = (value: unknown): string => `<pre class="json">${escapeHtml(pretty(value))}</pre>`;

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function block(part: unknown): string {
	if (typeof part === "string") return text(part);
	if (!isObject(part)) return json(part);
	switch (part.type) {
		case "text":
			return text(str(part.text));
		case "thinking":
			return fold("Thinking", part.redacted && !part.thinking ? text("(redacted)", "muted") : text(str(part.thinking)), "thinking");
		case "toolCall":
			return `<div class="tool-call"><div class="tool-name">→ ${escapeHtml(str(part.name))}</div>${json(part.arguments ?? {})}</div>`;
		case "image": {
			const mime = str(part.mimeType);
			const data = str(part.data);
			if (IMAGE_TYPES.test(mime) && BASE64.test(data)) return `<img class="image" alt="image" src="data:${mime};base64,${data}">`;
			return text(`[image ${mime}]`, "muted");
		}
		default:
			return fold(`${str(part.type) || "block"}`, json(part));
	}
}

const content = (value: unknown): string => (Array.isArray(value) ? value.map(block).join("") : block(str(value)));

function card(kind: string, title: string, body: string, entry: StoredEntry, labels: Map<string, string>, note = ""): string {
	const label = labels.get(entry.id);
	return (
		`<section class="entry ${kind}" id="entry-${escapeHtml(entry.id)}"><div class="head">` +
		`<span class="who">${escapeHtml(title)}</span>${note ? `<span class="note">${escapeHtml(note)}</span>` : ""}` +
		`${label ? `<span class="label">${escapeHtml(label)}</span>` : ""}<time>${escapeHtml(str(entry.timestamp))}</time></div>${body}</section>`
	);
}

const meta = (line: string, extra = ""): string => `<div class="meta">${escapeHtml(line)}${extra}</div>`;

function message(entry: StoredEntry, m: Json, labels: Map<string, string>): string {
	switch (m.role) {
		case "user":
			return card("user", "User", content(m.content), entry, labels);
		case "assistant": {
			const failed = m.stopReason === "error" || m.stopReason === "aborted";
			const note = [str(m.provider) && `${str(m.provider)}/${str(m.model)}`, failed ? str(m.stopReason) : ""].filter(Boolean).join(" · ");
			return card("assistant", "Assistant", content(m.content) + (m.errorMessage ? text(str(m.errorMessage), "error") : ""), entry, labels, note);
		}
		case "toolResult":
			return card(
				m.isError ? "tool-result failed" : "tool-result",
				`Tool result · ${str(m.toolName)}`,
				content(m.content),
				entry,
				labels,
				m.isError ? "error" : "",
			);
		case "bashExecution": {
			const status = m.cancelled ? "cancelled" : m.exitCode === undefined || m.exitCode === null ? "" : `exit ${str(m.exitCode)}`;
			return card("bash", "Shell", `<pre class="command">$ ${escapeHtml(str(m.command))}</pre>${text(str(m.output), "output")}`, entry, labels, status);
		}
		case "custom":
		case "hookMessage":
			return card(
				"custom",
				`Extension · ${str(m.customType)}`,
				m.display === false ? fold("hidden message", content(m.content)) : content(m.content),
				entry,
				labels,
			);
		case "branchSummary":
			return card("summary", "Branch summary", text(str(m.summary)), entry, labels);
		case "compactionSummary":
			return card("summary", "Compaction summary", text(str(m.summary)), entry, labels);
		case "system":
		case "developer":
			return card(
				"system",
				m.role === "system" ? "System" : "Developer",
				fold("prompt", content(m.content) + (m.sections ? json(m.sections) : "")),
				entry,
				labels,
			);
		default:
			return card("other", str(m.role) || "message", fold("message", json(m)), entry, labels);
	}
}

function entryHtml(entry: StoredEntry, labels: Map<string, string>): string {
	const e = entry as Json;
	switch (entry.type) {
		case "message":
			return isObject(e.message) ? message(entry, e.message, labels) : meta("message without content");
		case "custom_message": {
			const body = e.display === false ? fold("hidden from display", content(e.content)) : content(e.content);
			return card("custom", `Extension · ${str(e.customType)}`, body, entry, labels);
		}
		case "compaction":
			return card("summary", "Compaction", text(str(e.summary)), entry, labels, typeof e.tokensBefore === "number" ? `${e.tokensBefore} tokens before` : "");
		case "branch_summary":
			return card("summary", "Branch summary", text(str(e.summary)), entry, labels, e.fromId ? `from ${str(e.fromId)}` : "");
		case "model_change":
			return meta(
				`Model: ${e.model !== undefined ? str(e.model) : `${str(e.provider)}/${str(e.modelId)}`}${e.role && e.role !== "default" ? ` (${str(e.role)})` : ""}`,
			);
		case "thinking_level_change":
			return meta(`Thinking level: ${str(e.thinkingLevel ?? e.configured)}`);
		case "session_info":
			return meta(`Session name: ${str(e.name)}`);
		case "title_change":
			return meta(`Title: ${str(e.title)}`);
		case "label":
			return meta(e.label ? `Label "${str(e.label)}" on ${str(e.targetId)}` : `Label cleared on ${str(e.targetId)}`);
		case "custom":
			return meta(`Extension data · ${str(e.customType)}`, fold("data", json(e.data)));
		default: {
			const { type, id: _id, parentId: _parent, timestamp: _time, ...rest } = e;
			return meta(str(type), Object.keys(rest).length ? fold("fields", json(rest)) : "");
		}
	}
}

const CSS = `
:root{color-scheme:light dark;--fg:#1d1f23;--bg:#fafafa;--card:#fff;--muted:#6b7280;--line:#e3e5e8;--accent:#2563eb;--err:#b91c1c}
@media (prefers-color-scheme:dark){:root{--fg:#e5e7eb;--bg:#111316;--card:#1a1d21;--muted:#9ca3af;--line:#2b2f35;--accent:#60a5fa;--err:#f87171}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,sans-serif}
header,main{max-width:880px;margin:0 auto;padding:16px}h1{font-size:22px;margin:8px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;color:var(--muted);font-size:13px;margin:0}dd{margin:0;word-break:break-all}
.entry{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--line);border-radius:6px;padding:10px 14px;margin:10px 0}
.user{border-left-color:var(--accent)}.assistant{border-left-color:#10b981}.tool-result{border-left-color:#a855f7}.failed{border-left-color:var(--err)}
.custom{border-left-color:#f59e0b}.summary{border-left-color:#64748b;background:transparent}.bash{border-left-color:#0ea5e9}
.head{display:flex;gap:8px;align-items:baseline;font-size:12px;color:var(--muted);margin-bottom:4px}.who{font-weight:600;color:var(--fg)}
time{margin-left:auto}.label{background:var(--accent);color:#fff;border-radius:4px;padding:0 6px}
.text,.output{white-space:pre-wrap;word-wrap:break-word}.muted{color:var(--muted)}.error{color:var(--err);white-space:pre-wrap}
pre{white-space:pre-wrap;word-wrap:break-word;font:12.5px/1.45 ui-monospace,monospace;background:rgba(127,127,127,.08);padding:8px;border-radius:4px;margin:6px 0}
.output{font:12.5px/1.45 ui-monospace,monospace}.tool-name{font:600 13px ui-monospace,monospace;margin-top:6px}
details{margin:4px 0}summary{cursor:pointer;color:var(--muted);font-size:13px}.thinking .text{color:var(--muted);font-style:italic}
.meta{color:var(--muted);font-size:13px;margin:6px 4px}.image{max-width:100%;border-radius:4px}
footer{max-width:880px;margin:0 auto;padding:16px;color:var(--muted);font-size:12px}`;

/** The branch ending at `leafId` (null: none; unknown: the last entry) as a standalone HTML document. */
export function exportSessionHtml(header: SessionHeader, entries: readonly StoredEntry[], leafId: string | null): string {
	const labels = new Map<string, string>();
	for (const entry of entries) {
		if (entry.type !== "label" || typeof entry.targetId !== "string") continue;
		if (typeof entry.label === "string" && entry.label) labels.set(entry.targetId, entry.label);
		else labels.delete(entry.targetId);
	}
	const branch = branchOf(entries, leafId);
	let name: string | undefined;
	for (const entry of branch) if (entry.type === "session_info" && typeof entry.name === "string") name = entry.name.trim() || undefined;
	const title = name ?? header.title ?? `Session ${header.id}`;
	const facts: [string, unknown][] = [
		["Session", header.id],
		["Started", header.timestamp],
		["Directory", header.cwd],
		["Parent", header.parentSession],
		["Entries", `${branch.length} on this branch, ${entries.length} in the session`],
	];
	const dl = facts
		.filter(([, v]) => v !== undefined && v !== "")
		.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(str(v))}</dd>`)
		.join("");
	return [
		"<!doctype html>",
		'<html lang="en"><head><meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		`<title>${escapeHtml(title)}</title><style>${CSS}</style></head><body>`,
		`<header><h1>${escapeHtml(title)}</h1><dl>${dl}</dl></header>`,
		`<main>${branch.map((entry) => entryHtml(entry, labels)).join("\n")}</main>`,
		"<footer>Exported from Playa.</footer>",
		"</body></html>",
		"",
	].join("\n");
}
