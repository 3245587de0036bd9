/**
 * Extension tools as pi-agent-core tools: the parameter schema normalised to JSON Schema (zod,
 * TypeBox or plain), and `execute` called with the extension API's argument order and a ctx.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { z } from "zod";
import type { ExtensionContext, ToolDefinition } from "../../api/types.ts";
import type { RegisteredExtension } from "../extensions/runner.ts";

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

export interface ToolBinding {
	extension: RegisteredExtension;
	definition: ToolDefinition;
}

export interface ToolWrapOptions {
	context(extension: RegisteredExtension, signal: AbortSignal | undefined): ExtensionContext;
	/** Arguments a `tool_call` handler replaced, by tool call id. */
	replacedInput: Map<string, Record<string, unknown>>;
}

export function toAgentTool({ extension, definition }: ToolBinding, options: ToolWrapOptions): AgentTool {
	return {
		name: definition.name,
		label: definition.label ?? definition.name,
		description: definition.description ?? "",
		parameters: toJsonSchema(definition.parameters),
		executionMode: definition.executionMode,
		async execute(toolCallId, params, signal, onUpdate) {
			const input = options.replacedInput.get(toolCallId) ?? params;
			options.replacedInput.delete(toolCallId);
			const result = await definition.execute(toolCallId, input, signal, onUpdate, options.context(extension, signal));
			if (!result || !Array.isArray(result.content)) {
				throw new Error(`tool "${definition.name}" of extension "${extension.name}" returned no { content: [...] }`);
			}
			return result;
		},
	};
}
