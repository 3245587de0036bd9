/**
 * The module extensions import as `@earendil-works/pi-coding-agent` (or the `@mariozechner` /
 * `@oh-my-pi` names): the API's types and its small runtime helpers.
 */
import type { ExtensionEvent, ToolCallEvent, ToolDefinition, ToolParameters } from "../../api/types.ts";

export type * from "../../api/types.ts";
export * from "./components.ts";
export * from "./extras.ts";
export * from "./config.ts";

/** Identity helper that keeps a tool's parameter types (read from its schema). */
export function defineTool<const TParams extends ToolParameters = ToolParameters, TDetails = unknown, TState = unknown>(
	tool: ToolDefinition<TParams, TDetails, TState>,
): ToolDefinition<TParams, TDetails, TState> {
	return tool;
}

export function isToolCallEventType<N extends string>(toolName: N, event: ToolCallEvent): event is ToolCallEvent & { toolName: N } {
	return event.toolName === toolName;
}

export function isToolResultEventType<N extends string>(toolName: N, event: ExtensionEvent<"tool_result">): boolean {
	return event.toolName === toolName;
}

export class ExtensionRuntimeNotInitializedError extends Error {
	constructor() {
		super("Extension runtime not initialized. Action methods cannot be called during extension loading.");
		this.name = "ExtensionRuntimeNotInitializedError";
	}
}
