/**
 * The extension API's types: what `pi`, `ctx` and `ctx.ui` look like to an extension.
 * Follows the spec's reference (sections 1-5); extensions import these through
 * `@earendil-works/pi-coding-agent` (or the `@mariozechner` / `@oh-my-pi` names).
 */
import type { AgentMessage, AgentToolResult, AgentToolUpdateCallback, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ImageContent, Model, TextContent, ToolResultMessage, AssistantMessageEvent } from "@earendil-works/pi-ai";
import type { SessionEntry, SessionHeader } from "../runtime/session/entries.ts";

export type { AgentMessage, AgentToolResult, AgentToolUpdateCallback, ThinkingLevel, ImageContent, TextContent };

// ---------------------------------------------------------------------------------------------
// ctx.ui

export type NotifyType = "info" | "warning" | "error";

export interface DialogOptions {
	/** Aborting the signal closes the dialog and resolves with the "no answer" value. */
	signal?: AbortSignal;
	/** Milliseconds until the dialog closes by itself with the "no answer" value. */
	timeout?: number;
}

export type SelectOption = string | { label: string; description?: string };

export interface ExtensionUIContext {
	select(title: string, options: SelectOption[], opts?: DialogOptions): Promise<string | undefined>;
	confirm(title: string, message: string, opts?: DialogOptions): Promise<boolean>;
	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
	editor(title: string, prefill?: string, opts?: DialogOptions): Promise<string | undefined>;
	notify(message: string, type?: NotifyType): void;
	setStatus(key: string, text: string | undefined): void;
	setWorkingMessage(message?: string): void;
	setWidget(key: string, content: string[] | undefined, options?: { placement?: "aboveEditor" | "belowEditor" }): void;
	setTitle(title: string): void;
	setEditorText(text: string): void;
	pasteToEditor(text: string): void;
	getEditorText(): string;
}

// ---------------------------------------------------------------------------------------------
// ctx

export interface ReadonlySessionManager {
	getSessionId(): string;
	getHeader(): SessionHeader;
	getEntries(): SessionEntry[];
	getEntry(id: string): SessionEntry | undefined;
	getLeafId(): string | null;
	getBranch(fromId?: string): SessionEntry[];
	getSessionName(): string | undefined;
	getCwd(): string;
}

export interface ExtensionContext {
	readonly ui: ExtensionUIContext;
	readonly hasUI: boolean;
	readonly mode: "tui" | "rpc" | "json" | "print";
	readonly cwd: string;
	readonly sessionManager: ReadonlySessionManager;
	readonly model: Model<string> | undefined;
	isIdle(): boolean;
	abort(): void;
	hasPendingMessages(): boolean;
	getSystemPrompt(): string[];
	setTimeout(callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): ManagedTimer;
	setInterval(callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): ManagedTimer;
	clearTimer(timer: ManagedTimer): void;
}

export interface ManagedTimer {
	readonly id: number;
}

