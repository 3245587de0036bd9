/**
 * The extension API's types: what `pi`, `ctx` and `ctx.ui` look like to an extension.
 * Follows the spec's reference (sections 1-4; events in events.ts); extensions import these through
 * `@earendil-works/pi-coding-agent` (or the `@mariozechner` / `@oh-my-pi` names).
 */
import type { AgentMessage, AgentToolResult, AgentToolUpdateCallback, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, AssistantMessageEventStream, Context, ImageContent, Model, SimpleStreamOptions, TextContent } from "@earendil-works/pi-ai";
import type { SessionEntry, SessionHeader, SessionTreeNode } from "./entries.ts";
import type { CompactionResult, CustomMessagePayload, ExtensionEvent, ExtensionEventName, ExtensionEventResult } from "./events.ts";

export type * from "./events.ts";
export type * from "./entries.ts";
export type * from "./compaction.ts";

export type { AgentMessage, AgentToolResult, AgentToolUpdateCallback, ThinkingLevel, ImageContent, TextContent };

// ---------------------------------------------------------------------------------------------
// Components (pi-tui): rendered to lines at a width, optionally taking key input.

export interface Component {
	render(width: number): readonly string[];
	handleInput?(data: string): void;
	invalidate?(): void;
}

export interface Theme {
	fg(color: string, text: string): string;
	bg(color: string, text: string): string;
	bold(text: string): string;
	italic(text: string): string;
	underline(text: string): string;
	dim?(text: string): string;
	strikethrough?(text: string): string;
}

// ---------------------------------------------------------------------------------------------
// ctx.ui

export type NotifyType = "info" | "warning" | "error";

export interface DialogOptions {
	/** Aborting the signal closes the dialog and resolves with the "no answer" value. */
	signal?: AbortSignal;
	/** Milliseconds until the dialog closes by itself with the "no answer" value. */
	timeout?: number;
	initialIndex?: number;
	helpText?: string;
}

export type SelectOption = string | { label: string; description?: string };

export type WidgetContent = string[] | ((tui: unknown, theme: Theme) => Component) | undefined;

export interface ExtensionUIContext {
	select(title: string, options: SelectOption[], opts?: DialogOptions): Promise<string | undefined>;
	confirm(title: string, message: string, opts?: DialogOptions): Promise<boolean>;
	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
	editor(title: string, prefill?: string, opts?: DialogOptions): Promise<string | undefined>;
	custom<T>(
		factory: (tui: unknown, theme: Theme, keybindings: unknown, done: (result: T) => void) => Component | Promise<Component>,
		opts?: { overlay?: boolean; signal?: AbortSignal },
	): Promise<T | undefined>;
	notify(message: string, type?: NotifyType): void;
	setStatus(key: string, text: string | undefined): void;
	setWorkingMessage(message?: string): void;
	setWidget(key: string, content: WidgetContent, options?: { placement?: "aboveEditor" | "belowEditor" }): void;
	setFooter(factory: unknown): void;
	setHeader(factory: unknown): void;
	setTitle(title: string): void;
	onTerminalInput(handler: (data: string) => { consume?: boolean; data?: string } | undefined): () => void;
	setEditorText(text: string): void;
	pasteToEditor(text: string): void;
	getEditorText(): string;
	addAutocompleteProvider(factory: unknown): void;
	setEditorComponent(factory: unknown): void;
	readonly theme: Theme;
	getAllThemes(): Promise<{ name: string; path?: string }[]>;
	getTheme(name: string): Promise<Theme | undefined>;
	setTheme(theme: string | Theme): Promise<{ success: boolean; error?: string }>;
	getToolsExpanded(): boolean;
	setToolsExpanded(expanded: boolean): void;
}

// ---------------------------------------------------------------------------------------------
// ctx

export interface ReadonlySessionManager {
	getSessionId(): string;
	getHeader(): SessionHeader;
	getEntries(): SessionEntry[];
	getEntry(id: string): SessionEntry | undefined;
	getLeafId(): string | null;
	getLeafEntry(): SessionEntry | undefined;
	getBranch(fromId?: string): SessionEntry[];
	getLabel(id: string): string | undefined;
	/** Every entry as a forest: children by time, orphans as extra roots, labels resolved. */
	getTree(): SessionTreeNode[];
	getSessionName(): string | undefined;
	getSessionFile(): string | undefined;
	getCwd(): string;
}

