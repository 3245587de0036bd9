/**
 * The recorder's core: turns what a run reports (the runtime's events, the inspector's request records, the
 * dialogs answered) into a scenario's expectations, one block per part of the run (the start, each step). Ids,
 * parents and timestamps are left out here, so they never count. Pure TypeScript: runs in the headless
 * runner's thread under Node, and could in the page.
 */
import type { RuntimeEvent, UIRequest, UIResponse } from "../protocol/runtime.ts";
import type { StoredEntry } from "../session/entries.ts";
import { EXPECTATION_KEYS, type DialogExpectation, type EntryExpectation, type Expectation, type ToolCallExpectation } from "./schema.ts";

/** What a run reports: the runtime's events, and each dialog with the answer it got. */
export type ObservedEvent = RuntimeEvent | { type: "ui_request"; id: string; request: UIRequest; response: UIResponse };

type Block = Required<Expectation>;

interface Content {
	type?: string;
	text?: string;
	thinking?: string;
	id?: string;
	name?: string;
	arguments?: Record<string, unknown>;
}

interface AnyMessage {
	role?: string;
	content?: string | Content[];
	toolCallId?: string;
	toolName?: string;
	details?: unknown;
	isError?: boolean;
	errorMessage?: string;
	stopReason?: string;
	[key: string]: unknown;
}

const ENVELOPE = new Set(["id", "parentId", "timestamp"]);

function textOf(content: AnyMessage["content"], type: "text" | "thinking" = "text"): string {
	if (typeof content === "string") return type === "text" ? content : "";
	if (!Array.isArray(content)) return "";
	return content
		.filter((block) => block?.type === type)
		.map((block) => block[type] ?? "")
		.join("");
}

/** A message entry, shortened to what a reader of a scenario looks for. */
function messageView(message: AnyMessage): EntryExpectation {
	const view: EntryExpectation = { type: "message", role: message.role };
	switch (message.role) {
		case "user": {
			view.text = textOf(message.content);
			return view;
		}
		case "assistant": {
			const text = textOf(message.content);
			const thinking = textOf(message.content, "thinking");
			const calls = Array.isArray(message.content) ? message.content.filter((block) => block?.type === "toolCall").map((block) => String(block.name)) : [];
			if (text) view.text = text;
			if (thinking) view.thinking = thinking;
			if (calls.length > 0) view.toolCalls = calls;
			if (message.errorMessage) view.error = message.errorMessage;
			return view;
		}
		case "toolResult":
			return { ...view, toolName: message.toolName, isError: message.isError === true };
		default: {
			// Extension messages, shell runs, summaries: their fields but the time.
			const { timestamp: _time, ...rest } = message;
			return { type: "message", ...rest };
		}
	}
}

/** An appended entry without what changes from run to run (ids, parents, timestamps, references to other entries). */
export function entryView(entry: StoredEntry): EntryExpectation {
	const record = entry as unknown as Record<string, unknown>;
	if (record.type === "message") return messageView(record.message as AnyMessage);
	const view: EntryExpectation = {};
	for (const [key, value] of Object.entries(record)) {
		if (ENVELOPE.has(key) || /Ids?$/.test(key)) continue;
		view[key] = value;
	}
	return view;
}

function dialogView(request: UIRequest, response: UIResponse): DialogExpectation {
	const view: DialogExpectation = { method: request.method, title: request.title };
	if (request.method === "confirm") view.message = request.message;
	if (request.method === "select") view.options = [...request.options];
	view.answer = "value" in response ? response.value : "confirmed" in response ? response.confirmed : null;
	return view;
}

/** The file name of an extension's URL: what a scenario calls it (its folder differs from machine to machine). */
export function extensionName(url: string): string {
	return url.split(/[/\\]/).filter(Boolean).at(-1) ?? url;
}

function emptyBlock(): Block {
	return Object.fromEntries(EXPECTATION_KEYS.map((key) => [key, []])) as unknown as Block;
}

/** Collects one block of expectations at a time: `take()` ends the block and starts the next. */
export class Observer {
	private block = emptyBlock();
	/** This block's tool calls by id, to join their results and blocks. */
	private calls = new Map<string, ToolCallExpectation>();
	private blocked = new Set<string>();

	event(event: ObservedEvent): void {
		const block = this.block;
		switch (event.type) {
			case "entry_appended":
				this.entry(event.entry);
				break;
			case "notify":
				block.notifications.push({ level: event.level, message: event.message });
				break;
			case "status":
				block.status.push({ key: event.key, text: event.text ?? null });
				break;
			case "widget":
				block.widgets.push({ key: event.key, lines: event.lines ? [...event.lines] : null, placement: event.placement });
				break;
			case "title":
				block.titles.push(event.title);
				break;
			case "ui_request":
				block.dialogs.push(dialogView(event.request, event.response));
				break;
			case "extension_error": {
				const { url, phase, message, where } = event.error;
				block.errors.push({ extension: extensionName(url), phase, message, ...(where && { where }) });
				break;
			}
			case "extensions_changed":
				block.extensions = event.extensions.map((ext) => ({
					name: extensionName(ext.url),
					loaded: ext.loaded,
					tools: [...ext.tools],
					commands: ext.commands.map((command) => command.name),
				}));
				break;
			case "inspector":
				for (const request of event.requests) block.requests.push({ systemPrompt: request.systemPrompt, tools: request.tools.map((tool) => tool.name) });
				for (const inspected of event.events) {
					if (inspected.type === "tool_call" && inspected.outcome === "blocked" && inspected.toolCallId) this.blocked.add(inspected.toolCallId);
				}
				break;
		}
	}

	private entry(entry: StoredEntry): void {
		this.block.entries.push(entryView(entry));
		const record = entry as unknown as { type: string; message?: AnyMessage };
		const message = record.type === "message" ? record.message : undefined;
		if (message?.role === "assistant" && Array.isArray(message.content)) {
			for (const block of message.content) {
				if (block?.type !== "toolCall") continue;
				const call: ToolCallExpectation = { name: String(block.name), arguments: block.arguments ?? {} };
				this.block.toolCalls.push(call);
				if (block.id) this.calls.set(block.id, call);
			}
		} else if (message?.role === "toolResult" && message.toolCallId) {
			const call = this.calls.get(message.toolCallId);
			const result = { content: Array.isArray(message.content) ? message.content : [], details: message.details ?? {}, isError: message.isError === true };
			if (call) call.result = result;
			else this.block.toolCalls.push({ name: message.toolName, result });
		}
	}

	/** The block so far, its empty lists left out; a new block starts. */
	take(): Expectation {
		for (const [id, call] of this.calls) if (this.blocked.has(id)) call.blocked = true;
		const taken: Expectation = {};
		for (const key of EXPECTATION_KEYS) {
			const items = this.block[key];
			if (items.length > 0) (taken as Record<string, unknown>)[key] = items;
		}
		this.block = emptyBlock();
		this.calls = new Map();
		this.blocked = new Set();
		return JSON.parse(JSON.stringify(taken)) as Expectation;
	}
}
