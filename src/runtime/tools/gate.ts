/**
 * Every tool call, built-in or extension, passes the `tool_call` gate before it runs (block,
 * replacement input revalidated, passive context) and the `tool_result` middleware after. Passive
 * context of calls that ran without error is delivered before the next provider request.
 */
import type { AgentOptions, AgentTool } from "@earendil-works/pi-agent-core";
import { validateToolArguments, type JsonObject, type ToolCall } from "@earendil-works/pi-ai";
import type { ToolCallOutcome } from "../extensions/merge-rules.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";

type BeforeToolCall = NonNullable<AgentOptions["beforeToolCall"]>;
type AfterToolCall = NonNullable<AgentOptions["afterToolCall"]>;

export class ToolGate {
	/** Arguments a `tool_call` handler replaced, by tool call id; read once by the tool wrapper. */
	private readonly replaced = new Map<string, Record<string, unknown>>();
	/** `tool_call` context waiting for its call to finish without error. */
	private readonly callContext = new Map<string, string[]>();
	/** Context added during the current batch, in call order, for the next provider request. */
	private pending: string[] = [];
	/** `tool_call` outcomes decided when a call was announced, before its `tool_execution_start`. */
	private readonly decided = new Map<string, ToolCallOutcome>();

	constructor(
		private readonly runner: ExtensionRunner,
		private readonly tools: () => AgentTool[],
	) {}

	takeReplacedInput(toolCallId: string): Record<string, unknown> | undefined {
		const input = this.replaced.get(toolCallId);
		this.replaced.delete(toolCallId);
		return input;
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

	/**
	 * Runs `tool_call` for a call about to start, so handlers see it before `tool_execution_start`
	 * (the reference's order). Calls the agent will refuse anyway (unknown tool, invalid arguments)
	 * get no `tool_call`, as before. `beforeToolCall` then applies the decided outcome.
	 */
	async announce(toolCall: ToolCall): Promise<void> {
		const tool = this.tools().find((t) => t.name === toolCall.name);
		if (!tool) return;
		let args: Record<string, unknown>;
		try {
			const prepared = tool.prepareArguments ? { ...toolCall, arguments: tool.prepareArguments(toolCall.arguments) as JsonObject } : toolCall;
			args = validateToolArguments(tool, prepared);
		} catch {
			return;
		}
		this.decided.set(toolCall.id, await this.runner.dispatch("tool_call", { toolCallId: toolCall.id, toolName: toolCall.name, input: args }));
	}

	/** Drops outcomes of announced calls that never ran (the run was aborted). */
	forgetAnnounced(): void {
		this.decided.clear();
	}

	readonly beforeToolCall: BeforeToolCall = async ({ toolCall, args }) => {
		const announced = this.decided.get(toolCall.id);
		this.decided.delete(toolCall.id);
		const outcome =
			announced ??
			(await this.runner.dispatch("tool_call", {
				toolCallId: toolCall.id,
				toolName: toolCall.name,
				input: args as Record<string, unknown>,
			}));
		if (outcome.block) return { block: true, reason: outcome.reason ?? "Blocked by an extension" };
		if (outcome.input) {
			const tool = this.tools().find((t) => t.name === toolCall.name);
			// Revalidated like the model's own arguments: an invalid replacement is an error result.
			if (tool) this.replaced.set(toolCall.id, validateToolArguments(tool, { ...toolCall, arguments: outcome.input as JsonObject }));
		}
		if (outcome.additionalContext.length > 0) this.callContext.set(toolCall.id, outcome.additionalContext);
		return undefined;
	};

	readonly afterToolCall: AfterToolCall = async ({ toolCall, args, result, isError }) => {
		const callContext = this.callContext.get(toolCall.id) ?? [];
		this.callContext.delete(toolCall.id);
		if (!this.runner.hasHandlers("tool_result")) {
			if (!isError) this.pending.push(...callContext);
			return undefined;
		}
		const outcome = await this.runner.dispatch("tool_result", {
			toolCallId: toolCall.id,
			toolName: toolCall.name,
			input: args as Record<string, unknown>,
			content: result.content,
			details: result.details,
			isError,
		});
		// Result context first (delivered even for errors), then the call's context if it succeeded.
		this.pending.push(...outcome.additionalContext, ...(isError ? [] : callContext));
		return { content: outcome.content, details: outcome.details, isError: outcome.isError };
	};
}
