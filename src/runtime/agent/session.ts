/**
 * One agent session: pi-agent-core's Agent driven by the session tree, with extension events
 * dispatched at the points of the spec's "typical order for one prompt", every finished message
 * appended to the tree, and every tool call on the one tool path (`tool_call` → tool → `tool_result`).
 */
import { Agent, type AgentMessage, type AgentTool, type StreamFn } from "@earendil-works/pi-agent-core";
import { toToolDeclaration, type Context, type ImageContent, type Model, type SystemMessage, type TextContent } from "@earendil-works/pi-ai";
import { createContext, type ContextSource } from "../extensions/context.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { AutoRetryEvent, RuntimeEvent } from "../../protocol/runtime.ts";
import type { SessionTree } from "../../session/tree.ts";
import { convertToLlm, replayableContext, entryForMessage, normalizeCustomMessage, promptText, userMessage } from "../../session/messages.ts";
import { SCRIPTED_PROVIDER, type ScriptedModel } from "../models/scripted-model.ts";
import { AgentEvents } from "./agent-events.ts";
import { isVirtualModel } from "../models/virtual-models.ts";
import { ToolPath } from "../tools/tool-path.ts";
import type { OutputFiles } from "../tools/result-bounds.ts";
import type { PendingCommits } from "./commits.ts";
import type { ToolProgress } from "../extensions/display/renderers.ts";
import { Compactor } from "./compaction/compactor.ts";
import type { CompactionSettings } from "../../session/compaction/prepare.ts";
import { ReplyCounter } from "./compaction/reply-counter.ts";
import { SessionTools } from "../tools/session-tools.ts";
import type { ExecOutput } from "../tools/exec-output.ts";
import { newPromptOptions, renderPromptParts } from "../extensions/system-prompt.ts";
import type { SystemPromptOptions } from "../../api/system-prompt.ts";
import { AutoRetry, DEFAULT_RETRY_POLICY } from "./retry.ts";
import type { RetryPolicy } from "@earendil-works/pi-ai";
import { settleBoundary } from "./settle.ts";
import { cloneData } from "./clone-data.ts";

export const DEFAULT_SYSTEM_PROMPT = "You are a coding assistant running inside Playa, a browser playground for agent extensions. Use the tools you are given.";

export type Delivery = "steer" | "followUp" | "nextTurn" | "aside";

export interface SessionOptions {
	tree: SessionTree;
	runner: ExtensionRunner;
	model: ScriptedModel;
	/** Replies of every other model: the provider gateway (its own worker on the page) (agent/gateway-stream.ts). */
	gatewayStream?: StreamFn;
	/** The physical model for a request to a virtual model (agent/virtual-models.ts). */
	routeVirtual?(model: Model<string>, context: Context, signal?: AbortSignal): Promise<Model<string>>;
	/** A provider answered in the worker (the manual model, an extension's `streamSimple`), before the gateway. */
	providerStream?(provider: string): StreamFn | undefined;
	/** A running tool's partial result, and its end (no partialResult): extension renderers draw them. */
	toolProgress?(progress: ToolProgress): void;
	/** Shows what `pi.exec` prints under the extension tool call that runs it. */
	execOutput?: ExecOutput;
	/** The reply being streamed as the page shows it (markdown transformers). */
	streamingDisplay?<M extends { role: string; content?: unknown }>(message: M): M;
	/** The host's writes of what the session appends (commits.ts): waited for, or checked without waiting. */
	commits?: Pick<PendingCommits, "settled" | "check">;
	/** Where output cut from tool results is kept (the workspace's /tmp). */
	outputFiles?: OutputFiles;
	emit(event: RuntimeEvent): void;
	/** Everything ctx needs besides the session itself. */
	contextSource: Omit<ContextSource, "tree" | "model" | "isIdle" | "abort" | "hasPendingMessages" | "waitForIdle" | "systemPrompt">;
	/** Native tools (read, bash, ...), and which of them are active by default. */
	builtinTools?: AgentTool[];
	defaultActiveBuiltins?: string[];
	/** Upstream's compaction defaults unless given. */
	compaction?: Partial<CompactionSettings>;
	/** Automatic retries of transient provider errors (default: upstream's, 3 retries from 2 s). */
	retryPolicy?: RetryPolicy;
	/** Wraps the model calls, to record them (the inspector's request view). */
	tapRequests?(streamFn: StreamFn): StreamFn;
	/** After `input`: `/skill:name` and prompt templates become their text (commands/prompt-templates.ts). */
	expandPrompt?(text: string): Promise<string>;
	/** The skills the system prompt lists (extensions/resources.ts). */
	skills?(): SystemPromptOptions["skills"];
}

