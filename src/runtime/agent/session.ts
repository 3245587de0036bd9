/**
 * One agent session: pi-agent-core's Agent driven by the session tree, with extension events
 * dispatched at the points the spec's "typical order for one prompt" names, every finished
 * message appended to the tree, and extension tools gated by `tool_call` / `tool_result`.
 */
import { Agent, type AgentEvent, type AgentMessage, type AgentTool } from "@earendil-works/pi-agent-core";
import { toToolDeclaration, validateToolArguments, type ImageContent, type JsonObject, type Message, type SystemMessage } from "@earendil-works/pi-ai";
import type { CustomMessagePayload } from "../../api/types.ts";
import { createCommandContext, createContext, type ContextSource } from "../extensions/context.ts";
import type { ExtensionRunner, RegisteredExtension } from "../extensions/runner.ts";
import type { RuntimeEvent } from "../protocol.ts";
import type { SessionTree } from "../session/tree.ts";
import type { ScriptedModel } from "./scripted-model.ts";
import { toAgentTool } from "./tools.ts";

export const DEFAULT_SYSTEM_PROMPT =
	"You are a coding assistant running inside Playa, a browser playground for agent extensions. Use the tools you are given.";

export interface SessionOptions {
	tree: SessionTree;
	runner: ExtensionRunner;
	model: ScriptedModel;
	emit(event: RuntimeEvent): void;
	/** Everything ctx needs besides the session itself. */
	contextSource: Omit<ContextSource, "tree" | "model" | "isIdle" | "abort" | "hasPendingMessages" | "waitForIdle" | "systemPrompt">;
}

function isLlmMessage(message: AgentMessage): message is Message {
	const role = (message as { role?: string }).role;
	return role === "user" || role === "assistant" || role === "toolResult";
}

export class AgentSession {
	readonly agent: Agent;
	readonly source: ContextSource;
	private readonly replacedInput = new Map<string, Record<string, unknown>>();
	private systemPrompt = [DEFAULT_SYSTEM_PROMPT];
	private turnIndex = 0;

	constructor(private readonly options: SessionOptions) {
		const { tree, model } = options;
		this.source = {
			...options.contextSource,
			tree: () => tree,
			model: () => this.agent.state.model,
			isIdle: () => !this.agent.state.isStreaming,
			abort: () => this.agent.abort(),
			hasPendingMessages: () => this.agent.hasQueuedMessages(),
			waitForIdle: () => this.agent.waitForIdle(),
			systemPrompt: () => [...this.systemPrompt],
		};
		this.agent = new Agent({
			initialState: { model: model.model },
			streamFn: (m, context, opts) => model.stream(m, context, opts),
			beforeToolCall: async ({ toolCall, args }) => {
				const outcome = await options.runner.dispatch("tool_call", {
					toolCallId: toolCall.id,
					toolName: toolCall.name,
					input: args as Record<string, unknown>,
				});
				if (outcome.block) return { block: true, reason: outcome.reason ?? "Blocked by an extension" };
				if (outcome.input) {
					const tool = this.agent.state.tools.find((t) => t.name === toolCall.name);
					if (tool) this.replacedInput.set(toolCall.id, validateToolArguments(tool, { ...toolCall, arguments: outcome.input as JsonObject }));
				}
				return undefined;
			},
			afterToolCall: async ({ toolCall, args, result, isError }) => {
				if (!options.runner.hasHandlers("tool_result")) return undefined;
				const outcome = await options.runner.dispatch("tool_result", {
					toolCallId: toolCall.id,
					toolName: toolCall.name,
					input: args as Record<string, unknown>,
					content: result.content,
					details: result.details,
					isError,
				});
				return { content: outcome.content, details: outcome.details, isError: outcome.isError };
			},
		});
		this.agent.subscribe((event) => this.onAgentEvent(event));
	}

	private context(extension: RegisteredExtension, signal?: AbortSignal) {
		return createContext(this.source, extension, { signal });
	}

	/** All extension tools; a later extension's tool replaces an earlier one of the same name. */
	tools(): AgentTool[] {
		const byName = new Map<string, AgentTool>();
		for (const extension of this.options.runner.extensions) {
			if (!extension.loaded) continue;
			for (const definition of extension.tools.values()) {
				byName.set(
					definition.name,
					toAgentTool({ extension, definition }, { context: (ext, signal) => this.context(ext, signal), replacedInput: this.replacedInput }),
				);
			}
		}
		return [...byName.values()];
	}

