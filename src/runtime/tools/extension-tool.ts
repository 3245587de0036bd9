/**
 * Extension tools as pi-agent-core tools: the parameter schema normalised to JSON Schema (zod,
 * TypeBox or plain), and `execute` called with the extension API's argument order and a ctx.
 * `tool_call` / `tool_result` are not here: tool-path.ts wraps these and the built-ins alike.
 */
import type { AgentTool, AgentToolUpdateCallback } from "@earendil-works/pi-agent-core";
import { validateToolArguments, type JsonObject } from "@earendil-works/pi-ai";
import { z } from "zod";
import type { ExtensionContext, ToolDefinition, ToolExecutionContext } from "../../api/types.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";

function isZodSchema(value: unknown): value is z.ZodType {
	return typeof value === "object" && value !== null && "_zod" in value;
}

/** TypeBox schemas and plain objects already are JSON Schema; zod schemas are converted. */
export function toJsonSchema(parameters: unknown): Record<string, unknown> {
	if (isZodSchema(parameters)) {
		const { $schema: _, ...schema } = z.toJSONSchema(parameters, { io: "input" }) as Record<string, unknown>;
		return schema;
	}
	if (parameters === undefined || parameters === null) return { type: "object", properties: {} };
	if (typeof parameters !== "object") throw new TypeError("tool parameters must be a zod, TypeBox or JSON Schema object");
	return parameters as Record<string, unknown>;
}

/**
 * A zod schema's own parse gives the tool its arguments: the JSON Schema check the model's call already passed
 * does not fill in defaults or apply transforms (`pi.zod`'s `.default("debug")` would leave the field undefined).
 */
function parseWithZod(definition: ToolDefinition, input: unknown): unknown {
	if (!isZodSchema(definition.parameters)) return input;
	const parsed = definition.parameters.safeParse(input);
	if (!parsed.success) throw new Error(`Invalid arguments for ${definition.name}: ${z.prettifyError(parsed.error)}`);
	return parsed.data;
}

export interface ToolBinding {
	extension: RegisteredExtension;
	definition: ToolDefinition;
}

export interface ExtensionToolOptions {
	context(extension: RegisteredExtension, signal: AbortSignal | undefined): ExtensionContext;
	/** `ctx.addAdditionalContext`: passive context for the next provider request. */
	addContext(text: string): void;
	/** The native built-in of a name, for `ctx.invokeTool` when an extension tool shadows it. */
	builtin(name: string): AgentTool | undefined;
	/** Records the tool's code as running, for the watchdog. */
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T;
	/** A throw of the tool's own code: reported as the extension's error too (the model still gets it as the result). */
	report?(extension: RegisteredExtension, where: string, error: unknown): void;
}

const MAX_DELEGATION_DEPTH = 8;

export function toAgentTool({ extension, definition }: ToolBinding, options: ExtensionToolOptions): AgentTool {
	let depth = 0;
	return {
		name: definition.name,
		label: definition.label ?? definition.name,
		description: definition.description ?? "",
		parameters: toJsonSchema(definition.parameters),
		executionMode: definition.executionMode,
		async execute(toolCallId, input, signal, onUpdate) {
			const native = options.builtin(definition.name);
			const ctx: ToolExecutionContext = Object.assign(options.context(extension, signal), {
				addAdditionalContext: (text: string) => options.addContext(String(text)),
				invokeTool: native
					? async (args: Record<string, unknown>, opts?: { signal?: AbortSignal; onUpdate?: AgentToolUpdateCallback }) => {
							if (depth >= MAX_DELEGATION_DEPTH) throw new Error(`ctx.invokeTool("${definition.name}") nested more than ${MAX_DELEGATION_DEPTH} deep`);
							depth++;
							try {
								const validated = validateToolArguments(native, { type: "toolCall", id: toolCallId, name: native.name, arguments: args as JsonObject });
								return await native.execute(toolCallId, validated, opts?.signal ?? signal, opts?.onUpdate ?? onUpdate);
							} finally {
								depth--;
							}
						}
					: undefined,
			});
			const params = parseWithZod(definition, input);
			let result;
			try {
				result = await options.track(extension, `tool ${definition.name}`, () => definition.execute(toolCallId, params, signal, onUpdate, ctx));
			} catch (error) {
				// A stop is not the tool's fault.
				if (!signal?.aborted) options.report?.(extension, `tool ${definition.name}`, error);
				throw error;
			}
			if (!result || !Array.isArray(result.content)) {
				throw new Error(`tool "${definition.name}" of extension "${extension.name}" returned no { content: [...] }`);
			}
			return result;
		},
	};
}
