/**
 * The composition root: builds one session runtime's parts from its config, in dependency order, each
 * part whole when it is made, through one small function per part (compose/: the extensions, the
 * models, the session and its controls; the module loader here). Parts that need one made after them
 * (the runner's contexts need the session, the panel and the models need the model policy) are handed a
 * getter over the constants below, never a field assigned later. Runs in the runtime worker (under Node,
 * in the thread that starts the runtime).
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import * as Comlink from "comlink";
import { ModuleLoader } from "../loader/module-loader.ts";
import { ProvidedModules } from "../loader/provided-modules.ts";
import { createModuleUrls } from "../loader/module-urls.ts";
import { createProvidedModuleLoaders } from "../modules/table.ts";
import type { ProviderGatewayApi } from "../protocol/gateway.ts";
import type { HostBridge, RuntimeConfig, RuntimeEvent } from "../protocol/runtime.ts";
import { isWorkspaceError, type Workspace } from "../workspace/workspace.ts";
import { connectEmbeddedWorkspace } from "../workspace/embedded/client.ts";
import { PendingCommits } from "./agent/commits.ts";
import type { AgentSession } from "./agent/session.ts";
import { emptyResources } from "./extensions/resources/resources.ts";
import { Inspector } from "./inspector/inspector.ts";
import { createManualModel } from "./models/manual-model.ts";
import { routePiAiCalls } from "./models/pi-ai-calls.ts";
import { createScriptedModel } from "./models/scripted-model.ts";
import { hostScriptGate } from "./models/script-gate.ts";
import { createToolFactories } from "./tools/factories.ts";
import { nodeBackendFor } from "./tools/node-backend.ts";
import { composeCommands, composeControl, composeNavigation } from "./compose/control-parts.ts";
import {
	captureInspectorConsole,
	composeExecOutput,
	composeExtensionExec,
	composeMcp,
	composePanel,
	composeRendering,
	composeRunner,
	composeTimers,
	composeUIState,
	watchStrayErrors,
} from "./compose/extension-parts.ts";
import { composeModelRegistry, composeModels, composePolicy, composeProviders, composeSelection } from "./compose/model-parts.ts";
import { composeContextSource, composeSession, composeTree } from "./compose/session-parts.ts";
import type { RuntimeLifecycle, RuntimeOptions, RuntimeParts } from "./parts.ts";

/** The bridge to the host: the one given (same thread), or the config's port. */
export function hostBridge(config: RuntimeConfig, bridge?: HostBridge): HostBridge {
	const host = bridge ?? (config.hostPort ? (Comlink.wrap<HostBridge>(config.hostPort) as unknown as HostBridge) : undefined);
	if (!host) throw new Error("The runtime needs a host bridge or a hostPort");
	return host;
}