export class AgentSession {
	readonly agent: Agent;
	readonly source: ContextSource;
	private readonly toolPath: ToolPath;
	readonly compactor: Compactor;
	private system: SystemMessage | undefined;
	private systemPrompt = [DEFAULT_SYSTEM_PROMPT];
	private readonly tools: SessionTools;
	/** `deliverAs: "nextTurn"` messages, sent with the next prompt. */
	private nextTurn: AgentMessage[] = [];
	readonly retry: AutoRetry;
	private readonly events: AgentEvents;
	/** The run in progress, retries included (the agent is idle while a retry waits). */
	private activeRun: Promise<void> | undefined;
	/** Whether the next model request is its run's first. */
	private firstRequest = false;
	/** Esc was pressed during the current run (agent_settled's `aborted`). */
	private abortRequested = false;

	constructor(private readonly options: SessionOptions) {
		const { tree, model, runner } = options;
		this.source = {
			...options.contextSource,
			tree: () => tree,
			model: () => this.agent.state.model,
			// Upstream: no run, no compaction and no retry waiting.
			isIdle: () => !this.agent.state.isStreaming && !this.compactor.isCompacting && !this.retry.isWaiting,
			abort: () => this.abort(),
			hasPendingMessages: () => this.agent.hasQueuedMessages() || this.nextTurn.length > 0,
			waitForIdle: async () => {
				await this.agent.waitForIdle();
				await this.activeRun;
				await this.compactor.idle();
			},
			systemPrompt: () => [...this.systemPrompt],
		};
		const { commits } = options;
		this.toolPath = new ToolPath(runner, commits && (() => commits.check()), options.outputFiles);
		this.tools = new SessionTools({
			runner,
			path: this.toolPath,
			context: (extension, signal) => this.context(extension, signal),
			execOutput: options.execOutput,
			builtinTools: options.builtinTools,
			defaultActiveBuiltins: options.defaultActiveBuiltins,
		});
		const untapped: StreamFn = async (requested, context, opts) => {
			// What the run was asked is stored before the model is; its later requests go out while the turn's entries
			// are still being stored, and stop once one of them is known not to have been (commits.ts).
			if (this.firstRequest) {
				this.firstRequest = false;
				await options.commits?.settled();
			} else options.commits?.check();
			const m = isVirtualModel(requested) && options.routeVirtual ? await options.routeVirtual(requested, context, opts?.signal) : requested;
			const local = options.providerStream?.(m.provider);
			if (local) return local(m, context, opts);
			return m.provider === SCRIPTED_PROVIDER || !options.gatewayStream ? model.stream(m, context, opts) : options.gatewayStream(m, context, opts);
		};
		const streamFn = options.tapRequests ? options.tapRequests(untapped) : untapped;
		const replies = new ReplyCounter(() => tree);
		model.setReplyIndex(replies.index);
		this.compactor = new Compactor({
			tree: () => tree,
			runner,
			emit: options.emit,
			model: () => this.agent.state.model,
			complete: async (context, signal) => (await streamFn(this.agent.state.model, context, { signal })).result(),
			replies,
			settings: options.compaction,
			runActive: () => this.agent.state.isStreaming,
		});
		this.agent = new Agent({
			initialState: { model: model.model },
			streamFn,
			convertToLlm,
			transformContext: async (messages) => {
				const edited = runner.hasHandlers("context") ? await runner.dispatch("context", { messages: cloneData(messages) }) : messages;
				if (!runner.hasHandlers("context_with_system")) return edited;
				// pi 1.6: the whole request after `context`; what it returns is sent as it is.
				const sent = await runner.dispatch("context_with_system", { messages: cloneData(edited) });
				if (edited[0]?.role === "system" && sent[0]?.role !== "system") {
					options.emit({
						type: "notify",
						message: "A context_with_system handler removed the leading system message: this request has no system prompt or tool declarations.",
						level: "warning",
						extension: "Playa",
					});
				}
				return sent;
			},
			onPayload: async (payload) => {
				if (!runner.hasHandlers("before_provider_request")) return undefined;
				return runner.dispatch("before_provider_request", { payload });
			},
			onResponse: async (response) => {
				await runner.dispatch("after_provider_response", { status: response.status, headers: response.headers });
			},
			// Passive context from the last tool batch reaches the model before its next request.
			prepareRequest: ({ context }) => {
				const extra = this.toolPath.drainContext();
				if (extra.length === 0) return undefined;
				const note: SystemMessage = { role: "system", content: extra.join("\n\n"), timestamp: Date.now() };
				return { context: { ...context, messages: [...context.messages, note] } };
			},
			// Past the threshold inside a tool loop: compact, and go on from the session's new context.
			prepareNextTurnWithContext: async ({ context }) => {
				if (!(await this.compactor.beforeNextTurn(context.messages))) return undefined;
				const system = context.messages.filter((message) => message.role === "system").slice(0, 1);
				return { context: { ...context, messages: [...system, ...replayableContext(tree.buildContext())] } };
			},
			beforeToolCall: this.toolPath.beforeToolCall,
			afterToolCall: this.toolPath.afterToolCall,
		});
		this.retry = new AutoRetry({ policy: () => options.retryPolicy ?? DEFAULT_RETRY_POLICY, announce: (event) => this.announceRetry(event) });
		this.events = new AgentEvents({
			agent: this.agent,
			runner,
			tree,
			toolPath: this.toolPath,
			retry: this.retry,
			emit: options.emit,
			toolProgress: options.toolProgress,
			streamingDisplay: options.streamingDisplay,
		});
		this.agent.subscribe((event) => this.events.handle(event));
	}

