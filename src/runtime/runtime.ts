/**
 * The session runtime: loads extensions, owns the session tree and the agent session, and answers
 * the host through `RuntimeApi`. No DOM: the same class runs in the browser worker and under Node.
 */
import { HostModules } from "../loader/host-modules.ts";
import { ModuleLoader } from "../loader/module-loader.ts";
import { createModuleUrls, type ModuleUrls } from "../loader/module-urls.ts";
import * as Comlink from "comlink";
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import { createGatewayStreamFn, type GatewayLike } from "./models/gateway-stream.ts";
import type { ProviderGatewayApi } from "../protocol/gateway.ts";
import { createScriptedModel, type ScriptedModel } from "./models/scripted-model.ts";
import { createManualModel, MANUAL_PROVIDER, type ManualModel } from "./models/manual-model.ts";
import { AgentSession } from "./agent/session.ts";
import { routeVirtualModel } from "./models/virtual-models.ts";
import { markInterruptedTurn } from "../session/interrupted.ts";
import type { CompactionSettings } from "../session/compaction/prepare.ts";
import { DEFAULT_RETRY_POLICY } from "./agent/retry.ts";
import { ProviderRegistry } from "./models/providers.ts";
import { PlayaModelRegistry } from "./models/model-registry.ts";
import { routePiAiCalls } from "./models/pi-ai-calls.ts";
import { ModelSelection, type ModelSelectSource } from "./models/selection.ts";
import { RuntimeModels } from "./models/runtime-models.ts";
import { StaleExtensionContextError } from "./extensions/api.ts";
import { createContext, ManagedTimers } from "./extensions/context.ts";
import { loadExtension } from "./extensions/load-extensions.ts";
import { disabledExtension } from "./extensions/extension.ts";
import { ExtensionRunner } from "./extensions/runner.ts";
import type { UIClientState } from "./extensions/ui-client.ts";
import type { HostBridge, ModelChoice, NavigateResult, RuntimeApi, RuntimeConfig, RuntimeEvent, ScriptStep, TreeView } from "../protocol/runtime.ts";
import { createActions, createSessionControl, type ControlDeps } from "./extensions/session-control.ts";
import { SessionTree } from "../session/tree.ts";
import { buildTreeView } from "../session/tree-view.ts";
import { generateBranchSummary } from "./navigation/branch-summary.ts";
import { isMessageEntry, type StoredEntry } from "../session/entries.ts";
import { forkSession, navigateTree, type NavigationDeps } from "./navigation/navigation.ts";
import { CallRecorder } from "../protocol/call-record.ts";
import { execInWorkspace } from "./commands/user-shell.ts";
import { createBuiltinTools, DEFAULT_ACTIVE_TOOL_NAMES } from "./tools/builtin/index.ts";
import { connectEmbeddedWorkspace } from "../workspace/embedded/client.ts";
import type { Workspace } from "../workspace/types.ts";
import { darkTheme } from "../modules/coding-agent/theme.ts";
import type { Api, Model } from "@earendil-works/pi-ai";
import { createHostModuleLoaders } from "../modules/table.ts";
import { ExtensionPanel } from "./extensions/panel.ts";
import { ExtensionRendering } from "./extensions/rendering.ts";
import { completeCommand, runShortcut, type CommandCompletion } from "./commands/extension-input.ts";

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
	gateway?: GatewayLike & Pick<ProviderGatewayApi, "hasKey">;
	/** Compaction thresholds (upstream's defaults unless given). */
	compaction?: Partial<CompactionSettings>;
}