export interface ManagedTimer {
	readonly id: number;
}

/** `ctx.compact()` options: upstream pi's, plus oh-my-pi's (accepted; Playa has one summary method). */
export interface CompactOptions {
	customInstructions?: string;
	onComplete?: (result: CompactionResult) => void;
	onError?: (error: Error) => void;
	mode?: "soft" | "remote" | "snapcompact";
	internalGuidance?: string;
	suppressContinuation?: boolean;
}

export interface ContextUsage {
	tokens: number;
	contextWindow: number;
	percent: number;
}

export interface ModelsView {
	list(): Model<string>[];
	current(): Model<string> | undefined;
	resolve(spec: string): Model<string> | undefined;
	family(model: Model<string>): string;
}

/**
 * `ctx.modelRegistry`: upstream pi's model registry as the browser allows it. Where upstream gives a key, Playa
 * gives an opaque handle that its `complete`/`stream` (and pi-ai's, as extensions import it) accept.
 */
export interface ModelRegistry {
	refresh(): Promise<{ ok: true }>;
	getError(): string | undefined;
	getAll(): Model<Api>[];
	getAvailable(): Model<Api>[];
	find(provider: string, modelId: string): Model<Api> | undefined;
	findOfType(type: string, provider: string, modelId: string): Model<Api> | undefined;
	getModelsOfType(type: string, provider?: string): readonly Model<Api>[];
	getAvailableOfType(type: string, provider?: string): Promise<readonly Model<Api>[]>;
	getModelOfType(type: string, provider: string, modelId: string): Model<Api> | undefined;
	hasConfiguredAuth(model: Model<Api>): boolean;
	getApiKeyAndHeaders(model: Model<Api>): Promise<{ ok: true; apiKey?: string; headers?: Record<string, string> } | { ok: false; error: string }>;
	getApiKey(model: Model<Api>): Promise<string | undefined>;
	getApiKeyForProvider(provider: string): Promise<string | undefined>;
	getProviderAuthStatus(provider: string): { configured: boolean; source?: string };
	getProviderDisplayName(provider: string): string;
	isUsingOAuth(model: Model<Api>): boolean;
	stream(model: Model<Api>, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream;
	streamSimple(model: Model<Api>, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream;
	complete(model: Model<Api>, context: Context, options?: SimpleStreamOptions): Promise<AssistantMessage>;
}

export interface ExtensionContext {
	readonly ui: ExtensionUIContext;
	readonly hasUI: boolean;
	readonly mode: "tui" | "rpc" | "json" | "print";
	readonly cwd: string;
	readonly sessionManager: ReadonlySessionManager;
	readonly model: Model<string> | undefined;
	readonly models: ModelsView;
	readonly modelRegistry: ModelRegistry;
	readonly agent: { kind: "main" | "sub"; id: string; name: string; depth: number };
	getContextUsage(): ContextUsage | undefined;
	/** Resolves when the compaction ends; never rejects: a failure goes to `onError` (or is shown). */
	compact(instructionsOrOptions?: string | CompactOptions): Promise<void>;
	isIdle(): boolean;
	abort(): void;
	hasPendingMessages(): boolean;
	shutdown(): void;
	isProjectTrusted(): boolean;
	getSystemPrompt(): string[];
	setTimeout(callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): ManagedTimer;
	setInterval(callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): ManagedTimer;
	clearTimer(timer: ManagedTimer): void;
}

/** `ctx` inside a registered tool's `execute`. */
export interface ToolExecutionContext extends ExtensionContext {
	addAdditionalContext?(text: string): void;
	/** Runs the native built-in of the same name; present only when the tool shadows one. */
	invokeTool?<TDetails = unknown>(
		params: Record<string, unknown>,
		opts?: { signal?: AbortSignal; onUpdate?: AgentToolUpdateCallback },
	): Promise<AgentToolResult<TDetails>>;
}

export interface ExtensionCommandContext extends ExtensionContext {
	waitForIdle(): Promise<void>;
	newSession(opts?: { parentSession?: string }): Promise<{ cancelled: boolean }>;
	branch(entryId: string): Promise<{ cancelled: boolean }>;
	navigateTree(
		targetId: string,
		opts?: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string },
	): Promise<{ cancelled: boolean }>;
	/** Copies the path to an entry into a new session and opens it ("before": up to a user message's parent). */
	fork(entryId: string, opts?: { position?: "before" | "at" }): Promise<{ cancelled: boolean }>;
	switchSession(sessionPath: string): Promise<{ cancelled: boolean }>;
	/** Re-imports changed extension modules and keeps the session. Treat as terminal for the handler. */
	reload(): Promise<void>;
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
	hidden?: boolean;
	defaultInactive?: boolean;
	promptSnippet?: string;
	promptGuidelines?: string[];
	prepareArguments?(args: unknown): TParams;
	execute(
		toolCallId: string,
		params: TParams,
		signal: AbortSignal | undefined,
		onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
		ctx: ToolExecutionContext,
	): Promise<AgentToolResult<TDetails>>;
	renderCall?: (...args: any[]) => unknown;
	renderResult?: (...args: any[]) => unknown;
}

export interface ToolInfo {
	name: string;
	description: string;
	parameters: unknown;
	promptGuidelines?: string[];
	sourceInfo: { path: string; source: string; scope?: string; origin?: string };
}

// ---------------------------------------------------------------------------------------------
// Commands, shortcuts, flags

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

export interface SlashCommandInfo {
	name: string;
	description?: string;
	source: "extension" | "builtin";
	path?: string;
	sourceInfo: { path: string; source: string };
}

export interface ShortcutDefinition {
	description?: string;
	handler(ctx: ExtensionContext): Promise<void> | void;
}

export interface FlagDefinition {
	description?: string;
	type: "boolean" | "string";
	default?: boolean | string;
}

// ---------------------------------------------------------------------------------------------
// Providers

export interface ProviderModelConfig {
	id: string;
	name: string;
	api?: string;
	reasoning: boolean;
	input: ("text" | "image")[];
	cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
	contextWindow: number;
	maxTokens: number;
	headers?: Record<string, string>;
	compat?: unknown;
}

export interface ProviderConfig {
	baseUrl?: string;
	apiKey?: string;
	api?: string;
	headers?: Record<string, string>;
	authHeader?: boolean;
	models?: ProviderModelConfig[];
	streamSimple?: (...args: any[]) => unknown;
	oauth?: unknown;
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

export type MessageRenderer = (message: unknown, options: { expanded: boolean }, theme: Theme) => Component | undefined;

/** A `pi.appendEntry` record: kept in the session, never sent to the model. */
export interface CustomEntry<T = unknown> {
	type: "custom";
	id: string;
	parentId: string | null;
	timestamp: string;
	customType: string;
	data?: T;
}

/** Key hints for renderers, as pi's keybinding ids name them ("app.tools.expand"). */
export interface KeybindingHints {
	keyText(keybinding: string): string;
	keyHint(keybinding: string, description: string): string;
}

export interface EntryRenderOptions extends KeybindingHints {
	expanded: boolean;
}

/** Draws a custom entry of one `customType` in the transcript. */
export type EntryRenderer<T = unknown> = (entry: CustomEntry<T>, options: EntryRenderOptions, theme: Theme) => Component | undefined;

/** Why a request is routed: a user message, the loop going on, a retry, or a call outside the loop. */
export type ModelRouteReason = "user" | "continuation" | "retry" | "direct";

export interface ModelRouteRequest<TState = unknown> {
	/** The selected virtual model. */
	model: Model<string>;
	thinkingLevel: ThinkingLevel;
	reason: ModelRouteReason;
	/** Physical model of the latest successful response. */
	previous?: { model: Model<string>; thinkingLevel?: ThinkingLevel };
	failed?: { model: Model<string>; thinkingLevel?: ThinkingLevel; message: AgentMessage };
	/** Router state last returned on this session branch. */
	state?: TState;
	/** The conversation for this request, system messages included. */
	messages: readonly unknown[];
	signal?: AbortSignal;
}

/** The physical model (and thinking level) for one request; `state` is stored on the branch. */
export interface ModelRoute<TState = unknown> {
	model: Model<string>;
	thinkingLevel: ThinkingLevel;
	state?: TState;
}

/** A selectable catalog entry that routes each request to a physical model (`pi.registerVirtualModel`). */
export interface ExtensionVirtualModel<TState = unknown> {
	provider: string;
	id: string;
	name: string;
	/** Thinking levels offered for selection; default `["off"]`. */
	thinkingLevels?: readonly ThinkingLevel[];
	contextWindow?: number;
	maxTokens?: number;
	input?: ("text" | "image")[];
	route(request: ModelRouteRequest<TState>, ctx: ExtensionContext): ModelRoute<TState> | Promise<ModelRoute<TState>>;
}

export interface ExtensionAPI {
	on<E extends ExtensionEventName>(event: E, handler: ExtensionHandler<E>): void;
	registerTool<TParams = any, TDetails = unknown>(tool: ToolDefinition<TParams, TDetails>): void;
	registerCommand(name: string, command: CommandDefinition): void;
	registerShortcut(key: string, shortcut: ShortcutDefinition): void;
	registerFlag(name: string, flag: FlagDefinition): void;
	getFlag(name: string): boolean | string | undefined;
	/** `setLabel(label)` names the extension; `setLabel(entryId, label)` labels a session entry (undefined clears). */
	setLabel(entryIdOrLabel: string, label?: string): void;
	registerMessageRenderer(customType: string, renderer: MessageRenderer): void;
	/** Draws custom entries (`pi.appendEntry`) of `customType` in the transcript. */
	registerEntryRenderer<T = unknown>(customType: string, renderer: EntryRenderer<T>): void;
	/** Registering the same provider and id again replaces the virtual model. */
	registerVirtualModel<TState = unknown>(model: ExtensionVirtualModel<TState>): void;
	unregisterVirtualModel(provider: string, id: string): void;
	registerAssistantThinkingRenderer(renderer: (...args: any[]) => Component | undefined): void;
	registerComposerShape(shape: unknown): void;
	registerFileWriteFallback(handler: (...args: any[]) => Promise<boolean>): void;
	registerFileDeleteFallback(handler: (...args: any[]) => Promise<boolean>): void;
	registerProvider(name: string, config: ProviderConfig): void;
	unregisterProvider(name: string): void;
	readonly events: EventBus;
	readonly logger: ExtensionLogger;
	/** zod, as bundled with Playa (`pi.zod.object({...})`). */
	readonly zod: typeof import("zod").z;
	/** TypeBox's `Type` builder. */
	readonly typebox: typeof import("typebox").Type;
	sendMessage<T = unknown>(
		payload: CustomMessagePayload<T>,
		opts?: { triggerTurn?: boolean; deliverAs?: "steer" | "followUp" | "nextTurn" | "aside" },
	): void;
	sendUserMessage(
		content: string | (TextContent | ImageContent)[],
		/** `expandPromptTemplates` (pi 1.6): a `/command` text runs that extension command (Playa has no prompt templates). */
		opts?: { deliverAs?: "steer" | "followUp" | "aside"; attribution?: "user" | "agent"; expandPromptTemplates?: boolean },
	): void;
	appendEntry<T = unknown>(customType: string, data?: T): void;
	exec(command: string, args: string[], opts?: { signal?: AbortSignal; timeout?: number; cwd?: string }): Promise<ExecResult>;
	getActiveTools(): string[];
	getAllTools(): ToolInfo[];
	setActiveTools(names: string[]): Promise<void>;
	getCommands(): SlashCommandInfo[];
	setModel(model: Model<string>): Promise<boolean>;
	getSessionName(): string | undefined;
	setSessionName(name: string): Promise<void>;
	getThinkingLevel(): ThinkingLevel | undefined;
	setThinkingLevel(level: ThinkingLevel): void;
}

export type ExtensionFactory = (pi: ExtensionAPI) => void | Promise<void>;
