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

/**
 * A tool the model can call (`pi.registerTool(tool)`). `TParams` is inferred from `parameters` alone (`NoInfer`
 * elsewhere): inferring it from `execute`'s arguments too walked TypeBox's `Static` and cost the editor's
 * TypeScript seconds at each check of a file with a tool.
 */
export interface ToolDefinition<TParams extends ToolParameters = ToolParameters, TDetails = unknown, TState = unknown> {
	/** The name the model calls the tool by. */
	name: string;
	/** A human name for the transcript. */
	label?: string;
	/** Tells the model what the tool does and when to call it. */
	description: string;
	/** The arguments' schema: TypeBox (`Type.Object`), zod (`z.object`) or a JSON Schema literal; calls are checked against it. */
	parameters: TParams;
	/** Whether calls to it in one reply run one after another or at once. */
	executionMode?: "sequential" | "parallel";
	/** Like `defaultInactive`: not offered to the model until `pi.setActiveTools` names it. */
	hidden?: boolean;
	/** Registered but not offered to the model until `pi.setActiveTools` names it. */
	defaultInactive?: boolean;
	/** A line about the tool for the system prompt. */
	promptSnippet?: string;
	/** Guidelines for the system prompt on how to use the tool. */
	promptGuidelines?: string[];
	/** Turns raw call arguments into the schema's shape before validation. */
	prepareArguments?(args: unknown): NoInfer<ToolParams<TParams>>;
	/**
	 * Runs a call with arguments checked against `parameters`; returns `{ content: [{ type: "text", text }], details }`:
	 * the model reads `content`, `details` is for renderers and the session. `onUpdate` reports progress; a throw
	 * becomes an error result the model sees.
	 */
	execute(
		toolCallId: string,
		params: NoInfer<ToolParams<TParams>>,
		signal: AbortSignal | undefined,
		onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
		ctx: ToolExecutionContext,
	): Promise<AgentToolResult<TDetails>>;
	/** Draws the call in place of its arguments; no component keeps the plain view. */
	renderCall?(args: NoInfer<ToolParams<TParams>>, theme: Theme, context: ToolRenderContext<TState, NoInfer<ToolParams<TParams>>>): Component | undefined;
	/** Draws the result (and, with `isPartial`, each `onUpdate` while the tool runs). */
	renderResult?(
		result: AgentToolResult<TDetails>,
		options: ToolRenderResultOptions,
		theme: Theme,
		context: ToolRenderContext<TState, NoInfer<ToolParams<TParams>>>,
	): Component | undefined;
}

export interface ToolInfo {
	name: string;
	description: string;
	parameters: unknown;
	promptGuidelines?: string[];
	sourceInfo: { path: string; source: string; scope?: string; origin?: string };
}
