/**
 * Tools an extension registers (`pi.registerTool`): the schema its parameters follow, `execute`, and
 * the renderers that draw its calls and results in the transcript.
 */
import type { AgentToolResult, AgentToolUpdateCallback } from "@earendil-works/pi-agent-core";
import type { Static, TSchema } from "typebox";
import type { z } from "zod";
import type { ToolExecutionContext } from "./context.ts";
import type { Component, KeybindingHints, Theme } from "./ui.ts";

/** A TypeBox schema, a zod schema or a plain JSON Schema object. */
export type ToolParameters = TSchema | z.ZodType | Readonly<Record<string, unknown>>;

/**
 * The arguments a schema describes: zod's output type, or TypeBox's `Static` (which reads a JSON
 * Schema literal too); `unknown` when the schema is not known precisely.
 */
export type ToolParams<TParams> = TParams extends z.ZodType ? z.output<TParams> : TParams extends TSchema ? Static<TParams> : unknown;

export interface ToolRenderResultOptions {
	/** Whether the result view is expanded. */
	expanded: boolean;
	/** True while the tool runs and the result is one of its `onUpdate` reports. */
	isPartial: boolean;
}

/** What a tool's renderers get besides the arguments or result (upstream's `ToolRenderContext`). */
export interface ToolRenderContext<TState = unknown, TArgs = unknown> extends KeybindingHints {
	/** The call's arguments, the same for its call and result renders. */
	args: TArgs;
	toolCallId: string;
	invalidate(): void;
	/** What this render slot returned last time, if anything. */
	lastComponent: Component | undefined;
	/** Renderer state shared by the call's renders. */
	state: TState;
	cwd: string;
	executionStarted: boolean;
	argsComplete: boolean;
	isPartial: boolean;
	expanded: boolean;
	showImages: boolean;
	isError: boolean;
}

export interface ToolDefinition<TParams extends ToolParameters = ToolParameters, TDetails = unknown, TState = unknown> {
	name: string;
	label?: string;
	description: string;
	parameters: TParams;
	executionMode?: "sequential" | "parallel";
	hidden?: boolean;
	defaultInactive?: boolean;
	promptSnippet?: string;
	promptGuidelines?: string[];
	/** Turns raw call arguments into the schema's shape before validation. */
	prepareArguments?(args: unknown): ToolParams<TParams>;
	execute(
		toolCallId: string,
		params: ToolParams<TParams>,
		signal: AbortSignal | undefined,
		onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
		ctx: ToolExecutionContext,
	): Promise<AgentToolResult<TDetails>>;
	/** Draws the call in place of its arguments; no component keeps the plain view. */
	renderCall?(args: ToolParams<TParams>, theme: Theme, context: ToolRenderContext<TState, ToolParams<TParams>>): Component | undefined;
	/** Draws the result (and, with `isPartial`, each `onUpdate` while the tool runs). */
	renderResult?(
		result: AgentToolResult<TDetails>,
		options: ToolRenderResultOptions,
		theme: Theme,
		context: ToolRenderContext<TState, ToolParams<TParams>>,
	): Component | undefined;
}

export interface ToolInfo {
	name: string;
	description: string;
	parameters: unknown;
	promptGuidelines?: string[];
	sourceInfo: { path: string; source: string; scope?: string; origin?: string };
}
