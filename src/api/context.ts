/**
 * `ctx`: what event handlers, tools and commands receive — a live, read-only view of the session,
 * `ctx.ui`, the models, and the actions a handler may take.
 */
import type { AgentToolResult, AgentToolUpdateCallback } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, AssistantMessageEventStream, Context, Model, SimpleStreamOptions } from "@earendil-works/pi-ai";
import type { SessionEntry, SessionHeader, SessionTreeNode } from "./entries.ts";
import type { CompactionResult } from "./events.ts";
import type { ExtensionUIContext } from "./ui.ts";

/**
 * `ctx.sessionManager`. Entries are typed as the known union (`SessionEntry`), as upstream pi types
 * them, so `type` narrows; entries of other tools' types are handed over as stored, too.
 */
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

/** `ctx`: what an event handler, a tool's `execute` or a shortcut gets besides its arguments. */
export interface ExtensionContext {
	/** Dialogs, notifications, the status bar, widgets and the composer (`ctx.ui.notify`, `ctx.ui.confirm`, …). */
	readonly ui: ExtensionUIContext;
	/** Whether there is a UI to answer `ctx.ui`; without one its calls do nothing. */
	readonly hasUI: boolean;
	readonly mode: "tui" | "rpc" | "json" | "print";
	/** The workspace's working directory. */
	readonly cwd: string;
	/** Reads the session: its entries, the branch, the leaf, labels. */
	readonly sessionManager: ReadonlySessionManager;
	/** The session's model, if one is chosen. */
	readonly model: Model<string> | undefined;
	readonly models: ModelsView;
	readonly modelRegistry: ModelRegistry;
	readonly agent: { kind: "main" | "sub"; id: string; name: string; depth: number };
	/** pi 1.6: the models scoped to this session; empty, as Playa has no scoping (every model is usable). */
	readonly scopedModels: readonly { model: Model<string>; thinkingLevel?: string }[];
	/** How full the model's context window is: tokens, the window, the percentage. */
	getContextUsage(): ContextUsage | undefined;
	/** Resolves when the compaction ends; never rejects: a failure goes to `onError` (or is shown). */
	compact(instructionsOrOptions?: string | CompactOptions): Promise<void>;
	/** Whether the agent is between turns. */
	isIdle(): boolean;
	/** Stops the running turn. */
	abort(): void;
	hasPendingMessages(): boolean;
	shutdown(): void;
	/** Whether the workspace's project extensions are all trusted (the user's or a `project_trust` decision). */
	isProjectTrusted(): boolean;
	/** The reference's parts; pi's dialect gets them joined, one string (docs/dialects.md). */
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

/** `ctx` in a command's `handler`: the context, and what only a command may do (new session, branch, reload). */
export interface ExtensionCommandContext extends ExtensionContext {
	/** Resolves once the agent is between turns. */
	waitForIdle(): Promise<void>;
	/**
	 * Starts a new session and makes it current (`cancelled` when a `session_before_switch` handler refused).
	 * `withSession` (pi 1.6) runs once the switch is certain. The new session is a new runtime, so its ctx can
	 * put text in the new session's composer (`ui.setEditorText`) and notify; anything else throws, saying so.
	 */
	newSession(opts?: { parentSession?: string; withSession?: (ctx: ExtensionCommandContext) => unknown }): Promise<{ cancelled: boolean }>;
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