export interface ExtensionCommandContext extends ExtensionContext {
	waitForIdle(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Tools

export interface ToolDefinition<TParams = any, TDetails = unknown> {
	name: string;
	label?: string;
	description: string;
	/** A TypeBox schema, a zod schema or a plain JSON Schema object. */
	parameters: unknown;
	executionMode?: "sequential" | "parallel";
	defaultInactive?: boolean;
	promptSnippet?: string;
	promptGuidelines?: string[];
	execute(
		toolCallId: string,
		params: TParams,
		signal: AbortSignal | undefined,
		onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
		ctx: ExtensionContext,
	): Promise<AgentToolResult<TDetails>>;
	renderCall?: (...args: unknown[]) => unknown;
	renderResult?: (...args: unknown[]) => unknown;
}

export interface ToolInfo {
	name: string;
	description: string;
	parameters: unknown;
	sourceInfo: { path: string; source: string };
}

// ---------------------------------------------------------------------------------------------
// Commands

export interface AutocompleteItem {
	value: string;
	label: string;
	description?: string;
}

export interface CommandDefinition {
	description?: string;
	getArgumentCompletions?(prefix: string): AutocompleteItem[] | null | Promise<AutocompleteItem[] | null>;
	handler(args: string, ctx: ExtensionCommandContext): Promise<void> | void;
}

// ---------------------------------------------------------------------------------------------
// Events (reference section 5): payload and handler result per event name.

export type CustomMessagePayload<T = unknown> =
	| string
	| { customType?: string; content?: string | (TextContent | ImageContent)[]; display?: boolean; details?: T };

export interface ToolCallEventResult {
	block?: boolean;
	reason?: string;
	input?: Record<string, unknown>;
	additionalContext?: string;
}

export interface ToolResultEventResult {
	content?: (TextContent | ImageContent)[];
	details?: unknown;
	isError?: boolean;
}

export interface ExtensionEventMap {
	session_start: { payload: {}; result: void };
	session_shutdown: { payload: {}; result: void };
	input: {
		payload: { text: string; images?: ImageContent[]; source: "interactive" | "rpc" | "extension" };
		result: { handled?: boolean; text?: string; images?: ImageContent[] } | void;
	};
	before_agent_start: {
		payload: { prompt: string; images?: ImageContent[]; systemPrompt: string[] };
		result: { message?: CustomMessagePayload; systemPrompt?: string[] } | void;
	};
	agent_start: { payload: {}; result: void };
	agent_end: { payload: { messages: AgentMessage[] }; result: void };
	turn_start: { payload: { turnIndex: number; timestamp: number }; result: void };
	turn_end: { payload: { turnIndex: number; message: AgentMessage; toolResults: ToolResultMessage[] }; result: void };
	message_start: { payload: { message: AgentMessage }; result: void };
	message_update: { payload: { message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }; result: void };
	message_end: { payload: { message: AgentMessage }; result: void };
	tool_call: { payload: { toolCallId: string; toolName: string; input: Record<string, unknown> }; result: ToolCallEventResult | void };
	tool_result: {
		payload: {
			toolCallId: string;
			toolName: string;
			input: Record<string, unknown>;
			content: (TextContent | ImageContent)[];
			details: unknown;
			isError: boolean;
		};
		result: ToolResultEventResult | void;
	};
	tool_execution_start: { payload: { toolCallId: string; toolName: string; args: unknown }; result: void };
	tool_execution_update: { payload: { toolCallId: string; toolName: string; args: unknown; partialResult: unknown }; result: void };
	tool_execution_end: { payload: { toolCallId: string; toolName: string; result: unknown; isError: boolean }; result: void };
}

export type ExtensionEventName = keyof ExtensionEventMap;
export type ExtensionEvent<E extends ExtensionEventName> = { type: E } & ExtensionEventMap[E]["payload"];
export type ExtensionEventResult<E extends ExtensionEventName> = ExtensionEventMap[E]["result"];
export type ExtensionHandler<E extends ExtensionEventName> = (
	event: ExtensionEvent<E>,
	ctx: ExtensionContext,
) => ExtensionEventResult<E> | void | Promise<ExtensionEventResult<E> | void>;

export type ToolCallEvent = ExtensionEvent<"tool_call">;

// ---------------------------------------------------------------------------------------------
// pi

export interface EventBus {
	emit(channel: string, data?: unknown): void;
	on(channel: string, handler: (data: unknown) => void | Promise<void>): () => void;
}

export interface ExtensionLogger {
	debug(message: string, meta?: unknown): void;
	info(message: string, meta?: unknown): void;
	warn(message: string, meta?: unknown): void;
	error(message: string, meta?: unknown): void;
}

export interface ExecResult {
	stdout: string;
	stderr: string;
	code: number;
	killed: boolean;
}

export interface ExtensionAPI {
	on<E extends ExtensionEventName>(event: E, handler: ExtensionHandler<E>): void;
	registerTool<TParams = any, TDetails = unknown>(tool: ToolDefinition<TParams, TDetails>): void;
	registerCommand(name: string, command: CommandDefinition): void;
	registerFlag(name: string, flag: { description?: string; type: "boolean" | "string"; default?: boolean | string }): void;
	getFlag(name: string): boolean | string | undefined;
	setLabel(label: string): void;
	readonly events: EventBus;
	readonly logger: ExtensionLogger;
	sendMessage<T = unknown>(
		payload: CustomMessagePayload<T>,
		opts?: { triggerTurn?: boolean; deliverAs?: "steer" | "followUp" | "nextTurn" | "aside" },
	): void;
	sendUserMessage(content: string | (TextContent | ImageContent)[], opts?: { deliverAs?: "steer" | "followUp" | "aside" }): void;
	appendEntry<T = unknown>(customType: string, data?: T): void;
	exec(command: string, args: string[], opts?: { signal?: AbortSignal; timeout?: number; cwd?: string }): Promise<ExecResult>;
	getActiveTools(): string[];
	getAllTools(): ToolInfo[];
	setActiveTools(names: string[]): Promise<void>;
	getSessionName(): string | undefined;
	setSessionName(name: string): Promise<void>;
	getThinkingLevel(): ThinkingLevel | undefined;
	setThinkingLevel(level: ThinkingLevel): void;
}

export type ExtensionFactory = (pi: ExtensionAPI) => void | Promise<void>;
