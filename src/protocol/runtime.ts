/**
 * The host ↔ runtime-worker boundary, in one place. The worker exposes `RuntimeApi` through Comlink;
 * the host hands it a `HostBridge` (a Comlink proxy) to report events and ask for dialogs.
 * Everything here is structured-clonable data: no functions, no class instances.
 * UI requests and answers follow the RPC UI sub-protocol's shape (`extension_ui_request` / `_response`).
 */
import type { AgentMessage, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Api, Model, RetryPolicy } from "@earendil-works/pi-ai";
import type { NotifyType } from "../api/types.ts";
import type { TreeRow, TreeRowKind, TreeView } from "../session/tree-view.ts";
import type { StoredEntry, SessionHeader } from "../session/entries.ts";
import { methodsOf } from "./guard.ts";
import type { InspectorBatch } from "./inspector/inspector.ts";
import type { StreamingDelta } from "./streaming.ts";
import type { PackageLoad } from "./packages.ts";

import type { ExtensionErrorInfo, ExtensionPhase, ExtensionStatus } from "./extension-status.ts";
import type { JsonSchema, ManualToolInfo, ManualTurn, ManualTurnRequest, ManualTurnResponse, ScriptStep, ScriptStepAnswer, ScriptStepCue } from "./script.ts";

export type { ScriptStep, TreeRow, TreeRowKind, TreeView };
export type { ExtensionErrorInfo, ExtensionPhase, ExtensionStatus };
export type { JsonSchema, ManualToolInfo, ManualTurn, ManualTurnRequest, ManualTurnResponse, ScriptStepAnswer, ScriptStepCue };

/** True for a name like the page's own ("Playa…"), which nothing the runtime shows may carry. */
export function claimsPageName(name: string): boolean {
	return /^playa\b/i.test(name.trim());
}

/** Columns the page shows components at (its panel is sized to fit them); the runtime renders at this width. */
export const COMPONENT_COLUMNS = 80;

/** The model the user picked: offline ones (Scripted) by provider and id, the others with their pi-ai model. */
export interface ModelChoice {
	provider: string;
	id: string;
	model?: Model<Api>;
}

/** A provider an extension registered, as the page shows it. */
export interface RegisteredProviderInfo {
	name: string;
	/** The extension that registered it. */
	extension: string;
	/** Answered in the worker by the extension's own `streamSimple` (no key, no gateway). */
	local: boolean;
	/** The name the user stores its key under (its `apiKey` variable); default: the provider's name. */
	keyName?: string;
	models: Model<Api>[];
}

export interface SessionSnapshot {
	header: SessionHeader;
	entries: StoredEntry[];
	leafId: string | null;
}

/** How tree navigation ended; `editorText` is the draft a chosen user message leaves in the composer. */
export interface NavigateResult {
	cancelled: boolean;
	editorText?: string;
	/** Why nothing moved, when it failed (e.g. the summary request failed). */
	error?: string;
}

/** Why the runtime started, when not by opening the page or a session. */
/** Why this runtime starts (pi 1.6's `session_start` reason); none is the page's first start ("startup"). */
export type StartReason = { reason: "fork"; previousSessionId: string } | { reason: "new" | "resume"; previousSessionId?: string } | { reason: "reload" };

/** pi 1.6's `session_shutdown` reason: why a runtime ends, and the session replacing it when there is one. */
export interface ShutdownReason {
	reason: "quit" | "reload" | "new" | "resume" | "fork";
	targetSessionFile?: string;
}

/** The shutdown reason of a runtime replaced by one that starts for `start` (a start with no reason: the page reopened). */
export function shutdownReasonFor(start: StartReason | undefined): ShutdownReason | undefined {
	return start ? { reason: start.reason } : undefined;
}