export class Runtime implements RuntimeApi {
	private host!: HostBridge;
	private urls!: ModuleUrls;
	private runner!: ExtensionRunner;
	private session!: AgentSession;
	private tree!: SessionTree;
	private navigation!: NavigationDeps;
	private model!: ScriptedModel;
	private manual!: ManualModel;
	private providers!: ProviderRegistry;
	private selection!: ModelSelection;
	private readonly models = new RuntimeModels({
		offline: () => this.offlineModels(),
		providers: () => this.providers,
		extensions: () => this.runner.extensions,
		gateway: () => this.gateway,
	});
	/** `ctx.modelRegistry`: the models above, and requests routed like the agent's own. */
	private readonly modelRegistry = new PlayaModelRegistry({
		models: () => this.models.list(),
		hasAuth: (model) => this.models.hasAuth(model),
		stream: async (model, context, options) => this.session.agent.streamFunction(model, context, options),
	});
	private gateway?: GatewayLike & Pick<ProviderGatewayApi, "hasKey">;
	private timers!: ManagedTimers;
	private initialized = false;
	private stale = false;
	private readonly panel = new ExtensionPanel({
		runner: () => this.runner,
		emit: (event) => this.host.emit(event),
		isInitialized: () => this.initialized,
		isStale: () => this.stale,
		onRegistryChange: () => this.applyProviders(),
	});
	private readonly rendering = new ExtensionRendering({
		extensions: () => this.runner.extensions,
		cwd: () => this.session.source.cwd,
		theme: () => this.ui.theme,
		expanded: () => this.ui.toolsExpanded,
		emit: (event) => this.host.emit(event),
		report: (extension, where, error) => this.runner.report(extension, "handler", where, error),
	});
	private readonly ui: UIClientState = {
		host: undefined as unknown as HostBridge,
		editorText: "",
		nextDialogId: 1,
		theme: darkTheme,
		components: new Map(),
		toolsExpanded: false,
	};

	constructor(private readonly options: RuntimeOptions = {}) {}

