/** `pi`: what an extension's factory receives to register tools, commands, renderers and handlers. */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ImageContent, Model, TextContent } from "@earendil-works/pi-ai";
import type { ExtensionCommandContext, ExtensionContext } from "./context.ts";
import type { CustomMessagePayload, ExtensionEvent, ExtensionEventName, ExtensionEventResult } from "./events.ts";
import type { ExtensionVirtualModel, ProviderConfig } from "./providers.ts";
import type { ToolDefinition, ToolInfo, ToolParameters } from "./tools.ts";
import type { CompactionSettings } from "./compaction.ts";
import type { McpServerConfig, RegisteredMcpServer } from "./mcp.ts";
import type { AssistantThinkingRenderer, ComposerShapeDefinition, EntryRenderer, MessageRenderer } from "./ui.ts";

// ---------------------------------------------------------------------------------------------
// Commands, shortcuts, flags

/** One suggestion for a command's arguments (`getArgumentCompletions`). */
export interface AutocompleteItem {
	/** The text that replaces the typed prefix when the suggestion is taken. */
	value: string;
	/** What the list shows. */
	label: string;
	/** A line shown beside the label. */
	description?: string;
}

/** A slash command (`pi.registerCommand(name, command)`): `/name args` in the composer runs `handler`. */
export interface CommandDefinition {
	/** Shown beside `/name` in the composer's command list. */
	description?: string;
	/** Suggestions for the arguments typed so far (`prefix`: the text after `/name `); `null` offers none. */
	getArgumentCompletions?(prefix: string): AutocompleteItem[] | null | Promise<AutocompleteItem[] | null>;
	/**
	 * Runs the command: `args` is the text after `/name ` (trimmed of the space), `ctx` the command context
	 * (`ctx.ui` for dialogs and notices, `ctx.newSession()`, `ctx.waitForIdle()`, …).
	 */
	handler(args: string, ctx: ExtensionCommandContext): Promise<void> | void;
}

export interface SlashCommandInfo {
	name: string;
	description?: string;
	source: "extension" | "builtin";
	path?: string;
	sourceInfo: { path: string; source: string };
}

/** A key binding (`pi.registerShortcut(key, shortcut)`): the key anywhere in the page runs `handler`. */
export interface ShortcutDefinition {
	/** Shown in `/hotkeys`. */
	description?: string;
	/** Runs when the key is pressed. */
	handler(ctx: ExtensionContext): Promise<void> | void;
}

/** A flag the user sets (`pi.registerFlag(name, flag)`); the extension reads it with `pi.getFlag(name)`. */
export interface FlagDefinition {
	/** Shown beside the flag on the extension's card. */
	description?: string;
	/** A switch, or a text value. */
	type: "boolean" | "string";
	/** The value before the user sets one. */
	default?: boolean | string;
}

// ---------------------------------------------------------------------------------------------
// Events (reference section 5): payloads and results live in events.ts.

export type ExtensionHandler<E extends ExtensionEventName> = (
	event: ExtensionEvent<E>,
	ctx: ExtensionContext,
) => ExtensionEventResult<E> | void | Promise<ExtensionEventResult<E> | void>;

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

/** oh-my-pi's broker for a write the sandbox denied; `true` means the bytes are on disk. */
export type FileWriteFallbackHandler = (
	request: { dst: string; content: string; cause: unknown; sessionId: string | undefined },
	ctx: ExtensionContext,
) => Promise<boolean>;

/** oh-my-pi's broker for a delete the sandbox denied; `true` means the file is gone. */
export type FileDeleteFallbackHandler = (
	request: { dst: string; cause: unknown; confirmedFile: boolean; sessionId: string | undefined },
	ctx: ExtensionContext,
) => Promise<boolean>;

