/** Turns pi-agent-core's events into extension and page events: turn index, `session_stop`, tool progress, persisted messages. */
import type { Agent, AgentEvent, AgentMessage } from "@earendil-works/pi-agent-core";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { ToolProgress } from "../extensions/display/renderers.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { SessionTree } from "../../session/tree.ts";
import { applyTextRewrite } from "./assistant-rewrite.ts";
import { entryForMessage } from "../../session/messages.ts";
import type { AutoRetry } from "./retry.ts";
import { StopHook } from "./stop-hook.ts";
import { StreamingRelay } from "./streaming-relay.ts";
import type { ToolPath } from "../tools/tool-path.ts";
import { cloneData } from "./clone-data.ts";
import { turnedOffTool } from "../extensions/turned-off.ts";

export interface AgentEventDeps {
	agent: Agent;
	runner: ExtensionRunner;
	tree: SessionTree;
	toolPath: ToolPath;
	retry: AutoRetry;
	emit(event: RuntimeEvent): void;
	/** A running tool's partial result, and its end (no partialResult): extension renderers draw them. */
	toolProgress?(progress: ToolProgress): void;
	/** The reply being streamed as the page shows it (markdown transformers). */
	streamingDisplay?<M extends { role: string; content?: unknown }>(message: M): M;
}

export class AgentEvents {
	private turnIndex = 0;
	private readonly stopHook = new StopHook();
	/** Calls of the current turn whose result ends the run (`terminate`): all of them stops the agent. */
	private terminatedCalls = 0;
	/** `agent_end` left the page's run state on: a retry follows. */
	private held = false;
	/** `agent_end` handlers are running and no retry follows: the agent loop is over. */
	private ending = false;
	private readonly streaming: StreamingRelay;

	constructor(private readonly deps: AgentEventDeps) {
		this.streaming = new StreamingRelay(deps.emit, deps.streamingDisplay);
	}

	/** A retry keeps the run going after `agent_end`. */
	get runHeld(): boolean {
		return this.held;
	}

	/** The run's `agent_end` handlers are running and no retry follows. */
	get runEnding(): boolean {
		return this.ending;
	}

	/**
	 * A call of a tool nobody has: the agent answers "Tool x not found". When a turned-off extension had it, the
	 * result says so instead (turned-off.ts). The result message the agent makes next takes this content.
	 */
	private explainMissingTool(event: Extract<AgentEvent, { type: "tool_execution_end" }>): void {
		const result = event.result as { content?: { type: string; text?: string }[] } | undefined;
		const only = result?.content?.length === 1 ? result.content[0] : undefined;
		if (!event.isError || only?.type !== "text" || only.text !== `Tool ${event.toolName} not found`) return;
		const text = turnedOffTool(this.deps.runner.extensions, event.toolName);
		if (text) result!.content = [{ type: "text", text }];
	}

	/** A new run counts turns from 0 and may stop again. */
	beginRun(): void {
		this.turnIndex = 0;
		this.stopHook.reset();
	}

	/** The run and its retries are over: the page's run state, held on for a retry, goes off. */
	endRun(): void {
		if (!this.held) return;
		this.held = false;
		this.deps.emit({ type: "run_state", running: false });
	}

	/**
	 * `session_stop` when the agent would stop after this turn: no calls to answer (or all of them
	 * ended the run), nothing queued, not failed or aborted. A continuation becomes a follow-up, which
	 * the agent takes instead of ending.
	 */
	private async checkStop(message: AgentMessage, toolResults: number, turnIndex: number): Promise<void> {
		const { agent, runner, tree } = this.deps;
		if (message.role !== "assistant" || message.stopReason === "error" || message.stopReason === "aborted") return;
		if (toolResults > 0 && this.terminatedCalls < toolResults) return;
		if (agent.hasQueuedMessages() || agent.signal?.aborted) return;
		const next = await this.stopHook.check({
			runner,
			messages: agent.state.messages,
			lastAssistant: message,
			turnId: `${tree.header.id}:${turnIndex}:${message.timestamp}`,
			sessionId: tree.header.id,
			signal: agent.signal,
		});
		if (next) agent.followUp(next);
	}

	async handle(event: AgentEvent): Promise<void> {
		const { agent, runner, tree, emit, toolPath, retry } = this.deps;
		switch (event.type) {
			case "agent_start":
				emit({ type: "run_state", running: true });
				await runner.dispatch("agent_start", {});
				return;
			case "agent_end":
				toolPath.endRun();
				// A retry keeps the run going, for extensions (willContinue) and for the page (Esc still reaches it).
				this.held = retry.willRetry(event.messages, agent.state.model.contextWindow ?? 0);
				this.ending = !this.held;
				try {
					await runner.dispatch("agent_end", { messages: event.messages, ...(this.held ? { willContinue: true } : {}) });
				} finally {
					this.ending = false;
				}
				if (!this.held) emit({ type: "run_state", running: false });
				return;
			case "turn_start":
				await runner.dispatch("turn_start", { turnIndex: this.turnIndex, timestamp: Date.now() });
				return;
			case "turn_end": {
				const turnIndex = this.turnIndex++;
				await runner.dispatch("turn_end", { turnIndex, message: event.message, toolResults: event.toolResults });
				await this.checkStop(event.message, event.toolResults.length, turnIndex);
				this.terminatedCalls = 0;
				return;
			}
			case "message_start":
				await runner.dispatch("message_start", { message: cloneData(event.message) });
				return;
			case "message_update":
				this.streaming.update(event.message);
				if (runner.hasHandlers("message_update")) {
					await runner.dispatch("message_update", { message: cloneData(event.message), assistantMessageEvent: event.assistantMessageEvent });
				}
				return;
			case "message_end": {
				const { message } = event;
				// Rewrites land before the message is persisted, shown or sent again.
				if (message.role === "assistant" && runner.hasHandlers("assistant_message")) {
					const content = await runner.dispatch("assistant_message", { message: cloneData(message) });
					const problem = applyTextRewrite(message, content);
					if (problem) emit({ type: "notify", message: `assistant_message rewrite ignored: ${problem}`, level: "warning", extension: "Playa" });
				}
				const entry = entryForMessage(message);
				if (entry) tree.append(entry);
				this.streaming.end();
				await runner.dispatch("message_end", { message: cloneData(message) });
				if (message.role === "assistant") await retry.replied(message);
				return;
			}
			case "tool_execution_start":
				// Dispatched by the tool path after tool_call (reference: "tool_call (at arg-prep, before scheduling) → tool_execution_start").
				toolPath.started({ toolCallId: event.toolCallId, toolName: event.toolName, args: event.args });
				return;
			case "tool_execution_update":
				this.deps.toolProgress?.({ toolCallId: event.toolCallId, toolName: event.toolName, args: event.args, partialResult: event.partialResult ?? {} });
				await runner.dispatch("tool_execution_update", {
					toolCallId: event.toolCallId,
					toolName: event.toolName,
					args: event.args,
					partialResult: event.partialResult,
				});
				return;
			case "tool_execution_end":
				if ((event.result as { terminate?: boolean } | undefined)?.terminate === true) this.terminatedCalls++;
				this.explainMissingTool(event);
				this.deps.toolProgress?.({ toolCallId: event.toolCallId, toolName: event.toolName });
				await toolPath.ending(event.toolCallId);
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