export interface RuntimeConfig {
	session: SessionSnapshot;
	/** Extension module URLs, in load order. */
	extensions: string[];
	/**
	 * The content the user trusted, by module URL (`sha256-<hex>` of its text, as share/content-hash.ts makes it): every
	 * module of every trusted extension (link and project), as the page read and hashed it (host/trust/module-graph.ts).
	 * The runtime refuses a module whose text is not that, and a module of such an extension's graph that has no hash
	 * here (loader/module-trust.ts): a server, or a model writing the workspace, cannot show the page one file and the
	 * runtime another.
	 */
	contentHashes?: Record<string, string>;
	/**
	 * Entry modules' text as the page read it to check it against the user's trust, by URL: the runtime loads
	 * these instead of fetching them once more (still checked against `contentHashes`).
	 */
	sources?: Record<string, string>;
	/**
	 * pi packages the user said yes to, pinned (protocol/packages.ts): their extensions load after `extensions`, their
	 * skills, prompts and themes with the session's resources, each file checked against the hash the CDN listed.
	 */
	packages?: PackageLoad[];
	/** Steps the scripted model replays. */
	script: ScriptStep[];
	/** Demo mode: the scripted model asks the page (`HostBridge.awaitScriptStep`) before it plays each step. */
	scriptGated?: boolean;
	/** Shared memory where the runtime records which extension code runs (see call-record.ts); in the page, the sandbox frame's. */
	callRecord?: SharedArrayBuffer;
	/** A port serving the embedded workspace (transferred); without it the session has no workspace. */
	workspacePort?: MessagePort;
	/**
	 * Whether the workspace port's far side can receive shared memory (default true). The page's runtime runs in
	 * an opaque-origin frame, which cannot: it aborts commands by message only.
	 */
	workspaceSharesMemory?: boolean;
	/** A port serving synchronous workspace calls (protocol/workspace/workspace-sync.ts) in the runtime's agent cluster; in the page, the sandbox frame's. */
	workspaceSyncPort?: MessagePort;
	/** A port serving `HostBridge` (transferred), when `start` is not given one. */
	hostPort?: MessagePort;
	/** A port serving the provider gateway (transferred; see gateway-protocol.ts); without it only offline models answer. */
	gatewayPort?: MessagePort;
	/**
	 * A port to the session writer (transferred; protocol/session-writer.ts), which stores the runtime's entries and
	 * leaf moves; without it they go to the host as `entry_appended` / `leaf_changed` events, which it stores.
	 */
	sessionWriterPort?: MessagePort;
	/** The model and thinking level to start with (default: Scripted, off). */
	model?: ModelChoice;
	thinkingLevel?: ThinkingLevel;
	/** Automatic retries of transient provider errors; tests shorten the delay. */
	retry?: Partial<RetryPolicy>;
	/** Extensions not to import this time, with the reason shown to the user. */
	disabled?: DisabledExtensionInfo[];
	/** Where bare npm names load from, an ESM CDN in esm.sh's shape (default https://esm.sh/). */
	cdn?: string;
	/** The page's colour scheme, which the pi theme extensions draw with follows (default dark). */
	appearance?: "dark" | "light";
	/** Set when the session was just forked from another one. */
	startReason?: StartReason;
	/**
	 * The project's extensions wait for trust (pi 1.6's `project_trust`): once `extensions` loaded, the runtime
	 * dispatches `project_trust` with this cwd, reports the decision (`HostBridge.resolveProjectTrust`) and loads the
	 * project extensions the host answers with, before `session_start`.
	 */
	projectTrust?: { cwd: string };
	/** `ctx.isProjectTrusted()`: whether the project's extensions are trusted (default true). */
	projectTrusted?: boolean;
	/**
	 * Why the runtime before this one ended, when the page knows (it hung and the watchdog ended it): a turn it cut
	 * short is marked with this text instead of the general one (session/interrupted.ts).
	 */
	interruption?: string;
}

/**
 * An extension the page turned off after it hung a runtime: listed, never imported. `tools` and `commands`: what it
 * had registered when it was turned off, so a call of one of them is told the extension is off rather than "not found".
 */
export interface DisabledExtensionInfo {
	url: string;
	/** Says what happened, after the extension's name: "stopped responding in tool_call and was turned off". */
	reason: string;
	tools?: string[];
	commands?: string[];
}

/** What the extensions' `project_trust` handlers decided: the first yes or no, naming its extension; else undecided. */
export type ProjectTrustDecision = { trusted: "yes" | "no"; remember: boolean; extension: string } | { trusted: "undecided" };

