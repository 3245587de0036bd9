/** Draws session entries and running tools with the renderers extensions registered, keeping what each call drew. */
import type { RegisteredExtension } from "./extension.ts";
import { MarkdownDisplay } from "./markdown-transformers.ts";
import { renderEntry, renderToolProgress, type RendererDeps, type ToolProgress } from "./renderers.ts";
import { renderThinking } from "./thinking-renderers.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { StoredEntry } from "../../session/entries.ts";

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
		renderToolProgress(this.renderers(), progress);
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