	/** Text from the composer: a registered `/command`, or a prompt. */
	async submit(text: string): Promise<void> {
		const command = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
		if (command && (await this.runCommand(command[1], command[2] ?? ""))) return;
		await this.prompt(text);
	}

	/** Runs a registered command; false when no extension registered that name. */
	async runCommand(name: string, args: string): Promise<boolean> {
		const owner = [...this.options.runner.extensions].reverse().find((ext) => ext.loaded && ext.commands.has(name));
		if (!owner) return false;
		try {
			await owner.commands.get(name)!.handler(args, createCommandContext(this.source, owner, {}));
		} catch (error) {
			this.options.runner.report(owner, "command", `/${name}`, error);
		}
		return true;
	}

	async prompt(text: string, images?: ImageContent[], source: "interactive" | "extension" = "interactive"): Promise<void> {
		const { runner } = this.options;
		const input = await runner.dispatch("input", { text, images, source });
		if (input.handled) return;
		const start = await runner.dispatch("before_agent_start", { prompt: input.text, images: input.images, systemPrompt: [DEFAULT_SYSTEM_PROMPT] });
		this.systemPrompt = start.systemPrompt;
		const tools = this.tools();
		const system: SystemMessage = {
			role: "system",
			content: this.systemPrompt.join("\n\n"),
			toolsAdded: tools.map(toToolDeclaration),
			timestamp: Date.now(),
		};
		this.agent.state.tools = tools;
		this.agent.state.messages = [system, ...this.options.tree.buildContext()];
		const injected = start.messages.map((payload) => this.customMessage(payload));
		const user: AgentMessage = {
			role: "user",
			content: [{ type: "text", text: input.text }, ...(input.images ?? [])],
			timestamp: Date.now(),
		};
		this.turnIndex = 0;
		await this.agent.prompt([user, ...injected]);
	}

	/** A `before_agent_start` message, sent to the model as a user message. */
	private customMessage(payload: CustomMessagePayload): AgentMessage {
		const content = typeof payload === "string" ? payload : (payload.content ?? "");
		return { role: "user", content: typeof content === "string" ? [{ type: "text", text: content }] : content, timestamp: Date.now() };
	}

	abort(): void {
		this.agent.abort();
	}

	private async onAgentEvent(event: AgentEvent): Promise<void> {
		const { runner, tree, emit } = this.options;
		switch (event.type) {
			case "agent_start":
				emit({ type: "run_state", running: true });
				await runner.dispatch("agent_start", {});
				return;
			case "agent_end":
				await runner.dispatch("agent_end", { messages: event.messages });
				emit({ type: "run_state", running: false });
				return;
			case "turn_start":
				await runner.dispatch("turn_start", { turnIndex: this.turnIndex, timestamp: Date.now() });
				return;
			case "turn_end":
				await runner.dispatch("turn_end", { turnIndex: this.turnIndex++, message: event.message, toolResults: event.toolResults });
				return;
			case "message_start":
				await runner.dispatch("message_start", { message: event.message });
				return;
			case "message_update":
				emit({ type: "streaming", message: event.message });
				if (runner.hasHandlers("message_update")) {
					await runner.dispatch("message_update", { message: event.message, assistantMessageEvent: event.assistantMessageEvent });
				}
				return;
			case "message_end":
				if (isLlmMessage(event.message)) tree.append({ type: "message", message: event.message });
				emit({ type: "streaming", message: undefined });
				await runner.dispatch("message_end", { message: event.message });
				return;
			case "tool_execution_start":
				await runner.dispatch("tool_execution_start", { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args });
				return;
			case "tool_execution_update":
				await runner.dispatch("tool_execution_update", {
					toolCallId: event.toolCallId,
					toolName: event.toolName,
					args: event.args,
					partialResult: event.partialResult,
				});
				return;
			case "tool_execution_end":
				await runner.dispatch("tool_execution_end", {
					toolCallId: event.toolCallId,
					toolName: event.toolName,
					result: event.result,
					isError: event.isError,
				});
				return;
		}
	}
}
