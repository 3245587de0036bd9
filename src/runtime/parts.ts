/**
 * The types of one session runtime: the options it is composed with and the parts compose.ts builds, as the
 * protocol adapter (runtime.ts) and tests reach them.
 */
import type { ModuleUrls } from "../loader/module-urls.ts";
import type { ModuleLoader } from "../loader/module-loader.ts";
import type { ProviderGatewayApi } from "../protocol/gateway.ts";
import type { HostBridge } from "../protocol/runtime.ts";
import type { CompactionSettings } from "../session/compaction/prepare.ts";
import type { SessionTree } from "../session/tree.ts";
import type { Workspace } from "../workspace/workspace.ts";
import type { AgentSession } from "./agent/session.ts";
import type { CommandRouter } from "./commands/router.ts";
import type { ApiEnvironment } from "./extensions/api.ts";
import type { ManagedTimers } from "./extensions/context.ts";
import type { McpServers } from "./extensions/resources/mcp-servers.ts";
import type { ExtensionPanel } from "./extensions/ui/panel.ts";
import type { ExtensionRendering } from "./extensions/display/rendering.ts";
import type { Resources } from "./extensions/resources/resources.ts";
import type { ExtensionRunner } from "./extensions/runner.ts";
import type { ControlDeps } from "./extensions/session-control.ts";
import type { UIClientState } from "./extensions/ui/ui-client.ts";
import type { Inspector } from "./inspector/inspector.ts";
import type { GatewayLike } from "./models/gateway-stream.ts";
import type { ManualModel } from "./models/manual-model.ts";
import type { ModelPolicy } from "./models/model-policy.ts";
import type { RuntimeModels } from "./models/runtime-models.ts";
import type { ScriptedModel } from "./models/scripted-model.ts";
import type { ModelSelection } from "./models/selection.ts";
import type { NavigationDeps } from "./navigation/navigation.ts";

export interface RuntimeOptions {
	/** A workspace in the same thread (Node, tests); in the browser it arrives as a port in the config. */
	workspace?: Workspace;
	fetch?: typeof fetch;
	cdn?: string;
	/** Tokens per second the scripted model streams at (0: as fast as possible). */
	scriptedTokensPerSecond?: number;
	/**
	 * `ctx.mode`: "tui" where a page draws `ctx.ui.custom` components (default); "rpc" for a host
	 * that answers dialogs but shows no components (the headless runner), so examples skip them.
	 */
	uiMode?: "tui" | "rpc";
	/** A provider gateway in the same thread (Node, tests); in the browser it arrives as a port in the config. */
	gateway?: RuntimeGateway;
	/** Compaction thresholds (upstream's defaults unless given). */
	compaction?: Partial<CompactionSettings>;
	/** Record events, console output and requests for the page's inspector (default true). */
	inspect?: boolean;
}

export type RuntimeGateway = GatewayLike & Pick<ProviderGatewayApi, "hasKey">;

/** Where the runtime is in its life: extensions load, then run, then the runtime shuts down. */
export interface RuntimeLifecycle {
	/** Extensions have loaded: changes are reported from then on. */
	initialized: boolean;
	/** The runtime shut down: contexts kept by extensions are stale. */
	stale: boolean;
}

/** One session runtime's parts, as the protocol adapter (runtime.ts) and tests reach them. */
export interface RuntimeParts {
	host: HostBridge;
	lifecycle: RuntimeLifecycle;
	urls: ModuleUrls;
	tree: SessionTree;
	session: AgentSession;
	runner: ExtensionRunner;
	/** The scripted model (`model` for tests that read its steps). */
	model: ScriptedModel;
	manual: ManualModel;
	policy: ModelPolicy;
	selection: ModelSelection;
	navigation: NavigationDeps;
	panel: ExtensionPanel;
	rendering: ExtensionRendering;
	ui: UIClientState;
	timers: ManagedTimers;
	loader: ModuleLoader;
	control: ControlDeps;
	/** `pi.exec` as one extension runs it: what the command prints shows under that extension's tool call. */
	extensionExec: NonNullable<ApiEnvironment["exec"]>;
	/** MCP servers extensions registered. */
	mcp: McpServers;
	models: RuntimeModels;
	commands: CommandRouter;
	/** The session's files (none for a runtime without one). */
	workspace: Workspace | undefined;
	/** Skills, prompt templates and themes `resources_discover` brought (filled after session_start). */
	resources: Resources;
	/** Whether the project's extensions are trusted (`ctx.isProjectTrusted()`); the trust flow at start may change it. */
	projectTrust: { trusted: boolean };
	/** Stops attributing the worker's uncaught errors to extensions. */
	stopStrayErrors(): void;
	/** The inspector, when recording. */
	inspector?: Inspector;
	/** Sends what the inspector holds and stops capturing the console. */
	stopInspector(): void;
}