/** `pi.getSettings()`: the settings of upstream pi's shape that Playa has (a copy; changing it changes nothing). */
export interface Settings {
	defaultProvider?: string;
	defaultModel?: string;
	defaultThinkingLevel?: ThinkingLevel;
	theme: "dark" | "light";
	compaction: CompactionSettings;
	retry: { enabled: boolean; maxRetries: number; baseDelayMs: number };
	/** The page sends queued messages all at once. */
	steeringMode: "all";
	followUpMode: "all";
	/** No model scoping in Playa. */
	enabledModels: string[];
}

/** How one tool's calls and results are drawn (`pi.registerToolRenderer`). */
export type ToolRenderers = Pick<ToolDefinition, "renderCall" | "renderResult">;
/** Chooses a tool's renderers; `next()` is what later resolvers, then the tool itself, would use. */
export type ToolRendererResolver = (toolName: string, next: () => ToolRenderers | undefined) => ToolRenderers | undefined;

/** pi 1.6's markdown transformer: display only, the message itself is unchanged. */
export type MarkdownTransformer = (
	markdown: string,
	context: { messageType: string; isStreaming: boolean; availableWidth?: number; messageId?: string; timestamp?: string },
) => string;

/** `pi`: what an extension's default export receives. */
export interface ExtensionAPI {
	/**
	 * Subscribes to an event (`"tool_call"`, `"input"`, `"context"`, `"session_start"`, …); what the handler returns
	 * can change what happens (block a tool call, rewrite the input or the context).
	 */
	on<E extends ExtensionEventName>(event: E, handler: ExtensionHandler<E>): void;
	/**
	 * Registers a tool the model can call: `name`, `description`, `parameters` (a schema) and `execute`. The
	 * parameters' types follow the schema: TypeBox, zod, or a JSON Schema literal.
	 */
	registerTool<const TParams extends ToolParameters = ToolParameters, TDetails = unknown, TState = unknown>(
		tool: ToolDefinition<TParams, TDetails, TState>,
	): void;
	/** Registers the slash command `/name`: typing `/name args` in the composer runs `command.handler(args, ctx)`. */
	registerCommand(name: string, command: CommandDefinition): void;
	/** Binds a key (`"ctrl+shift+k"`) to `shortcut.handler`. */
	registerShortcut(key: string, shortcut: ShortcutDefinition): void;
	/** Declares a flag the user can set on the extension's card. */
	registerFlag(name: string, flag: FlagDefinition): void;
	/** A flag's value: one this extension registered, else `undefined`. */
	getFlag(name: string): boolean | string | undefined;
	/** `setLabel(label)` names the extension; `setLabel(entryId, label)` labels a session entry (undefined clears). */
	setLabel(entryIdOrLabel: string, label?: string): void;
	/** Draws custom messages (`pi.sendMessage({ customType, … })`) of `customType` in the transcript. */
	registerMessageRenderer<T = unknown>(customType: string, renderer: MessageRenderer<T>): void;
	/** Draws custom entries (`pi.appendEntry`) of `customType` in the transcript. */
	registerEntryRenderer<T = unknown>(customType: string, renderer: EntryRenderer<T>): void;
	/** Registering the same provider and id again replaces the virtual model. */
	registerVirtualModel<TState = unknown>(model: ExtensionVirtualModel<TState>): void;
	unregisterVirtualModel(provider: string, id: string): void;
	/** Terminal only (a notice says so). */
	registerAssistantThinkingRenderer(renderer: AssistantThinkingRenderer): void;
	/** Terminal only (a notice says so). */
	registerComposerShape(shape: ComposerShapeDefinition): void;
	/** Not in the browser (a notice says so): the workspace has no permission errors to broker. */
	registerFileWriteFallback(handler: FileWriteFallbackHandler): void;
	/** Not in the browser (a notice says so). */
	registerFileDeleteFallback(handler: FileDeleteFallbackHandler): void;
	/** Adds a model provider (its models, and a `streamSimple` of its own or an API it speaks). */
	registerProvider(name: string, config: ProviderConfig): void;
	/** pi 1.6: how calls to any tool are drawn, registered tools or not. */
	registerToolRenderer(resolver: ToolRendererResolver): void;
	/**
	 * pi 1.6: rewrites the markdown the transcript shows (display only), after earlier extensions' transformers;
	 * `messageTypes`: "user", "assistant", "assistant-thinking" (the default), "custom", "summary". One per extension.
	 */
	registerMarkdownTransformer(transformer: MarkdownTransformer, options?: { messageTypes?: string[] }): void;
	/** pi 1.6: the effective settings, as Playa has them. */
	getSettings(): Settings;
	/** pi 1.6: an MCP server for this session; a streamable-HTTP server's `direct` tools become tools. */
	registerMcpServer(name: string, config: McpServerConfig): void;
	unregisterMcpServer(name: string): void;
	getMcpServers(): RegisteredMcpServer[];
	unregisterProvider(name: string): void;
	/** A channel shared by every extension of the session: `pi.events.emit(channel, data)`, `pi.events.on(channel, fn)`. */
	readonly events: EventBus;
	/** The extension's log (`debug`, `info`, `warn`, `error`): each line names the extension. */
	readonly logger: ExtensionLogger;
	/** zod, as bundled with Playa (`pi.zod.object({...})`). */
	readonly zod: typeof import("zod").z;
	/** TypeBox's `Type` builder. */
	readonly typebox: typeof import("typebox").Type;
	/** The reference's injected `@oh-my-pi/pi-coding-agent` exports (`pi.pi.logger`, …), as an import of it gives. */
	readonly pi: Readonly<Record<string, unknown>>;
	/**
	 * Adds a custom message to the session (the model sees it); `triggerTurn` starts a turn, `deliverAs` says when
	 * it is delivered while the agent is working.
	 */
	sendMessage<T = unknown>(payload: CustomMessagePayload<T>, opts?: { triggerTurn?: boolean; deliverAs?: "steer" | "followUp" | "nextTurn" | "aside" }): void;
	/** Sends a message as if the user typed it. */
	sendUserMessage(
		content: string | (TextContent | ImageContent)[],
		/** `expandPromptTemplates` (pi 1.6): a `/command` text runs that extension command (Playa has no prompt templates). */
		opts?: { deliverAs?: "steer" | "followUp" | "aside"; attribution?: "user" | "agent"; expandPromptTemplates?: boolean },
	): void;
	/**
	 * Stores a `custom` entry (never sent to the model). Throws EntryTooLargeError over 256 KB of JSON. Playa: the
	 * promise resolves once the entry is stored and rejects, with the reason, when it was not (a full disk); the entry
	 * is then not in the session. Upstream returns nothing; not awaiting it is fine.
	 */
	appendEntry<T = unknown>(customType: string, data?: T): Promise<void>;
	/** Runs a command in the workspace's shell: its output and exit code. */
	exec(command: string, args: string[], opts?: { signal?: AbortSignal; timeout?: number; cwd?: string }): Promise<ExecResult>;
	/** The names of the tools the model is offered now. */
	getActiveTools(): string[];
	/** Every registered tool, active or not. */
	getAllTools(): ToolInfo[];
	/** Offers the model these tools only. */
	setActiveTools(names: string[]): Promise<void>;
	/** The slash commands: built-in and every extension's. */
	getCommands(): SlashCommandInfo[];
	/** Switches the session's model; `false` when it has no key. */
	setModel(model: Model<string>): Promise<boolean>;
	getSessionName(): string | undefined;
	/** Names the session (the Sessions tab shows it). */
	setSessionName(name: string): Promise<void>;
	getThinkingLevel(): ThinkingLevel | undefined;
	setThinkingLevel(level: ThinkingLevel): void;
}

export type ExtensionFactory = (pi: ExtensionAPI) => void | Promise<void>;
