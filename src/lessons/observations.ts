/**
 * What a lesson's check reads of a session: its entries, the tools, commands and providers registered, and what
 * the extensions showed (notifications, widgets, statuses, dialogs, renderers' lines), kept as they come. Fed
 * with the runtime's events (the headless proof run) or with the page's state as it changes (host/lessons/);
 * both are messages from the runtime worker, untrusted: only their data is read, as data.
 */
import type { RuntimeEvent, UIRequest } from "../protocol/runtime.ts";

/** An entry as the check reads it: any object with an id; its fields are looked at with care. */
export type ObservedEntry = { id: string; type: string; [field: string]: unknown };

/** Bounds: a runtime that sends without end does not grow the page's memory without end. */
const MAX_ITEMS = 500;

function push<T>(list: T[], item: T): void {
	list.push(item);
	if (list.length > MAX_ITEMS) list.splice(0, list.length - MAX_ITEMS);
}

export class Observations {
	private readonly entryById = new Map<string, ObservedEntry>();
	readonly tools = new Set<string>();
	readonly commands = new Set<string>();
	readonly providers = new Set<string>();
	readonly notifications: { message: string; level: string }[] = [];
	readonly widgets: { key: string; lines: string[] }[] = [];
	readonly statuses: { key: string; text: string }[] = [];
	readonly dialogs: { method: string; title: string }[] = [];
	readonly rendered: string[] = [];

	get entries(): ObservedEntry[] {
		return [...this.entryById.values()];
	}

	entry(entry: unknown): void {
		if (!entry || typeof entry !== "object") return;
		const { id, type } = entry as { id?: unknown; type?: unknown };
		if (typeof id !== "string" || typeof type !== "string" || this.entryById.has(id)) return;
		if (this.entryById.size >= MAX_ITEMS * 4) return;
		this.entryById.set(id, entry as ObservedEntry);
	}

	notification(message: string, level: string): void {
		if (this.notifications.some((n) => n.message === message && n.level === level)) return;
		push(this.notifications, { message, level });
	}

	widget(key: string, lines: readonly string[]): void {
		const joined = lines.join("\n");
		if (this.widgets.some((w) => w.key === key && w.lines.join("\n") === joined)) return;
		push(this.widgets, { key, lines: [...lines] });
	}

	status(key: string, text: string): void {
		if (this.statuses.some((s) => s.key === key && s.text === text)) return;
		push(this.statuses, { key, text });
	}

	dialog(request: Pick<UIRequest, "method" | "title">): void {
		if (this.dialogs.some((d) => d.method === request.method && d.title === request.title)) return;
		push(this.dialogs, { method: request.method, title: request.title });
	}

	renderedLines(lines: readonly string[]): void {
		for (const line of lines) if (!this.rendered.includes(line)) push(this.rendered, line);
	}

	/** One of the runtime's events (as the headless runner reports them, dialogs included). */
	event(event: RuntimeEvent | { type: "ui_request"; request: UIRequest } | { type: string }): void {
		const e = event as RuntimeEvent;
		switch (e.type) {
			case "entry_appended":
				return this.entry(e.entry);
			case "extensions_changed":
				for (const extension of e.extensions) for (const tool of extension.tools) this.tools.add(tool);
				for (const command of e.commands) this.commands.add(command.name);
				return;
			case "providers_changed":
				for (const provider of e.providers) this.providers.add(provider.name);
				return;
			case "notify":
				return this.notification(e.message, e.level);
			case "widget":
				if (e.lines) this.widget(e.key, e.lines);
				return;
			case "status":
				if (e.text !== undefined) this.status(e.key, e.text);
				return;
			case "entry_rendered":
			case "tool_call_rendered":
				if (e.lines) this.renderedLines(e.lines);
				return;
			default:
				if (event.type === "ui_request") this.dialog((event as { request: UIRequest }).request);
		}
	}
}