	private async announceRetry(event: AutoRetryEvent): Promise<void> {
		const { type, ...payload } = event;
		this.options.emit({ type: "auto_retry", event });
		await this.options.runner.dispatch(type, payload);
	}

	/** A run is going: the agent streams, or a retry waits to continue it (messages then steer it). */
	get isStreaming(): boolean {
		return this.agent.state.isStreaming || this.events.runHeld || this.retry.isWaiting;
	}

	private context(extension: RegisteredExtension, signal?: AbortSignal) {
		return createContext(this.source, extension, { signal });
	}

	allTools(): AgentTool[] {
		return this.tools.all();
	}

	activeTools(): AgentTool[] {
		return this.tools.active();
	}

	/** A running agent sees the change before its next request. */
	setActiveTools(names: string[]): void {
		this.tools.setActive(names);
		if (this.isStreaming) this.agent.state.tools = this.activeTools();
	}

	/** A prompt from the composer (a steer while a run is going); commands were routed before it (commands/router.ts). */
	async submit(text: string, images?: ImageContent[]): Promise<void> {
		const steering = this.isStreaming;
		const input = await this.options.runner.dispatch("input", {
			text,
			images,
			source: "interactive",
			...(steering && { streamingBehavior: "steer" as const }),
		});
		if (input.handled || (!input.text && !input.images?.length)) return;
		const expanded = input.text && this.options.expandPrompt ? await this.options.expandPrompt(input.text) : input.text;
		const message = userMessage(expanded, input.images);
		if (this.isStreaming) this.agent.steer(message);
		else await this.run([message]);
	}

	/**
	 * Manual compaction (`/compact`, `ctx.compact()`): a run in progress is stopped first, as upstream
	 * does. Throws when there is nothing to compact, it is cancelled, or the summary fails.
	 */
	async compact(customInstructions?: string) {
		if (this.isStreaming) {
			this.agent.abort();
			await this.agent.waitForIdle();
		}
		return this.compactor.compact("manual", customInstructions);
	}

	/** `pi.sendUserMessage`: a prompt when idle, a steer while running; explicit modes queue. */
	sendUserMessage(content: string | (TextContent | ImageContent)[], deliverAs?: "steer" | "followUp" | "aside"): Promise<void> {
		const message = userMessage(content);
		if (deliverAs === "followUp") this.agent.followUp(message);
		else if (this.isStreaming || deliverAs === "steer") this.agent.steer(message);
		else return this.run([message]);
		return Promise.resolve();
	}

	/** `pi.sendMessage`, with the spec's delivery semantics. */
	sendMessage(payload: Parameters<typeof normalizeCustomMessage>[0], opts: { deliverAs?: Delivery; triggerTurn?: boolean } = {}): Promise<void> {
		const message = normalizeCustomMessage(payload);
		const mode = opts.deliverAs;
		// From agent_end the loop is over: a plain message (no triggerTurn, no mode) is delivered as when idle,
		// appended without a turn; steering would start one more turn the extension did not ask for.
		if (this.isStreaming && !(this.events.runEnding && mode === undefined && !opts.triggerTurn)) {
			// nextTurn + triggerTurn schedules a continuation: the run goes on with it once it would stop.
			if (mode === "followUp" || (mode === "nextTurn" && opts.triggerTurn)) this.agent.followUp(message);
			else if (mode === "nextTurn") this.nextTurn.push(message);
			else this.agent.steer(message);
			return Promise.resolve();
		}
		if (mode === "aside" || opts.triggerTurn) return this.run([message]);
		if (mode === "nextTurn") this.nextTurn.push(message);
		else this.options.tree.append(entryForMessage(message)!);
		return Promise.resolve();
	}