/** The host's answer to a decision: the project extensions to load now (workspace: URLs), and whether the project is trusted. */
export interface ProjectTrustAnswer {
	extensions: string[];
	trusted: boolean;
	/** The page's hashes of every module of `extensions` (as RuntimeConfig.contentHashes): the loader runs no other text. */
	contentHashes?: Record<string, string>;
}

/** A command the composer offers after `/`. */
export interface CommandInfo {
	name: string;
	description?: string;
	/** The extension that registered it; "Playa" for a built-in. */
	extension: string;
	/** Playa answers it itself (`/tree`, `/compact`, ...). */
	builtin?: true;
}

export type RuntimeEvent =
	| { type: "entry_appended"; sessionId: string; entry: StoredEntry; leafId: string }
	/** The leaf moved without an append (branch, tree navigation). */
	| { type: "leaf_changed"; sessionId: string; leafId: string | null }
	/** The runtime asks the host to start it again: on a new session, another session, or the same one. */
	/** `editorText`: what `ctx.newSession({ withSession })` put in the new session's composer. */
	| { type: "session_request"; action: "new" | "open" | "reload"; sessionId?: string; editorText?: string }
	/** The runtime asks the host to store a forked session and start on it. */
	| { type: "session_fork"; session: SessionSnapshot; previousSessionId: string; editorText?: string }
	/** The assistant message being streamed; `undefined` when streaming ends. */
	| { type: "streaming"; message: AgentMessage | undefined }
	/** What the streamed message gained since the last `streaming` or delta (protocol/streaming.ts). */
	| StreamingDelta
	| { type: "run_state"; running: boolean }
	/** `commands`: the extensions' commands and the built-ins, as the composer offers them (runtime/commands/router.ts). */
	| { type: "extensions_changed"; extensions: ExtensionStatus[]; commands: CommandInfo[] }
	/** While the runtime starts: how many of the extensions it loads have loaded (`loaded === total`: all). */
	| { type: "extensions_loading"; loaded: number; total: number }
	/** A command asked for one of the page's panels (the built-in `/tree`). */
	| { type: "open_panel"; panel: "tree" | "hotkeys" }
	| { type: "extension_error"; error: ExtensionErrorInfo }
	| { type: "notify"; message: string; level: NotifyType; extension: string }
	| { type: "status"; key: string; text: string | undefined }
	| { type: "widget"; key: string; lines: string[] | undefined; placement: "aboveEditor" | "belowEditor" }
	| { type: "title"; title: string }
	/** pi 1.6's `ctx.ui.setWorkingVisible`: whether the page shows its "Working…" indicator while a run goes. */
	| { type: "working_visible"; visible: boolean }
	/** pi 1.6's `ctx.ui.setHiddenThinkingLabel`: the label of folded thinking blocks; none restores the page's. */
	| { type: "thinking_label"; label?: string }
	/** A `ctx.ui.custom` component's lines (ANSI-styled); `undefined` when it closes. */
	| { type: "component"; id: string; extension: string; lines: string[] | undefined }
	/** An extension's drawing of a session entry (entry or message renderer): shown in its place. */
	| { type: "entry_rendered"; entryId: string; extension: string; lines: string[] }
	/** `ctx.ui.setHeader`: the component's lines shown at the top of the transcript; no lines: the header is cleared. */
	| { type: "header"; extension: string; lines?: string[] }
	/** An assistant thinking renderer's lines for one thinking block (`slot`: the renderer's place in registration order). */
	| { type: "thinking_rendered"; entryId: string; contentIndex: number; slot: number; extension: string; lines: string[] }
	/** A tool's `renderCall` drawing of one of its calls: shown in place of the call's arguments. */
	/** A call drawn by its tool's renderCall, with the running tool's partial result under it; no lines: the plain view. */
	| { type: "tool_call_rendered"; toolCallId: string; extension: string; lines?: string[] }
	/**
	 * The markdown an entry shows, as extensions' markdown transformers changed it (display only: the entry is
	 * stored as it was). `index`: the content block; 0 for a string content or a summary.
	 */
	| { type: "markdown_display"; entryId: string; texts: { index: number; text: string }[] }
	/** A running tool's output so far (its partial result's text) when no extension renderer draws it; no text: it ended. */
	| { type: "tool_output"; toolCallId: string; text?: string }
	/** The user's `!cmd` / `!!cmd` running: its output so far; no text: it ended (its entry follows or came). */
	| { type: "shell_output"; command: string; text?: string }
	| { type: "editor_text"; text: string; mode: "set" | "paste" }
	/** An automatic retry of a transient provider error waits (`auto_retry_start`) or ended. */
	| { type: "auto_retry"; event: AutoRetryEvent }
	/** Providers extensions registered changed: the model picker lists their models. */
	| { type: "providers_changed"; providers: RegisteredProviderInfo[] }
	/** The model changed (the user's pick, or an extension's `pi.setModel`). */
	| { type: "model_changed"; choice: ModelChoice }
	/** The thinking level the session runs with changed (a pick, clamped to the model; or a model switch re-clamping it). */
	| { type: "thinking_level_changed"; level: ThinkingLevel }
	/** The inspector's records since the last batch: dispatched events, extension console output, model requests. */
	| ({ type: "inspector" } & InspectorBatch);

