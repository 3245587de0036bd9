/**
 * The one path every tool call takes, built-in or extension: `tool_call` (block, replacement input,
 * passive context) → the tool, run through one wrapper → `tool_result` middleware. `tool_call` is
 * dispatched here only, from the agent's `beforeToolCall` hook, with the very arguments object the
 * agent then executes: a handler that mutates `event.input` in place changes what runs (upstream's
 * documented behaviour, not revalidated), and a returned `input` is revalidated like the model's own
 * arguments and handed to the tool by the wrapper.
 *
 * The reference's order puts `tool_call` before `tool_execution_start`, while the agent announces
 * the start before it prepares the call, so the extensions' `tool_execution_start` waits here until
 * `tool_call` has run, or until the call ends without running (unknown tool, invalid arguments,
 * aborted or truncated reply: no `tool_call` then).
 *
 * What a tool returns, throws or reports as progress, and what `tool_result` handlers put in its
 * place, is bounded here (result-bounds.ts) before the session stores or shows any of it.
 */
import type { AgentOptions, AgentTool, AgentToolUpdateCallback } from "@earendil-works/pi-agent-core";
import { validateToolArguments, type JsonObject, type ToolCall } from "@earendil-works/pi-ai";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { EventPayload } from "../extensions/merge-rules.ts";
import { boundPartial, boundResult, boundText, type OutputFiles } from "./result-bounds.ts";

type BeforeToolCall = NonNullable<AgentOptions["beforeToolCall"]>;
type AfterToolCall = NonNullable<AgentOptions["afterToolCall"]>;
type ExecutionStart = EventPayload<"tool_execution_start">;

/** The tool's arguments as the agent prepares and validates the model's: throws a validation error. */
function validatedInput(tool: AgentTool, toolCall: ToolCall, input: Record<string, unknown>): Record<string, unknown> {
	const prepared = tool.prepareArguments ? (tool.prepareArguments(structuredClone(input)) as JsonObject) : (input as JsonObject);
	return validateToolArguments(tool, { ...toolCall, arguments: prepared });
}

export class ToolPath {
	/** Extensions' `tool_execution_start` not dispatched yet, by tool call id. */
	private readonly pendingStarts = new Map<string, ExecutionStart>();
	/** Arguments a `tool_call` handler returned, by tool call id: what the tool runs with. */
	private readonly replaced = new Map<string, Record<string, unknown>>();
	/** `tool_call` context waiting for its call to finish without error. */
	private readonly callContext = new Map<string, string[]>();
	/** Context added during the current batch, in call order, for the next provider request. */
	private pending: string[] = [];

	constructor(
		private readonly runner: ExtensionRunner,
		/** Throws when an entry the turn appended is known not to have been stored: the tool does not run then. */
		private readonly checkSaved?: () => void,
		/** Where output cut from a result is kept (a workspace's /tmp); without it, it is dropped. */
		private readonly outputFiles?: OutputFiles,
	) {}

	/** The same wrapper for every tool: it runs with the input `tool_call` settled on, and its output is bounded. */
	wrap(tool: AgentTool): AgentTool {
		return {
			...tool,
			execute: async (toolCallId: string, params: unknown, signal?: AbortSignal, onUpdate?: AgentToolUpdateCallback) => {
				this.checkSaved?.();
				const update: AgentToolUpdateCallback | undefined = onUpdate && ((partial) => onUpdate(boundPartial(partial)));
				let result;
				try {
					result = await tool.execute(toolCallId, this.replaced.get(toolCallId) ?? params, signal, update);
				} catch (error) {
					throw await this.boundError(error, tool.name);
				}
				return boundResult(result, tool.name, this.outputFiles);
			},
		};
	}

	/** A thrown error whose message is over the text bound: the same error, its message cut (and saved). */
	private async boundError(error: unknown, toolName: string): Promise<unknown> {
		if (typeof error === "string") return boundText(error, toolName, this.outputFiles);
		let message: unknown;
		try {
			message = error instanceof Error ? error.message : undefined;
		} catch {
			return error;
		}
		if (typeof message !== "string") return error;
		const bounded = await boundText(message, toolName, this.outputFiles);
		if (bounded === message) return error;
		try {
			(error as Error).message = bounded;
			return error;
		} catch {
			return new Error(bounded);
		}
	}

	/** The agent announced a call: its `tool_execution_start` follows `tool_call`. */
	started(event: ExecutionStart): void {
		this.pendingStarts.set(event.toolCallId, event);
	}

	/** A call ends: a start still held back (the call never reached `tool_call`) is dispatched first. */
	async ending(toolCallId: string): Promise<void> {
		await this.dispatchStart(toolCallId);
	}

	private async dispatchStart(toolCallId: string): Promise<void> {
		const start = this.pendingStarts.get(toolCallId);
		if (!start) return;
		this.pendingStarts.delete(toolCallId);
		await this.runner.dispatch("tool_execution_start", start);
	}

	/** For `ctx.addAdditionalContext` during a tool's execution: kept even if the tool then fails. */
	addContext(text: string): void {
		if (text.trim()) this.pending.push(text);
	}

	/** Context to deliver before the next request; clears it. */
	drainContext(): string[] {
		const out = this.pending;
		this.pending = [];
		return out;
	}

	/** The run ended: drops what calls that never finished left behind (an aborted batch). */
	endRun(): void {
		this.pendingStarts.clear();
		this.replaced.clear();
		this.callContext.clear();
	}

	readonly beforeToolCall: BeforeToolCall = async ({ toolCall, args, context }) => {
		const input = args as Record<string, unknown>;
		const outcome = await this.runner.dispatch("tool_call", { toolCallId: toolCall.id, toolName: toolCall.name, input });
		await this.dispatchStart(toolCall.id);
		if (outcome.block) return { block: true, reason: outcome.reason ?? "Blocked by an extension" };
		if (outcome.input) {
			const tool = context.tools?.find((candidate) => candidate.name === toolCall.name);
			// An invalid replacement throws: the agent turns it into an error result, and the tool never runs.
			if (tool) this.replaced.set(toolCall.id, validatedInput(tool, toolCall, outcome.input));
		}
		if (outcome.additionalContext.length > 0) this.callContext.set(toolCall.id, outcome.additionalContext);
		return undefined;
	};

	readonly afterToolCall: AfterToolCall = async ({ toolCall, args, result, isError }) => {
		const input = this.replaced.get(toolCall.id) ?? (args as Record<string, unknown>);
		this.replaced.delete(toolCall.id);
		const callContext = this.callContext.get(toolCall.id) ?? [];
		this.callContext.delete(toolCall.id);
		if (!this.runner.hasHandlers("tool_result")) {
			if (!isError) this.pending.push(...callContext);
			return undefined;
		}
		const outcome = await this.runner.dispatch("tool_result", {
			toolCallId: toolCall.id,
			toolName: toolCall.name,
			input,
			content: result.content,
			details: result.details,
			isError,
		});
		// Result context first (delivered even for errors), then the call's context if it succeeded.
		this.pending.push(...outcome.additionalContext, ...(isError ? [] : callContext));
		// Handlers can replace the content and details with anything: bounded like the tool's own.
		const bounded = await boundResult({ content: outcome.content, details: outcome.details }, toolCall.name, this.outputFiles);
		return { content: bounded.content, details: bounded.details, isError: outcome.isError };
	};
}