	/** Starts a run: `before_agent_start`, then the agent with the session's context, then any retries. */
	private run(messages: AgentMessage[]): Promise<void> {
		this.abortRequested = false;
		const run = this.startRun(messages);
		this.activeRun = run;
		// pi 1.6's agent_settled: once the run, its retries and compaction are over and no other run took over.
		// The run no longer counts as active then, so a handler's ctx.waitForIdle() does not wait for itself.
		const settle = async () => {
			// The run ends once all it appended is stored; a write that was not has been told to the page already.
			await this.options.commits?.settled().catch(() => undefined);
			if (this.activeRun !== run) return;
			this.activeRun = undefined;
			await this.options.runner.dispatch("agent_settled", { aborted: this.abortRequested });
		};
		return run.then(settle, async (error) => {
			await settle();
			throw error;
		});
	}

	private async startRun(messages: AgentMessage[]): Promise<void> {
		const { runner, tree } = this.options;
		await this.compactor.idle();
		const images = messages.flatMap((m) =>
			m.role === "user" && Array.isArray(m.content) ? m.content.filter((b): b is ImageContent => b.type === "image") : [],
		);
		// pi 1.6: a run started by a custom message (sendMessage with triggerTurn) says so.
		const custom = messages[0]?.role === "custom" ? messages[0] : undefined;
		const selected = this.activeTools().map((tool) => tool.name);
		const start = await runner.dispatch("before_agent_start", {
			prompt: promptText(messages),
			images: images.length > 0 ? images : undefined,
			systemPrompt: [DEFAULT_SYSTEM_PROMPT],
			messageType: custom ? "custom" : "user",
			...(custom && { message: custom }),
			systemPromptOptions: newPromptOptions(selected, this.source.cwd, this.options.skills?.()),
		});
		this.systemPrompt = renderPromptParts(start);
		// pi's handlers may change the selected tools: the run gets them, as with pi.setActiveTools().
		const chosen = start.options.selectedTools;
		if (chosen.length !== selected.length || chosen.some((name, i) => name !== selected[i]))
			this.tools.setActive(chosen.filter((name) => typeof name === "string"));
		const tools = this.activeTools();
		const system: SystemMessage = {
			role: "system",
			content: this.systemPrompt.join("\n\n"),
			toolsAdded: tools.map(toToolDeclaration),
			timestamp: Date.now(),
		};
		this.agent.state.tools = tools;
		this.system = system;
		this.agent.state.messages = [system, ...replayableContext(tree.buildContext())];
		const queued = this.nextTurn.splice(0);
		const injected = start.messages.map((payload) => normalizeCustomMessage(payload));
		this.events.beginRun();
		this.firstRequest = true;
		await this.attempt(() => this.agent.prompt([...queued, ...messages, ...injected]));
		// Messages queued as the run ended (from agent_end) and agent_before_settle's continuation go on in this run.
		while (await settleBoundary({ ...this.options, agent: this.agent, aborted: () => this.abortRequested })) {
			this.agent.state.messages = [this.system!, ...replayableContext(tree.buildContext())];
			await this.attempt(() => this.agent.continue());
		}
	}

	/** One low-level run with its retries, then upstream's compaction after it. */
	private async attempt(start: () => Promise<void>): Promise<void> {
		this.retry.begin();
		try {
			await start();
			while (await this.retry.afterRun(this.agent)) await this.agent.continue();
		} finally {
			this.events.endRun();
		}
		await this.compactAfterRun();
	}

	/** Upstream's automatic compaction after a run; a context overflow is compacted and the turn retried once. */
	private async compactAfterRun(): Promise<void> {
		if ((await this.compactor.afterRun(this.agent.state.messages, false)) !== "retry") return;
		this.agent.state.messages = [this.system!, ...replayableContext(this.options.tree.buildContext())];
		try {
			await this.agent.continue();
		} catch (error) {
			this.options.emit({ type: "notify", message: `Could not retry after compaction: ${(error as Error).message}`, level: "error", extension: "Playa" });
			return;
		}
		await this.compactor.afterRun(this.agent.state.messages, true);
	}

	/** Esc: stops the run, and a compaction in progress (upstream's abortCompaction). */
	abort(): void {
		this.abortRequested = true;
		this.retry.cancel();
		this.agent.abort();
		this.compactor.abort();
	}
}
