/** Draws session entries and running tools with the renderers extensions registered, keeping what each call drew. */
import type { RegisteredExtension } from "../extension.ts";
import { MarkdownDisplay } from "./markdown-transformers.ts";
import { renderEntry, renderToolProgress, type RendererDeps, type ToolProgress } from "./renderers.ts";
import { renderThinking } from "./thinking-renderers.ts";
import type { RuntimeEvent } from "../../../protocol/runtime.ts";
import type { StoredEntry } from "../../../session/entries.ts";

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
	/** Running calls showing what their `pi.exec` commands printed. */
	private readonly execOutputs = new Set<string>();

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
		const { toolCallId, partialResult } = progress;
		const showingExec = this.execOutputs.has(toolCallId);
		if (renderToolProgress(this.renderers(), progress)) {
			// The end of the call, or its renderer drew a partial result of its own: the commands' output goes.
			if (showingExec && (!partialResult || this.partials.has(toolCallId))) this.endExecOutput(toolCallId);
			return;
		}
		// No renderer of its own (the built-in tools): the page shows the partial result's text.
		if (!partialResult) {
			this.execOutputs.delete(toolCallId);
			if (this.plainOutputs.delete(toolCallId) || showingExec) this.deps.emit({ type: "tool_output", toolCallId });
			return;
		}
		const text = textOf(partialResult.content);
		if (!text && !this.plainOutputs.has(toolCallId)) return;
		this.execOutputs.delete(toolCallId);
		this.plainOutputs.add(toolCallId);
		this.deps.emit({ type: "tool_output", toolCallId, text });
	}

	/**
	 * What the commands a running extension tool started with `pi.exec` printed so far (exec-output.ts). Shown
	 * until the call ends, unless the tool shows progress of its own (a partial result with text, or one its
	 * renderer drew), which takes the place.
	 */
	execOutput(toolCallId: string, text: string): void {
		if (this.plainOutputs.has(toolCallId) || this.partials.has(toolCallId)) return;
		this.execOutputs.add(toolCallId);
		this.deps.emit({ type: "tool_output", toolCallId, text });
	}

	private endExecOutput(toolCallId: string): void {
		this.execOutputs.delete(toolCallId);
		this.deps.emit({ type: "tool_output", toolCallId });
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
