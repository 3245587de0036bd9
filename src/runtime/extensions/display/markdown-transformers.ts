/**
 * pi 1.6's `pi.registerMarkdownTransformer`: display-only rewrites of the markdown the transcript shows. The
 * page renders markdown itself and extension code runs only here, so the chain runs in the worker and the page
 * gets the display text (never HTML; it still renders it with its own renderer): for a stored entry, a
 * `markdown_display` event beside the unchanged entry; for the reply being streamed, the preview it is sent.
 * Transformers run in load order, each on the previous one's output; one that throws or returns no string
 * leaves the markdown as it was and the next one goes on.
 */
import type { MarkdownTransformer } from "../../../api/types.ts";
import { COMPONENT_COLUMNS, type RuntimeEvent } from "../../../protocol/runtime.ts";
import type { StoredEntry } from "../../../session/entries.ts";
import type { RegisteredExtension, RegisteredMarkdownTransformer } from "../extension.ts";

/** The surfaces upstream names; a transformer without `messageTypes` runs on the first three. */
export const MARKDOWN_SURFACES = ["user", "assistant", "assistant-thinking", "custom", "summary", "changelog"] as const;
export type MarkdownSurface = (typeof MARKDOWN_SURFACES)[number];
export const DEFAULT_SURFACES: readonly MarkdownSurface[] = ["user", "assistant", "assistant-thinking"];

/** What `registerMarkdownTransformer` keeps: the function and where it runs (the default surfaces unless given). */
export function markdownTransformer(transform: unknown, options?: { messageTypes?: unknown }): RegisteredMarkdownTransformer {
	if (typeof transform !== "function") throw new TypeError("pi.registerMarkdownTransformer needs a function (markdown, context) => markdown");
	const types = options?.messageTypes;
	if (types !== undefined && !(Array.isArray(types) && types.every((type) => typeof type === "string"))) {
		throw new TypeError("pi.registerMarkdownTransformer's messageTypes is a list of surface names");
	}
	return { transform: transform as MarkdownTransformer, surfaces: new Set(types ?? DEFAULT_SURFACES) };
}

type Block = { type?: unknown; text?: unknown; thinking?: unknown };
type Message = { role?: unknown; content?: unknown };

/** One piece of markdown an entry shows: block `index` of its content (0 for a string content or a summary). */
interface Piece {
	index: number;
	text: string;
	surface: MarkdownSurface;
}

function contentPieces(content: unknown, surface: MarkdownSurface, thinking?: MarkdownSurface): Piece[] {
	if (typeof content === "string") return [{ index: 0, text: content, surface }];
	if (!Array.isArray(content)) return [];
	return (content as Block[]).flatMap((block, index): Piece[] => {
		if (block?.type === "text" && typeof block.text === "string") return [{ index, text: block.text, surface }];
		if (thinking && block?.type === "thinking" && typeof block.thinking === "string") return [{ index, text: block.thinking, surface: thinking }];
		return [];
	});
}

function messagePieces(message: Message): Piece[] {
	if (message.role === "user") return contentPieces(message.content, "user");
	if (message.role === "assistant") return contentPieces(message.content, "assistant", "assistant-thinking");
	return [];
}

/** The markdown an entry shows, by surface; none for entries the transcript does not show as markdown. */
function entryPieces(entry: StoredEntry): Piece[] {
	const record = entry as StoredEntry & { message?: Message; content?: unknown; display?: boolean; summary?: unknown };
	if (entry.type === "message" && record.message) return messagePieces(record.message);
	if (entry.type === "custom_message" && record.display) return contentPieces(record.content, "custom");
	if ((entry.type === "branch_summary" || entry.type === "compaction") && typeof record.summary === "string") {
		return [{ index: 0, text: record.summary, surface: "summary" }];
	}
	return [];
}

export interface MarkdownDisplayDeps {
	extensions(): readonly RegisteredExtension[];
	/** Runs extension code recorded as running: a transformer that hangs is named like a hanging handler. */
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T;
	report(extension: RegisteredExtension, where: string, error: unknown): void;
	emit(event: RuntimeEvent): void;
}

type Context = Parameters<MarkdownTransformer>[1];

/** How long a transformer's output may be: a few times its input, at least 256 K characters; longer is refused. */
function displayLimit(input: string): number {
	return Math.max(4 * input.length, 256 * 1024);
}

export class MarkdownDisplay {
	constructor(private readonly deps: MarkdownDisplayDeps) {}

	private transformers(surface: string): RegisteredExtension[] {
		return this.deps.extensions().filter((extension) => extension.loaded && extension.markdownTransformer?.surfaces.has(surface));
	}

	/** Whether any transformer runs on one of `surfaces`: none, and nothing is copied or sent. */
	private active(surfaces: readonly string[]): boolean {
		return this.deps.extensions().some((extension) => extension.loaded && surfaces.some((surface) => extension.markdownTransformer?.surfaces.has(surface)));
	}

	/** The chain over one piece of markdown. */
	transform(markdown: string, context: Context): string {
		let text = markdown;
		for (const extension of this.transformers(context.messageType)) {
			const transformer = extension.markdownTransformer;
			if (!transformer) continue;
			try {
				const next = this.deps.track(extension, "markdown transformer", () => transformer.transform(text, { ...context }));
				if (typeof next !== "string") continue;
				if (next.length > displayLimit(markdown)) throw new RangeError(`returned ${next.length} characters for ${markdown.length}: more than the page shows`);
				text = next;
			} catch (error) {
				this.deps.report(extension, "markdown transformer", error);
			}
		}
		return text;
	}

	/** A stored entry: what the chain changed of its markdown goes to the page beside it (the entry stays as stored). */
	entry(entry: StoredEntry): void {
		if (!this.active(MARKDOWN_SURFACES)) return;
		const context = { isStreaming: false, availableWidth: COMPONENT_COLUMNS, messageId: entry.id, timestamp: entry.timestamp };
		const texts = entryPieces(entry).flatMap((piece) => {
			const text = this.transform(piece.text, { ...context, messageType: piece.surface });
			return text === piece.text ? [] : [{ index: piece.index, text }];
		});
		if (texts.length > 0) this.deps.emit({ type: "markdown_display", entryId: entry.id, texts });
	}

	/**
	 * The reply being streamed as the page is to show it: its text and thinking blocks through the chain with
	 * `isStreaming`, once per frame the relay sends. The message itself when no transformer runs on the reply.
	 */
	streaming<M extends Message>(message: M): M {
		if (message.role !== "assistant" || !Array.isArray(message.content) || !this.active(["assistant", "assistant-thinking"])) return message;
		const context = { isStreaming: true, availableWidth: COMPONENT_COLUMNS };
		const content = (message.content as Block[]).map((block) => {
			if (block?.type === "text" && typeof block.text === "string")
				return { ...block, text: this.transform(block.text, { ...context, messageType: "assistant" }) };
			if (block?.type === "thinking" && typeof block.thinking === "string") {
				return { ...block, thinking: this.transform(block.thinking, { ...context, messageType: "assistant-thinking" }) };
			}
			return block;
		});
		return { ...message, content };
	}
}
