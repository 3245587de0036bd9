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
import type { ExecOutput } from "./exec-output.ts";

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

export interface ExtensionToolOptions {
	context(extension: RegisteredExtension, signal: AbortSignal | undefined): ExtensionContext;
	/** `ctx.addAdditionalContext`: passive context for the next provider request. */
	addContext(text: string): void;
	/** The native built-in of a name, for `ctx.invokeTool` when an extension tool shadows it. */
	builtin(name: string): AgentTool | undefined;
	/** Records the tool's code as running, for the watchdog. */
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T;
	/** Shows what `pi.exec` prints under the call that runs it. */
	execOutput?: ExecOutput;
	/** A throw of the tool's own code: reported as the extension's error too (the model still gets it as the result). */
	report?(extension: RegisteredExtension, where: string, error: unknown): void;
}

const MAX_DELEGATION_DEPTH = 8;

/**
 * The arguments as a zod schema gives them to its tool: with its defaults and transforms applied (the JSON
 * Schema the model sees, and pi's validation against it, know nothing of them).
 */
function zodArguments(schema: z.ZodType, input: unknown, toolName: string): unknown {
	const parsed = schema.safeParse(input);
	if (!parsed.success) throw new Error(`Validation failed for tool "${toolName}":\n${z.prettifyError(parsed.error)}`);
	return parsed.data;
}

export function toAgentTool({ extension, definition }: ToolBinding, options: ExtensionToolOptions): AgentTool {
	let depth = 0;
	const zodSchema = isZodSchema(definition.parameters) ? definition.parameters : undefined;
	return {
		name: definition.name,
		label: definition.label ?? definition.name,
		description: definition.description ?? "",
		parameters: toJsonSchema(definition.parameters),
		executionMode: definition.executionMode,
		async execute(toolCallId, input, agentSignal, onUpdate) {
			// The call's own signal names it to pi.exec (exec-output.ts).
			const call = options.execOutput?.begin(extension, toolCallId, agentSignal);
			try {
				return await run(toolCallId, input, call?.signal ?? agentSignal, onUpdate);
			} finally {
				call?.end();
			}
		},
	};

	async function run(toolCallId: string, input: unknown, signal: AbortSignal | undefined, onUpdate: AgentToolUpdateCallback | undefined) {
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
		const args = zodSchema ? zodArguments(zodSchema, input, definition.name) : input;
		let result;
		try {
			result = await options.track(extension, `tool ${definition.name}`, () => definition.execute(toolCallId, args as never, signal, onUpdate, ctx));
		} catch (error) {
			// A stop is not the tool's fault.
			if (!signal?.aborted) options.report?.(extension, `tool ${definition.name}`, error);
			throw error;
		}
		if (!result || !Array.isArray(result.content)) {
			throw new Error(`tool "${definition.name}" of extension "${extension.name}" returned no { content: [...] }`);
		}
		return result;
	}
}
