/**
 * The reference's custom tools: a module whose default export is a factory that returns a tool (or an
 * array of tools, or a promise of either) instead of registering through `pi`. Each tool returned is
 * registered as the extension's own tool; its `execute(toolCallId, params, onUpdate, ctx, signal)` is
 * called in its own argument order, and `onSession` hears the session's start, tree moves and shutdown.
 */
import type { ExtensionAPI } from "../../../api/extension-api.ts";

interface CustomTool {
	name: string;
	execute(toolCallId: string, params: unknown, onUpdate?: unknown, ctx?: unknown, signal?: AbortSignal): unknown;
	onSession?(event: { reason: string }, ctx: unknown): unknown;
	[key: string]: unknown;
}

function isCustomTool(value: unknown): value is CustomTool {
	return typeof value === "object" && value !== null && typeof (value as CustomTool).name === "string" && typeof (value as CustomTool).execute === "function";
}

/** The tools a factory returned, or undefined when it returned none (an extension factory returns nothing). */
export function customToolsOf(returned: unknown): CustomTool[] | undefined {
	const tools = Array.isArray(returned) ? returned : [returned];
	return tools.length > 0 && tools.every(isCustomTool) ? tools : undefined;
}

const SESSION_REASONS = [
	["session_start", "start"],
	["session_tree", "tree"],
	["session_shutdown", "shutdown"],
] as const;

export function registerCustomTools(pi: ExtensionAPI, tools: CustomTool[]): void {
	for (const tool of tools) {
		const { execute, onSession, ...definition } = tool;
		pi.registerTool({
			...(definition as Omit<Parameters<ExtensionAPI["registerTool"]>[0], "execute">),
			execute: (toolCallId, params, signal, onUpdate, ctx) => execute.call(tool, toolCallId, params, onUpdate, ctx, signal) as never,
		});
		if (typeof onSession !== "function") continue;
		for (const [event, reason] of SESSION_REASONS) pi.on(event, (_event, ctx) => onSession.call(tool, { reason }, ctx) as never);
	}
}