	async start(config: RuntimeConfig, bridge?: HostBridge): Promise<void> {
		const host = bridge ?? (config.hostPort ? (Comlink.wrap<HostBridge>(config.hostPort) as unknown as HostBridge) : undefined);
		if (!host) throw new Error("The runtime needs a host bridge or a hostPort");
		this.host = host;
		this.ui.host = host;
		this.urls = createModuleUrls();
		const emit = (event: RuntimeEvent) => host.emit(event);
		const sessionId = config.session.header.id;
		const tree = new SessionTree(
			config.session.header,
			config.session.entries,
			config.session.leafId,
			(entry, leafId) => {
				emit({ type: "entry_appended", sessionId, entry, leafId });
				if (this.initialized) this.rendering.entry(entry);
			},
			(leafId) => emit({ type: "leaf_changed", sessionId, leafId }),
		);
		// A turn the last page left unfinished is marked before anything else is appended.
		markInterruptedTurn(tree);
		this.tree = tree;
		this.model = createScriptedModel(config.script, this.options.scriptedTokensPerSecond);
		this.manual = createManualModel(() => this.host, this.options.scriptedTokensPerSecond);
		this.providers = new ProviderRegistry({
			notice: (extension, text) => this.panel.notice(extension, text),
			track: (extension, where, call) => this.runner.track(extension, where, call),
		});
		this.gateway = this.options.gateway ?? (config.gatewayPort ? Comlink.wrap<ProviderGatewayApi>(config.gatewayPort) : undefined);
		const workspace = this.options.workspace ?? (config.workspacePort ? await connectEmbeddedWorkspace(config.workspacePort) : undefined);
		const cwd = workspace?.cwd ?? "/workspace";
		this.timers = new ManagedTimers(
			(extension, error) => this.runner.report(extension, "handler", "timer", error),
			(extension, where, call) => this.runner.track(extension, where, call),
		);
		this.runner = new ExtensionRunner({
			createContext: (extension, signal, budget) => createContext(this.session.source, extension, { signal, budget }),
			onError: (error) => emit({ type: "extension_error", error }),
			describe: (text) => this.urls.describe(text),
			recorder: new CallRecorder(config.callRecord),
		});
		this.navigation = {
			tree: () => tree,
			cwd,
			runner: this.runner,
			emit,
			isIdle: () => !this.session.isStreaming,
			prefillEditor: (text) => {
				if (!this.ui.editorText.trim()) emit({ type: "editor_text", text, mode: "set" });
			},
			summarize: (entries, opts) => this.summarizeBranch(entries, opts),
		};
		const deps: ControlDeps = {
			session: () => this.session,
			tree: () => tree,
			runner: this.runner,
			models: () => this.models.list(),
			modelRegistry: this.modelRegistry,
			emit,
			exec: (command, args, opts) => execInWorkspace(workspace, cwd, command, args, opts),
			navigation: this.navigation,
			setThinkingLevel: (level) => this.selection.setThinkingLevel(level),
		};
		this.session = new AgentSession({
			tree,
			runner: this.runner,
			model: this.model,
			gatewayStream: this.gateway ? createGatewayStreamFn(this.gateway, { keyName: (model) => this.providers.keyName(model.provider) }) : undefined,
			routeVirtual: (model, context, signal) =>
				routeVirtualModel(
					{
						extensions: () => this.runner.extensions,
						tree: () => tree,
						context: (extension, routeSignal) => createContext(this.session.source, extension, { signal: routeSignal }),
						thinkingLevel: () => this.session.agent.state.thinkingLevel,
						track: (extension, where, call) => this.runner.track(extension, where, call),
					},
					model,
					context,
					signal,
				),
			retryPolicy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
			providerStream: (provider) => (provider === MANUAL_PROVIDER ? this.manual.stream : this.providers.streamFor(provider)),
			emit,
			toolProgress: (progress) => this.rendering.toolProgress(progress),
			workspace,
			builtinTools: workspace ? createBuiltinTools(workspace, { cwd }) : [],
			defaultActiveBuiltins: [...DEFAULT_ACTIVE_TOOL_NAMES],
			compaction: this.options.compaction,
			contextSource: {
				cwd,
				mode: this.options.uiMode ?? "tui",
				ui: this.ui,
				timers: this.timers,
				control: createSessionControl(deps),
				notice: (extension, text) => this.panel.notice(extension, text),
				assertLive: (extension) => {
					if (this.stale) throw new StaleExtensionContextError(extension.name);
				},
			},
		});

		this.selection = new ModelSelection({ agent: () => this.session.agent, tree: () => tree, runner: this.runner, emit });

		const loader = new ModuleLoader({
			hostModules: new HostModules(
				// This runtime's own pi-ai: its model calls are answered like the agent's (keys stay in the page).
				createHostModuleLoaders({ piAi: (piAi) => routePiAiCalls(piAi, async (model, context, options) => this.session.agent.streamFunction(model, context, options)) }),
				this.urls,
			),
			urls: this.urls,
			fetch: this.options.fetch,
			cdn: config.cdn ?? this.options.cdn,
		});
		const env = this.panel.apiEnvironment(createActions(deps, (model) => this.setModel(model)));
		const disabled = new Map((config.disabled ?? []).map((d) => [d.url, d.reason]));
		for (const url of config.extensions) {
			if (disabled.has(url)) this.runner.add(disabledExtension(url, disabled.get(url)!));
			else await loadExtension(url, loader, this.runner, env);
		}
		this.initialized = true;
		this.applyProviders();
		if (config.model) await this.selectModel(config.model, "restore");
		if (config.thinkingLevel) await this.selection.setThinkingLevel(config.thinkingLevel, "restore");
		this.panel.emitExtensions();
		// Stored entries an extension draws are drawn once it has loaded.
		for (const entry of tree.getEntries()) this.rendering.entry(entry);
		await this.runner.dispatch("session_start", {});
		if (config.startReason?.reason === "fork") {
			await this.runner.dispatch("session_branch", { reason: "fork", previousSessionFile: config.startReason.previousSessionId });
		}
	}

	/** A branch summary from the current model; the scripted model plays the next step of the branch being left. */
	private summarizeBranch(entries: StoredEntry[], opts: { signal: AbortSignal; customInstructions?: string; replaceInstructions?: boolean }) {
		const model = this.session.agent.state.model;
		const replies = this.tree.getBranch().filter((e) => isMessageEntry(e) && e.message.role === "assistant").length;
		const stream = model.provider === this.model.model.provider ? this.model.streamStep(replies) : this.session.agent.streamFunction;
		return generateBranchSummary(entries, { model, stream, ...opts });
	}

	async getTreeView(): Promise<TreeView> {
		return buildTreeView(this.tree.getEntries(), this.tree.getLeafId());
	}

