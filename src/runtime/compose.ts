/**
 * The composition root: builds one session runtime's object graph from its config, in dependency
 * order, each part whole when it is made. Parts that need each other at call time (the runner's
 * contexts need the session, the session's tools need the runner) reach one another through closures
 * over the constants below, never through fields assigned later.
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import * as Comlink from "comlink";
import { ModuleLoader } from "../loader/module-loader.ts";
import { ProvidedModules } from "../loader/provided-modules.ts";
import { createModuleUrls } from "../loader/module-urls.ts";
import { setTheme, type Theme } from "../modules/coding-agent/theme.ts";
import { createProvidedModuleLoaders } from "../modules/table.ts";
import { CallRecorder } from "../protocol/call-record.ts";
import type { ProviderGatewayApi } from "../protocol/gateway.ts";
import type { SessionWrite, SessionWriterApi } from "../protocol/session-writer.ts";
import type { HostBridge, RuntimeConfig, RuntimeEvent } from "../protocol/runtime.ts";
import { markInterruptedTurn } from "../session/interrupted.ts";
import { isMessageEntry, type StoredEntry } from "../session/entries.ts";
import { SessionTree } from "../session/tree.ts";
import { isWorkspaceError, type Workspace } from "../workspace/types.ts";
import { connectEmbeddedWorkspace } from "../workspace/embedded/client.ts";
import { PendingCommits } from "./agent/commits.ts";
import { DEFAULT_RETRY_POLICY } from "./agent/retry.ts";
import { AgentSession } from "./agent/session.ts";
import { CommandRouter } from "./commands/router.ts";
import { resourceHooks } from "./commands/prompt-templates.ts";
import { emptyResources } from "./extensions/resources.ts";
import { execInWorkspace } from "./commands/user-shell.ts";
import { workspaceOutputFiles } from "./tools/result-bounds.ts";
import { StaleExtensionContextError } from "./extensions/api.ts";
import { createContext, ManagedTimers } from "./extensions/context.ts";
import { createProjectTrustContext } from "./extensions/project-trust.ts";
import { ExtensionPanel } from "./extensions/panel.ts";
import { appearanceOf, builtinTheme } from "./extensions/page-appearance.ts";
import { ExtensionRendering } from "./extensions/rendering.ts";
import { ExecOutput } from "./tools/exec-output.ts";
import { ExtensionRunner } from "./extensions/runner.ts";
import { McpServers } from "./extensions/mcp-servers.ts";
import { catchStrayErrors, type ErrorEventTarget } from "./extensions/stray-errors.ts";
import { createSessionControl, type ControlDeps } from "./extensions/session-control.ts";
import type { UIClientState } from "./extensions/ui-client.ts";
import { createGatewayStreamFn } from "./models/gateway-stream.ts";
import { providerHooks } from "./models/provider-hooks.ts";
import { createManualModel, MANUAL_PROVIDER } from "./models/manual-model.ts";
import { PlayaModelRegistry } from "./models/model-registry.ts";
import { ModelPolicy } from "./models/model-policy.ts";
import { routePiAiCalls } from "./models/pi-ai-calls.ts";
import { ProviderRegistry } from "./models/providers.ts";
import { RuntimeModels } from "./models/runtime-models.ts";
import { createScriptedModel } from "./models/scripted-model.ts";
import { ModelSelection } from "./models/selection.ts";
import { routeVirtualModel } from "./models/virtual-models.ts";
import { generateBranchSummary } from "./navigation/branch-summary.ts";
import { cancelledOnError, forkSession, type NavigationDeps } from "./navigation/navigation.ts";
import { createBuiltinTools, DEFAULT_ACTIVE_TOOL_NAMES } from "./tools/builtin/index.ts";
import { createToolFactories } from "./tools/factories.ts";
import { nodeBackendFor } from "./tools/node-backend.ts";
import { captureConsole } from "./inspector/console-capture.ts";
import { Inspector } from "./inspector/inspector.ts";
import { tapRequests } from "./inspector/request-tap.ts";
import type { RuntimeLifecycle, RuntimeOptions, RuntimeParts } from "./parts.ts";

/** The bridge to the host: the one given (same thread), or the config's port. */
export function hostBridge(config: RuntimeConfig, bridge?: HostBridge): HostBridge {
	const host = bridge ?? (config.hostPort ? (Comlink.wrap<HostBridge>(config.hostPort) as unknown as HostBridge) : undefined);
	if (!host) throw new Error("The runtime needs a host bridge or a hostPort");
	return host;
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

export async function composeRuntime(config: RuntimeConfig, host: HostBridge, options: RuntimeOptions): Promise<RuntimeParts> {
	const lifecycle: RuntimeLifecycle = { initialized: false, stale: false };
	const projectTrust = { trusted: config.projectTrusted ?? true };
	const urls = createModuleUrls();
	const emit = (event: RuntimeEvent) => void host.emit(event);
	const sessionId = config.session.header.id;
	const gateway = options.gateway ?? (config.gatewayPort ? Comlink.wrap<ProviderGatewayApi>(config.gatewayPort) : undefined);
	const workspace =
		options.workspace ?? (config.workspacePort ? await connectEmbeddedWorkspace(config.workspacePort, {}, config.workspaceSharesMemory !== false) : undefined);
	const cwd = workspace?.cwd ?? "/workspace";
	// Renderers and components read well on the page only in the page's own scheme.
	const theme = builtinTheme(config.appearance);
	setTheme(theme);
	const resources = emptyResources();
	const ui: UIClientState = {
		themes: () => resources.themes,
		onThemeChange: (chosen) => setTheme(chosen as Theme),
		host,
		editorText: "",
		nextDialogId: 1,
		theme,
		components: new Map(),
		toolsExpanded: false,
		prompts: { depth: 0, announce: (type, payload) => void runner.dispatch(type, payload) },
	};

	const commits = new PendingCommits();
	// The session writer stores entries without the page's main thread; without its port, the page stores them.
	const writer = config.sessionWriterPort ? Comlink.wrap<SessionWriterApi>(config.sessionWriterPort) : undefined;
	const store = (event: SessionWrite) => commits.track(writer ? writer.write(event) : host.emit(event));
	const tree = new SessionTree(
		config.session.header,
		config.session.entries,
		config.session.leafId,
		(entry, leafId) => {
			store({ type: "entry_appended", sessionId, entry, leafId });
			if (lifecycle.initialized) rendering.entry(entry);
		},
		(leafId) => store({ type: "leaf_changed", sessionId, leafId }),
	);
	// A turn the last page left unfinished is marked before anything else is appended.
	markInterruptedTurn(tree);

	const inspector = options.inspect === false ? undefined : new Inspector(emit);
	const runner = new ExtensionRunner({
		createContext: (extension, signal, budget, type) =>
			type === "project_trust"
				? createProjectTrustContext(session.source, extension, { signal, budget })
				: createContext(session.source, extension, { signal, budget }),
		onError: (error) => emit({ type: "extension_error", error }),
		describe: (text) => urls.describe(text),
		recorder: new CallRecorder(config.callRecord),
		observer: inspector,
	});
	const stopConsole = inspector
		? captureConsole({
				extensions: () => runner.extensions,
				sourceOf: (moduleUrl) => urls.sourceOf(moduleUrl),
				describe: (text) => urls.describe(text),
				record: (record) => inspector.console(record),
			})
		: () => undefined;
	const stopInspector = () => {
		stopConsole();
		inspector?.flush();
	};
	const panel = new ExtensionPanel({
		runner: () => runner,
		emit,
		isInitialized: () => lifecycle.initialized,
		isStale: () => lifecycle.stale,
		onRegistryChange: () => policy.applyProviders(),
		resources: () => resources,
	});
	const rendering = new ExtensionRendering({
		extensions: () => runner.extensions,
		cwd: () => session.source.cwd,
		theme: () => ui.theme,
		expanded: () => ui.toolsExpanded,
		emit,
		report: (extension, where, error) => runner.report(extension, "renderer", where, error),
		track: (extension, where, call) => runner.track(extension, where, call),
	});
	const execOutput = new ExecOutput({
		show: (toolCallId, text) => rendering.execOutput(toolCallId, text),
		handlersRunning: (extension) => runner.handlersRunning(extension),
	});
	const extensionExec: RuntimeParts["extensionExec"] = (extension, command, args, execOptions) =>
		execInWorkspace(workspace, cwd, command, args, execOptions, execOutput.listener(extension, execOptions?.signal));
	// Only a worker's global scope has these events; under Node nothing is installed.
	const stopStrayErrors = catchStrayErrors(globalThis as unknown as ErrorEventTarget, {
		extensions: () => runner.extensions,
		sourceOf: (moduleUrl) => urls.sourceOf(moduleUrl),
		report: (extension, where, error) => runner.report(extension, "handler", where, error),
	});
	const timers = new ManagedTimers(
		(extension, error) => runner.report(extension, "handler", "timer", error),
		(extension, where, call) => runner.track(extension, where, call),
	);

	const model = createScriptedModel(config.script, options.scriptedTokensPerSecond);
	const manual = createManualModel(() => host, options.scriptedTokensPerSecond);
	const providers = new ProviderRegistry({
		notice: (extension, text) => panel.notice(extension, text),
		track: (extension, where, call) => runner.track(extension, where, call),
	});
	const models = new RuntimeModels({
		offline: () => policy.offlineModels(),
		providers: () => providers,
		extensions: () => runner.extensions,
		gateway: () => gateway,
	});
	/** `ctx.modelRegistry`: the models above, and requests routed like the agent's own. */
	const modelRegistry = new PlayaModelRegistry({
		models: () => models.list(),
		hasAuth: (candidate) => models.hasAuth(candidate),
		stream: async (target, context, streamOptions) => session.agent.streamFunction(target, context, streamOptions),
	});

	/** A branch summary from the current model; the scripted model plays the next step of the branch being left. */
	const summarizeBranch: NavigationDeps["summarize"] = (entries: StoredEntry[], summaryOptions) => {
		const current = session.agent.state.model;
		const replies = tree.getBranch().filter((e) => isMessageEntry(e) && e.message.role === "assistant").length;
		const stream = current.provider === model.model.provider ? model.streamStep(replies) : session.agent.streamFunction;
		return generateBranchSummary(entries, { model: current, stream, ...summaryOptions });
	};
	const navigation: NavigationDeps = {
		tree: () => tree,
		cwd,
		runner,
		emit,
		isIdle: () => !session.isStreaming,
		prefillEditor: (text) => {
			if (!ui.editorText.trim()) emit({ type: "editor_text", text, mode: "set" });
		},
		summarize: summarizeBranch,
	};
	const control: ControlDeps = {
		session: () => session,
		tree: () => tree,
		runner,
		models: () => models.list(),
		modelRegistry,
		emit,
		exec: (command, args, execOptions) => execInWorkspace(workspace, cwd, command, args, execOptions),
		navigation,
		setThinkingLevel: (level) => selection.setThinkingLevel(level),
		settings: () => {
			const { model: current, thinkingLevel } = session.agent.state;
			const retry = { ...DEFAULT_RETRY_POLICY, ...config.retry };
			return {
				defaultProvider: current.provider,
				defaultModel: current.id,
				defaultThinkingLevel: thinkingLevel,
				theme: appearanceOf(ui),
				compaction: { ...session.compactor.settings },
				retry: { enabled: retry.enabled !== false, maxRetries: retry.maxRetries ?? 0, baseDelayMs: retry.baseDelayMs ?? 0 },
				steeringMode: "all",
				followUpMode: "all",
				enabledModels: [],
			};
		},
	};
	// MCP servers are reached with the worker's own fetch (options.fetch serves extension files only).
	const mcp = new McpServers({
		isInitialized: () => lifecycle.initialized,
		announce: (servers) => void runner.dispatch("mcp_servers_change", { servers }),
		notice: (extension, text) => panel.notice(extension, text),
		toolsChanged: () => {
			if (lifecycle.initialized) panel.emitExtensions();
		},
	});

	const session: AgentSession = new AgentSession({
		tree,
		runner,
		model,
		gatewayStream: gateway ? createGatewayStreamFn(gateway, providerHooks(runner, emit)) : undefined,
		routeVirtual: (target, context, signal) =>
			routeVirtualModel(
				{
					extensions: () => runner.extensions,
					tree: () => tree,
					context: (extension, routeSignal) => createContext(session.source, extension, { signal: routeSignal }),
					thinkingLevel: () => session.agent.state.thinkingLevel,
					track: (extension, where, call) => runner.track(extension, where, call),
				},
				target,
				context,
				signal,
			),
		retryPolicy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
		providerStream: (provider) => (provider === MANUAL_PROVIDER ? manual.stream : providers.streamFor(provider)),
		emit,
		toolProgress: (progress) => rendering.toolProgress(progress),
		execOutput,
		streamingDisplay: (message) => rendering.markdown.streaming(message),
		committed: () => commits.settled(),
		outputFiles: workspace ? workspaceOutputFiles(workspace) : undefined,
		builtinTools: workspace ? createBuiltinTools(workspace, { cwd }) : [],
		defaultActiveBuiltins: [...DEFAULT_ACTIVE_TOOL_NAMES],
		compaction: options.compaction,
		tapRequests: inspector ? (streamFn) => tapRequests(streamFn, (record) => inspector.request(record)) : undefined,
		...resourceHooks(resources, workspace && ((path) => workspace.readFile(path, "utf8")), emit),
		contextSource: {
			cwd,
			mode: options.uiMode ?? "tui",
			ui,
			timers,
			control: createSessionControl(control),
			notice: (extension, text) => panel.notice(extension, text),
			assertLive: (extension) => {
				if (lifecycle.stale) throw new StaleExtensionContextError(extension.name);
			},
			projectTrusted: () => projectTrust.trusted,
		},
	});
	const commands = new CommandRouter({
		runner,
		source: () => session.source,
		tree: () => tree,
		workspace,
		cwd,
		emit,
		compact: (customInstructions) => session.compact(customInstructions),
		leafId: () => tree.getLeafId(),
		fork: (entryId) => cancelledOnError(() => forkSession(navigation, entryId, "at")),
	});
	const selection = new ModelSelection({ agent: () => session.agent, tree: () => tree, runner, emit });
	const policy = new ModelPolicy({ scripted: model, manual, providers, models, selection, runner, gateway, agent: () => session.agent, emit });

	const loader = new ModuleLoader({
		providedModules: new ProvidedModules(
			// This runtime's own pi-ai: its model calls are answered like the agent's (keys stay in the page).
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
		cachedTranspile: host.transpiled ? (url, source) => host.transpiled?.(url, source) ?? Promise.resolve(undefined) : undefined,
	});

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
