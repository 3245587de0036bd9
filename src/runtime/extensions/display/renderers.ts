/**
 * Extension renderers for the transcript: `pi.registerEntryRenderer` draws custom entries
 * (`pi.appendEntry`), `pi.registerMessageRenderer` custom messages, a tool's `renderResult` its
 * result messages and `renderCall` its calls. The component renders to lines in the worker, as
 * `ctx.ui.custom` components do; the lines go to the host with the entry's (or call's) id, and the
 * page draws them in place of the plain view. While a tool runs, its `renderResult` draws each partial result
 * (`onUpdate`, `isPartial: true`) under the call; the final result replaces it.
 */
import type {
	AgentToolResult,
	Component,
	CustomEntry,
	CustomMessage,
	EntryRenderOptions,
	Theme,
	ToolRenderContext,
	ToolRenderers,
} from "../../../api/types.ts";
import { COMPONENT_COLUMNS, type RuntimeEvent } from "../../../protocol/runtime.ts";
import type { StoredEntry } from "../../../session/entries.ts";
import type { RegisteredExtension } from "../extension.ts";

/** Keys of the page for pi's keybinding ids a renderer may name in a hint. */
const PAGE_KEYS: Record<string, string> = { "app.tools.expand": "ctrl+o" };

export interface RendererDeps {
	extensions(): readonly RegisteredExtension[];
	cwd: string;
	/** Arguments of the tool calls drawn so far, by call id: `renderResult` gets them too. */
	callArgs: Map<string, unknown>;
	/** What `renderCall` drew for each call, by call id: a partial result is drawn under it. */
	callLines: Map<string, string[]>;
	/** Calls showing a partial result now. */
	partials: Set<string>;
	theme: Theme;
	expanded(): boolean;
	emit(event: RuntimeEvent): void;
	report(extension: RegisteredExtension, where: string, error: unknown): void;
}

function keyHints(): Pick<EntryRenderOptions, "keyText" | "keyHint"> {
	const keyText = (keybinding: string) => PAGE_KEYS[keybinding] ?? "";
	return { keyText, keyHint: (keybinding, description) => [keyText(keybinding), description].filter(Boolean).join(" ") };
}

/** The lines of a rendered component; a renderer may also answer nothing (the plain view stays). */
export function linesOf(component: Component | undefined): string[] | undefined {
	if (!component || typeof component.render !== "function") return undefined;
	return [...component.render(COMPONENT_COLUMNS)].map(String);
}

type Found = { extension: RegisteredExtension; render: () => Component | undefined; where: string };

function findRenderer(deps: RendererDeps, entry: StoredEntry): Found | undefined {
	const { customType } = entry as { customType?: unknown };
	if (typeof customType !== "string") return undefined;
	const options = { expanded: deps.expanded(), ...keyHints() };
	for (const extension of deps.extensions()) {
		if (!extension.loaded) continue;
		if (entry.type === "custom") {
			const renderer = extension.entryRenderers.get(customType);
			if (renderer) return { extension, where: `entry renderer ${customType}`, render: () => renderer(entry as unknown as CustomEntry, options, deps.theme) };
		}
		if (entry.type === "custom_message") {
			const renderer = extension.messageRenderers.get(customType);
			const { content, display, details } = entry as unknown as CustomMessage;
			const message: CustomMessage = { role: "custom", customType, content, display, details, timestamp: Date.parse(entry.timestamp) || 0 };
			if (renderer) return { extension, where: `message renderer ${customType}`, render: () => renderer(message, options, deps.theme) };
		}
	}
	return undefined;
}

type ToolOwner = { extension: RegisteredExtension; tool: ToolRenderers };

/**
 * Who draws a tool's calls and results: pi 1.6's `registerToolRenderer` resolvers in load order, each
 * given `next()` (what the later resolvers, then the tool itself, would use); else the extension tool of
 * that name the session uses (a later extension replaces an earlier one). A resolver that throws is
 * reported and skipped.
 */
function toolOwner(deps: RendererDeps, name: string): ToolOwner | undefined {
	const registered = [...deps.extensions()].reverse().find((extension) => extension.loaded && extension.tools.has(name));
	const own = registered && { extension: registered, tool: registered.tools.get(name)! };
	const resolvers = deps.extensions().flatMap((extension) => (extension.loaded ? extension.toolRenderers.map((resolve) => ({ extension, resolve })) : []));
	const step = (index: number): ToolOwner | undefined => {
		if (index >= resolvers.length) return own;
		const { extension, resolve } = resolvers[index];
		let later: ToolOwner | undefined;
		try {
			const chosen = resolve(name, () => (later = step(index + 1))?.tool);
			if (!chosen) return undefined;
			return later && chosen === later.tool ? later : { extension, tool: chosen };
		} catch (error) {
			deps.report(extension, `tool renderer resolver for ${name}`, error);
			return step(index + 1);
		}
	};
	return step(0);
}