export async function composeRuntime(config: RuntimeConfig, host: HostBridge, options: RuntimeOptions): Promise<RuntimeParts> {
	const lifecycle: RuntimeLifecycle = { initialized: false, stale: false };
	const projectTrust = { trusted: config.projectTrusted ?? true };
	const urls = createModuleUrls();
	const emit = (event: RuntimeEvent) => void host.emit(event);
	const gateway = options.gateway ?? (config.gatewayPort ? Comlink.wrap<ProviderGatewayApi>(config.gatewayPort) : undefined);
	const workspace =
		options.workspace ?? (config.workspacePort ? await connectEmbeddedWorkspace(config.workspacePort, {}, config.workspaceSharesMemory !== false) : undefined);
	const cwd = workspace?.cwd ?? "/workspace";
	const resources = emptyResources();

	// The extensions and the tree they draw; `() => session` and `() => policy` reach parts made further down.
	const inspector = options.inspect === false ? undefined : new Inspector(emit);
	const runner = composeRunner(config, { urls, inspector, emit, session: () => session });
	const ui = composeUIState(config, { host, resources, runner });
	const rendering = composeRendering({ runner, ui, cwd, emit });
	const commits = new PendingCommits();
	const tree = composeTree(config, commits, { host, lifecycle, rendering });
	const stopInspector = captureInspectorConsole(inspector, { runner, urls });
	const panel = composePanel({ runner, lifecycle, resources, emit, policy: () => policy });
	const execOutput = composeExecOutput({ rendering, runner });
	const extensionExec = composeExtensionExec(workspace, cwd, execOutput);
	const stopStrayErrors = watchStrayErrors({ runner, urls });
	const timers = composeTimers(runner);
	const mcp = composeMcp({ lifecycle, runner, panel });

	// The models and the policy over them.
	const model = createScriptedModel(config.script, options.scriptedTokensPerSecond);
	const scriptGate = hostScriptGate(() => host);
	if (config.scriptGated) model.setGate(scriptGate);
	const manual = createManualModel(() => host, options.scriptedTokensPerSecond);
	const providers = composeProviders({ panel, runner });
	const models = composeModels({ runner, providers, gateway, policy: () => policy });
	const modelRegistry = composeModelRegistry(models, () => session);
	const selection = composeSelection({ tree, runner, emit, session: () => session });
	const policy = composePolicy({ model, manual, providers, models, selection, runner, gateway, emit, session: () => session });

	// The session, its controls, and the loader of the extensions' modules.
	const navigation = composeNavigation({ tree, runner, ui, model, cwd, emit, session: () => session });
	const control = composeControl(config, {
		tree,
		runner,
		models,
		navigation,
		selection,
		ui,
		workspace,
		modelRegistry,
		cwd,
		emit,
		commits,
		session: () => session,
	});
	const contextSource = composeContextSource(options, { ui, timers, control, panel, lifecycle, projectTrust, cwd });
	const session: AgentSession = composeSession(config, options, {
		tree,
		runner,
		model,
		manual,
		rendering,
		workspace,
		inspector,
		resources,
		providers,
		gateway,
		execOutput,
		commits,
		cwd,
		emit,
		contextSource,
	});
	const commands = composeCommands({ runner, session, tree, workspace, navigation, cwd, emit });
	const loader = composeLoader(config, options, { host, urls, workspace, lifecycle, session, cwd });

	return {
		host,
		lifecycle,
		urls,
		tree,
		session,
		runner,
		model,
		manual,
		policy,
		selection,
		navigation,
		panel,
		rendering,
		ui,
		timers,
		loader,
		control,
		extensionExec,
		mcp,
		models,
		commands,
		workspace,
		resources,
		projectTrust,
		stopStrayErrors,
		inspector,
		stopInspector,
	};
}

/** A workspace module's source; undefined when the file does not exist. */
async function readWorkspaceText(workspace: Workspace, path: string): Promise<string | undefined> {
	try {
		return await workspace.readFile(path, "utf8");
	} catch (error) {
		if (isWorkspaceError(error, "ENOENT")) return undefined;
		throw error;
	}
}

/**
 * The extensions' module loader. The modules it provides work on this runtime: its own pi-ai, whose model calls
 * are answered like the agent's (keys stay in the page), and tool factories and Node's built-ins on its workspace.
 */
function composeLoader(
	config: RuntimeConfig,
	options: RuntimeOptions,
	parts: Pick<RuntimeParts, "host" | "urls" | "workspace" | "lifecycle" | "session"> & { cwd: string },
): ModuleLoader {
	const { host, urls, workspace, lifecycle, session, cwd } = parts;
	return new ModuleLoader({
		providedModules: new ProvidedModules(
			createProvidedModuleLoaders({
				piAi: (piAi) =>
					routePiAiCalls(piAi, async (target: Model<Api>, context, streamOptions) => session.agent.streamFunction(target, context, streamOptions)),
				codingAgent: (module) => ({ ...module, ...createToolFactories(workspace, cwd) }),
				node: nodeBackendFor(workspace, cwd, () => !lifecycle.stale, config.workspaceSyncPort),
			}),
			urls,
		),
		urls,
		fetch: options.fetch,
		cdn: config.cdn ?? options.cdn,
		readWorkspaceFile: workspace ? (path) => readWorkspaceText(workspace, path) : undefined,
		contentHashes: config.contentHashes,
		sources: config.sources,
		packages: config.packages,
		cachedTranspile: host.transpiled ? (url, source) => host.transpiled?.(url, source) ?? Promise.resolve(undefined) : undefined,
	});
}
