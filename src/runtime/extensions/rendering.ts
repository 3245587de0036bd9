/** Draws session entries and running tools with the renderers extensions registered, keeping what each call drew. */
import type { RegisteredExtension } from "./extension.ts";
import { MarkdownDisplay } from "./markdown-transformers.ts";
import { renderEntry, renderToolProgress, type RendererDeps, type ToolProgress } from "./renderers.ts";
import { renderThinking } from "./thinking-renderers.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { StoredEntry } from "../../session/entries.ts";

/** The text blocks of a partial result, joined. */
function textOf(content: unknown): string {
	if (!Array.isArray(content)) return "";
	return content.map((block) => (block?.type === "text" && typeof block.text === "string" ? block.text : "")).join("");
}

export interface ExtensionRenderingDeps {
	extensions(): readonly RegisteredExtension[];
	cwd(): string;
	theme(): RendererDeps["theme"];
	expanded(): boolean;
	emit(event: RuntimeEvent): void;
	report(extension: RegisteredExtension, where: string, error: unknown): void;
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T;
}

export class ExtensionRendering {
	private readonly callArgs = new Map<string, unknown>();
	private readonly callLines = new Map<string, string[]>();
	private readonly partials = new Set<string>();
	/** Markdown transformers' display text (pi 1.6). */
	readonly markdown: MarkdownDisplay;
	/** Running calls whose output the page shows as text. */
	private readonly plainOutputs = new Set<string>();

	constructor(private readonly deps: ExtensionRenderingDeps) {
		this.markdown = new MarkdownDisplay(deps);
	}

	entry(entry: StoredEntry): void {
		const deps = this.renderers();
		renderEntry(deps, entry);
		renderThinking(deps, entry);
		this.markdown.entry(entry);
	}

	toolProgress(progress: ToolProgress): void {
		if (renderToolProgress(this.renderers(), progress)) return;
		// No renderer of its own (the built-in tools): the page shows the partial result's text.
		const { toolCallId, partialResult } = progress;
		if (!partialResult) {
			if (this.plainOutputs.delete(toolCallId)) this.deps.emit({ type: "tool_output", toolCallId });
			return;
		}
		const text = textOf(partialResult.content);
		if (!text && !this.plainOutputs.has(toolCallId)) return;
		this.plainOutputs.add(toolCallId);
		this.deps.emit({ type: "tool_output", toolCallId, text });
	}

	/** The current theme and cwd each time: both can change after start. */
	private renderers(): RendererDeps {
		const { extensions, expanded, emit, report } = this.deps;
		return {
			extensions,
			cwd: this.deps.cwd(),
			callArgs: this.callArgs,
			callLines: this.callLines,
			partials: this.partials,
			theme: this.deps.theme(),
			expanded,
			emit,
			report,
		};
	}
}