function toolContext(deps: RendererDeps, toolCallId: string, args: unknown, isError: boolean, isPartial = false): ToolRenderContext {
	const expanded = deps.expanded();
	return {
		args,
		toolCallId,
		invalidate: () => {},
		lastComponent: undefined,
		state: {},
		cwd: deps.cwd,
		executionStarted: true,
		argsComplete: true,
		isPartial,
		expanded,
		showImages: false,
		isError,
		...keyHints(),
	};
}

export function attempt(deps: RendererDeps, extension: RegisteredExtension, where: string, run: () => void): void {
	try {
		run();
	} catch (error) {
		deps.report(extension, where, error);
	}
}

type ToolCallBlock = { type: "toolCall"; id: string; name: string; arguments: unknown };
type ToolResultMessage = {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: AgentToolResult<unknown>["content"];
	details?: unknown;
	isError?: boolean;
};

/** Tool calls of an assistant message and tool results, drawn by their tool's renderCall / renderResult. */
function renderToolMessage(deps: RendererDeps, entry: StoredEntry): void {
	const message = (entry as { message?: { role: string; content: unknown } }).message;
	if (message?.role === "assistant" && Array.isArray(message.content)) {
		for (const block of message.content as ToolCallBlock[]) {
			if (block.type !== "toolCall") continue;
			deps.callArgs.set(block.id, block.arguments);
			const owner = toolOwner(deps, block.name);
			const renderCall = owner?.tool.renderCall;
			if (!owner || typeof renderCall !== "function") continue;
			attempt(deps, owner.extension, `renderCall of ${block.name}`, () => {
				const lines = linesOf(renderCall(block.arguments, deps.theme, toolContext(deps, block.id, block.arguments, false)));
				if (!lines) return;
				deps.callLines.set(block.id, lines);
				deps.emit({ type: "tool_call_rendered", toolCallId: block.id, extension: owner.extension.name, lines });
			});
		}
	}
	if (message?.role === "toolResult") {
		const result = message as unknown as ToolResultMessage;
		const owner = toolOwner(deps, result.toolName);
		const renderResult = owner?.tool.renderResult;
		if (!owner || typeof renderResult !== "function") return;
		const args = deps.callArgs.get(result.toolCallId);
		attempt(deps, owner.extension, `renderResult of ${result.toolName}`, () => {
			const view = { content: result.content, details: result.details, isError: result.isError === true };
			const component = renderResult(
				view,
				{ expanded: deps.expanded(), isPartial: false },
				deps.theme,
				toolContext(deps, result.toolCallId, args, view.isError),
			);
			const lines = linesOf(component);
			if (lines) deps.emit({ type: "entry_rendered", entryId: entry.id, extension: owner.extension.name, lines });
		});
	}
}

/** Renders one entry if an extension draws it; a throwing renderer is reported and the plain view stays. */
export function renderEntry(deps: RendererDeps, entry: StoredEntry): void {
	if (entry.type === "message") return renderToolMessage(deps, entry);
	const found = findRenderer(deps, entry);
	if (!found) return;
	try {
		const lines = linesOf(found.render());
		if (lines) deps.emit({ type: "entry_rendered", entryId: entry.id, extension: found.extension.name, lines });
	} catch (error) {
		deps.report(found.extension, found.where, error);
	}
}

/** A running tool's progress (`onUpdate`), or its end (`partialResult` undefined). */
export interface ToolProgress {
	toolCallId: string;
	toolName: string;
	args?: unknown;
	partialResult?: { content?: unknown; details?: unknown };
}

/**
 * Draws a partial result with the tool's `renderResult` under its call (the call as `renderCall` drew it, else
 * its name and arguments); at the end the call goes back to what it was, and the result entry is drawn.
 * False when no extension renderer draws this tool's results (the page shows their text).
 */
export function renderToolProgress(deps: RendererDeps, progress: ToolProgress): boolean {
	const owner = toolOwner(deps, progress.toolName);
	const renderResult = owner?.tool.renderResult;
	if (!owner || typeof renderResult !== "function") return false;
	const { toolCallId, toolName, args, partialResult } = progress;
	const callLines = deps.callLines.get(toolCallId);
	if (!partialResult) {
		if (!deps.partials.delete(toolCallId)) return true;
		deps.emit({ type: "tool_call_rendered", toolCallId, extension: owner.extension.name, ...(callLines ? { lines: callLines } : {}) });
		return true;
	}
	attempt(deps, owner.extension, `renderResult of ${toolName} (partial)`, () => {
		// As the tool reported it through onUpdate.
		const view = { content: (partialResult.content ?? []) as AgentToolResult<unknown>["content"], details: partialResult.details, isError: false };
		const component = renderResult(view, { expanded: deps.expanded(), isPartial: true }, deps.theme, toolContext(deps, toolCallId, args, false, true));
		const lines = linesOf(component);
		if (!lines) return;
		const header = callLines ?? [`${toolName} ${JSON.stringify(args ?? {})}`];
		deps.partials.add(toolCallId);
		deps.emit({ type: "tool_call_rendered", toolCallId, extension: owner.extension.name, lines: [...header, ...lines] });
	});
	return true;
}