/** The payloads of the extension events of the same names. */
export type AutoRetryEvent =
	| { type: "auto_retry_start"; attempt: number; maxAttempts: number; delayMs: number; errorMessage: string }
	| { type: "auto_retry_end"; success: boolean; attempt: number; finalError?: string };

export type UIRequest =
	| { method: "select"; title: string; options: string[]; optionDetails?: { description?: string }[]; timeout?: number }
	| { method: "confirm"; title: string; message: string; timeout?: number }
	| { method: "input"; title: string; placeholder?: string; timeout?: number }
	| { method: "editor"; title: string; prefill?: string; timeout?: number };

export type UIResponse = { value: string } | { confirmed: boolean } | { cancelled: true; timedOut?: boolean };

/** What the worker calls on the host. */
export interface HostBridge {
	/** For `entry_appended` and `leaf_changed` the host answers once the change is stored. */
	emit(event: RuntimeEvent): void | Promise<void>;
	/** Shows a dialog; resolves with the user's answer. `id` lets the worker cancel it. */
	requestUI(id: string, request: UIRequest): Promise<UIResponse>;
	cancelUI(id: string): void;
	/** Asks the user to write the assistant turn (the manual model); absent where no one can answer (headless). */
	requestManualTurn?(id: string, request: ManualTurnRequest): Promise<ManualTurnResponse>;
	cancelManualTurn?(id: string): void;
	/** Demo mode (`config.scriptGated`): resolves when the presenter plays the scripted model's next step. */
	awaitScriptStep?(id: string, cue: ScriptStepCue): Promise<ScriptStepAnswer>;
	cancelScriptStep?(id: string): void;
	/**
	 * The extensions' `project_trust` decision (config.projectTrust); the host applies it, or asks the user when it is
	 * undecided, and answers with what to load. Absent where no one keeps project trust (headless).
	 */
	resolveProjectTrust?(decision: ProjectTrustDecision): Promise<ProjectTrustAnswer>;
	/**
	 * The JavaScript the page made of this module (`url`, its TypeScript `source`) at an earlier start, from its
	 * transpile cache; undefined when it has none yet (it then makes it, in its own worker, for the next start).
	 * The runtime sends the source, never code: what the cache holds was transpiled on the app's origin.
	 * Absent where there is no page (headless).
	 */
	transpiled?(url: string, source: string): Promise<string | undefined>;
}

/** Sources longer than this are transpiled by the runtime alone, never sent to the page's cache. */
export const TRANSPILE_CACHE_SOURCE_LIMIT = 512 * 1024;

/** All the runtime worker may call on the host's port (see guard.ts); each call's arguments are checked by runtime-schema.ts. */
export const HOST_BRIDGE_METHODS = methodsOf<HostBridge>()([
	"emit",
	"requestUI",
	"cancelUI",
	"requestManualTurn",
	"cancelManualTurn",
	"awaitScriptStep",
	"cancelScriptStep",
	"resolveProjectTrust",
	"transpiled",
]);