	async navigateTree(targetId: string, options?: { summarize?: boolean; customInstructions?: string }): Promise<NavigateResult> {
		try {
			return await navigateTree(this.navigation, targetId, options);
		} catch (error) {
			return { cancelled: true, error: (error as Error).message ?? String(error) };
		}
	}

	async setLabel(entryId: string, label: string | undefined): Promise<void> {
		if (!this.tree.getEntry(entryId)) throw new Error(`no entry ${entryId} in this session`);
		this.tree.append({ type: "label", targetId: entryId, label: label?.trim() || undefined });
	}

	async fork(entryId: string, position: "before" | "at" = "at"): Promise<{ cancelled: boolean; error?: string }> {
		try {
			return await forkSession(this.navigation, entryId, position);
		} catch (error) {
			return { cancelled: true, error: (error as Error).message ?? String(error) };
		}
	}

	async setAvailableModels(models: Model<Api>[]): Promise<void> {
		await this.models.setAvailable(models);
	}

	/** Models that answer without a provider: Scripted and Manual. */
	private offlineModels(): Model<string>[] {
		return [this.model.model, this.manual.model];
	}

	/** `pi.setModel`: false when the model needs a key that is not stored (the spec's "no API key"). */
	private async setModel(model: Model<string>, force = false, source: ModelSelectSource = "set"): Promise<boolean> {
		if (!this.models.answeredHere(model)) {
			if (!this.gateway) return false;
			if (!force && !(await this.gateway.hasKey(this.providers.keyName(model.provider) ?? model.provider))) return false;
		}
		await this.selection.selectModel(model, source);
		return true;
	}

	async selectModel(choice: ModelChoice, source: ModelSelectSource = "set"): Promise<void> {
		const offline = this.offlineModels().find((model) => model.provider === choice.provider);
		const registered = this.providers.models().find((model) => model.provider === choice.provider && model.id === choice.id);
		await this.setModel(offline ?? registered ?? choice.model ?? this.model.model, true, source);
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		await this.selection.setThinkingLevel(level);
	}

	/** Applies what extensions registered with `registerProvider`; the page's model picker follows. */
	private applyProviders(): void {
		if (!this.providers.sync(this.runner.extensions)) return;
		this.host.emit({ type: "providers_changed", providers: this.providers.info() });
		void this.models.refreshRegisteredKeys();
		// As upstream: a provider registered again updates the current model's definition (unregistering keeps it).
		const current = this.session.agent.state.model;
		const refreshed = this.providers.models().find((model) => model.provider === current.provider && model.id === current.id);
		if (refreshed) this.session.agent.state.model = refreshed;
	}

	async completeCommand(name: string, prefix: string): Promise<CommandCompletion[]> {
		return completeCommand(this.runner, name, prefix);
	}

	async runShortcut(key: string): Promise<boolean> {
		return runShortcut(this.runner, this.session.source, key);
	}

	async componentInput(id: string, data: string): Promise<void> {
		this.ui.components.get(id)?.(data);
	}

	async setFlag(name: string, value: boolean | string): Promise<void> {
		this.panel.setFlag(name, value);
	}

	async ping(): Promise<true> {
		return true;
	}

	async submit(text: string): Promise<void> {
		// Built-in `/fork` (unless an extension claims the name): the current branch into a new session.
		if (/^\/fork\s*$/.test(text.trim()) && !this.runner.extensions.some((ext) => ext.loaded && ext.commands.has("fork"))) {
			const leafId = this.tree.getLeafId();
			const result = leafId ? await this.fork(leafId, "at") : { cancelled: true, error: "There is nothing to fork yet" };
			if (result.error) this.host.emit({ type: "notify", message: result.error, level: "error", extension: "Playa" });
			return;
		}
		await this.session.submit(text);
	}

	async abort(): Promise<void> {
		this.navigation.inProgress?.abort();
		this.session.abort();
	}

	async setScript(steps: ScriptStep[]): Promise<void> {
		this.model.setSteps(steps);
	}

	async setEditorText(text: string): Promise<void> {
		this.ui.editorText = text;
	}

	async shutdown(): Promise<void> {
		this.session.abort();
		await this.runner.dispatch("session_shutdown", {});
		this.timers.clearAll();
		this.stale = true;
		this.urls.revokeAll();
	}
}