/** What the host calls on the worker. */
export interface RuntimeApi {
	/** `host` in the same thread (Node, tests); from the page it arrives as `config.hostPort`. */
	start(config: RuntimeConfig, host?: HostBridge): Promise<void>;
	/** Answers at once unless extension code holds the worker: the host's watchdog asks. */
	ping(): Promise<true>;
	/** Text from the composer: a prompt, or a `/command args`. Resolves when the run or command ends. */
	submit(text: string): Promise<void>;
	abort(): Promise<void>;
	setScript(steps: ScriptStep[]): Promise<void>;
	/** Demo mode on or off: whether the scripted model waits for the page before each step (`config.scriptGated`). */
	setScriptGate(gated: boolean): Promise<void>;
	/** The session's active tools with plain JSON schemas, as a model sees them: the Script panel's step form. */
	getTools(): Promise<ManualToolInfo[]>;
	/** The user's pick in the model panel; taken even without a key (the reply then explains what is missing). */
	selectModel(choice: ModelChoice): Promise<void>;
	setThinkingLevel(level: ThinkingLevel): Promise<void>;
	/** Models with a stored key (pi-ai's catalog) and custom endpoints, for `ctx.models.list()`; never keys. */
	setAvailableModels(models: Model<Api>[]): Promise<void>;
	/** Completions a command offers for its argument text. */
	completeCommand(name: string, prefix: string): Promise<{ value: string; label: string; description?: string }[]>;
	/** Runs the shortcut registered for a key id; false when none is. */
	runShortcut(key: string): Promise<boolean>;
	setFlag(name: string, value: boolean | string): Promise<void>;
	/** A key press for an open component, as the byte sequence a terminal would send. */
	componentInput(id: string, data: string): Promise<void>;
	/** The user closes an open component (one that never calls `done()` would hold the page): it resolves with undefined. */
	closeComponent(id: string): Promise<void>;
	/** The session tree laid out for the tree panel. */
	getTreeView(): Promise<TreeView>;
	/** The user's jump in the tree panel: `ctx.navigateTree` with its events; may leave a draft for the composer. */
	navigateTree(targetId: string, options?: { summarize?: boolean; customInstructions?: string }): Promise<NavigateResult>;
	/** Sets (or with an empty/undefined label clears) an entry's label. */
	setLabel(entryId: string, label: string | undefined): Promise<void>;
	/** Forks into a new session holding the path to `entryId` ("at": including it; "before": up to its parent). */
	fork(entryId: string, position?: "before" | "at"): Promise<{ cancelled: boolean; error?: string }>;
	/** The editor text, for `ctx.ui.getEditorText`. */
	setEditorText(text: string): Promise<void>;
	/**
	 * The page's colour scheme changed: pi's built-in theme follows it for what renderers and components draw from
	 * then on, and the stored entries are drawn again in it. A theme an extension chose from a file stays.
	 */
	setAppearance(appearance: "dark" | "light"): Promise<void>;
	/** The page is about to start a new session or open another: `session_before_switch` handlers may cancel. */
	beforeSessionSwitch(reason: "new" | "resume", targetSessionId?: string): Promise<{ cancelled: boolean }>;
	/** Ends the runtime: its extensions' `session_shutdown` hears why (pi 1.6's reason) when the host says. */
	shutdown(reason?: ShutdownReason): Promise<void>;
}

/** All the host may call on the runtime worker. */
export const RUNTIME_API_METHODS = methodsOf<RuntimeApi>()([
	"start",
	"ping",
	"submit",
	"abort",
	"setScript",
	"setScriptGate",
	"getTools",
	"selectModel",
	"setThinkingLevel",
	"setAvailableModels",
	"completeCommand",
	"runShortcut",
	"setFlag",
	"componentInput",
	"closeComponent",
	"getTreeView",
	"navigateTree",
	"setLabel",
	"fork",
	"setEditorText",
	"setAppearance",
	"beforeSessionSwitch",
	"shutdown",
]);
