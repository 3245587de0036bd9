/**
 * The session runtime as the host sees it: `RuntimeApi` over the parts compose.ts builds. Each method
 * is a thin translation of a protocol call; the work happens in the parts. No DOM: the same class runs
 * in the browser worker and under Node.
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Api, Model } from "@earendil-works/pi-ai";
import type {
	HostBridge,
	JsonSchema,
	ManualToolInfo,
	ModelChoice,
	NavigateResult,
	RuntimeApi,
	RuntimeConfig,
	ScriptStep,
	ShutdownReason,
	TreeView,
} from "../protocol/runtime.ts";
import { buildTreeView } from "../session/tree-view.ts";
import { completeCommand, runShortcut, type CommandCompletion } from "./commands/extension-input.ts";
import { PROVIDED_MODULES } from "../modules/table.ts";
import { composeRuntime, hostBridge } from "./compose.ts";
import type { RuntimeOptions, RuntimeParts } from "./parts.ts";
import { disabledExtension } from "./extensions/extension.ts";
import { loadExtension } from "./extensions/loading/load-extensions.ts";
import { followAppearance, type PageAppearance } from "./extensions/ui/page-appearance.ts";
import { discoverResources } from "./extensions/resources/resources.ts";
import { addPackageResources } from "./extensions/resources/package-resources.ts";
import { packageExtensionName, packageExtensionUrls, settlePackages } from "./extensions/loading/package-extensions.ts";
import { resolveProjectTrust } from "./extensions/project-trust.ts";
import { createActions } from "./extensions/session-control.ts";
import type { ModelSelectSource } from "./models/selection.ts";
import { hostScriptGate } from "./models/script-gate.ts";
import { cancelledOnError, forkSession, navigateTree } from "./navigation/navigation.ts";

export type { RuntimeOptions, RuntimeParts };

export class Runtime implements RuntimeApi {
	private started?: RuntimeParts;

	constructor(private readonly options: RuntimeOptions = {}) {}

	/** The runtime's parts once started (the headless runner and tests look at them). */
	get parts(): RuntimeParts {
		if (!this.started) throw new Error("The runtime has not started");
		return this.started;
	}

	async start(config: RuntimeConfig, bridge?: HostBridge): Promise<void> {
		// pi-ai (with its model catalog) loads on the first extension's import; nearly every extension imports it,
		// so its module loads while the runtime's parts are made.
		if (config.extensions.length > 0) void PROVIDED_MODULES["pi-ai"]().catch(() => undefined);
		const parts = await composeRuntime(config, hostBridge(config, bridge), this.options);
		this.started = parts;
		const { runner, panel, policy, selection, loader, tree, rendering, lifecycle } = parts;
		const env = panel.apiEnvironment(
			createActions(parts.control, (model) => policy.setModel(model)),
			parts.mcp,
			parts.extensionExec,
		);
		const disabled = new Map((config.disabled ?? []).map((d) => [d.url, d]));
		// A package's extensions load after the others, as pi loads its packages' after its own.
		const extensions = [...config.extensions, ...packageExtensionUrls(config.packages)];
		for (const url of extensions) if (!disabled.has(url)) loader.prepare(url);
		// The page shows how far loading got: each extension can take a while (fetch, transpile, its factory).
		const total = extensions.filter((url) => !disabled.has(url)).length;
		let loaded = 0;
		for (const url of extensions) {
			if (disabled.has(url)) runner.add(disabledExtension(disabled.get(url)!));
			else {
				void parts.host.emit({ type: "extensions_loading", loaded, total });
				await loadExtension(url, loader, runner, env, packageExtensionName(config.packages, url));
				loaded++;
			}
		}
		const wholePackages = settlePackages(config.packages, runner.extensions);
		if (config.projectTrust) {
			const answer = await resolveProjectTrust({ runner, loader, env, host: parts.host, disabled }, config.projectTrust.cwd);
			parts.projectTrust.trusted = answer.trusted;
		}
		if (total > 0) void parts.host.emit({ type: "extensions_loading", loaded, total });
		lifecycle.initialized = true;
		policy.applyProviders();
		if (config.model) await policy.selectModel(config.model, "restore");
		if (config.thinkingLevel) await selection.setThinkingLevel(config.thinkingLevel, "restore");
		panel.emitExtensions();
		// Stored entries an extension draws are drawn once it has loaded.
		for (const entry of tree.getEntries()) rendering.entry(entry);
		const start = config.startReason;
		await runner.dispatch("session_start", {
			reason: start?.reason ?? "startup",
			...(start && "previousSessionId" in start && start.previousSessionId && { previousSessionFile: start.previousSessionId }),
		});
		// pi 1.6: extensions name skills, prompt templates and themes once the session has started.
		const discovered = await discoverResources(
			{ runner, workspace: parts.workspace, cwd: parts.session.source.cwd, emit: (event) => void parts.host.emit(event) },
			start?.reason === "reload" ? "reload" : "startup",
		);
		Object.assign(parts.resources, discovered);
		if (wholePackages.length > 0) await addPackageResources(parts, wholePackages, this.options.fetch);
		if (parts.resources.prompts.length + parts.resources.skills.length > 0) panel.emitExtensions();
		// Servers registered while extensions loaded connect with the session, as upstream's do.
		parts.mcp.start();
		if (config.startReason?.reason === "fork") {
			await runner.dispatch("session_branch", { reason: "fork", previousSessionFile: config.startReason.previousSessionId });
		}
	}

	async getTreeView(): Promise<TreeView> {
		return buildTreeView(this.parts.tree.getEntries(), this.parts.tree.getLeafId());
	}

	async navigateTree(targetId: string, options?: { summarize?: boolean; customInstructions?: string }): Promise<NavigateResult> {
		return cancelledOnError(() => navigateTree(this.parts.navigation, targetId, options));
	}

	async setLabel(entryId: string, label: string | undefined): Promise<void> {
		if (!this.parts.tree.getEntry(entryId)) throw new Error(`no entry ${entryId} in this session`);
		this.parts.tree.append({ type: "label", targetId: entryId, label: label?.trim() || undefined });
	}

	async fork(entryId: string, position: "before" | "at" = "at"): Promise<{ cancelled: boolean; error?: string }> {
		return cancelledOnError(() => forkSession(this.parts.navigation, entryId, position));
	}

	async setAvailableModels(models: Model<Api>[]): Promise<void> {
		await this.parts.models.setAvailable(models);
	}

	async selectModel(choice: ModelChoice, source: ModelSelectSource = "set"): Promise<void> {
		await this.parts.policy.selectModel(choice, source);
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		await this.parts.selection.setThinkingLevel(level);
	}

	async completeCommand(name: string, prefix: string): Promise<CommandCompletion[]> {
		return completeCommand(this.parts.runner, name, prefix);
	}

	async runShortcut(key: string): Promise<boolean> {
		return runShortcut(this.parts.runner, this.parts.session.source, key);
	}

	async componentInput(id: string, data: string): Promise<void> {
		this.parts.ui.components.get(id)?.input(data);
	}

	async closeComponent(id: string): Promise<void> {
		this.parts.ui.components.get(id)?.close();
	}

	async setFlag(name: string, value: boolean | string): Promise<void> {
		this.parts.panel.setFlag(name, value);
	}

	async ping(): Promise<true> {
		return true;
	}

	async submit(text: string): Promise<void> {
		const { commands, session } = this.parts;
		if (await commands.route(text)) return;
		await session.submit(text);
	}

	async abort(): Promise<void> {
		this.parts.navigation.inProgress?.abort();
		this.parts.session.abort();
	}

	async setScript(steps: ScriptStep[]): Promise<void> {
		this.parts.model.setSteps(steps);
	}

	async setScriptGate(gated: boolean): Promise<void> {
		this.parts.model.setGate(gated ? hostScriptGate(() => this.parts.host) : undefined);
	}

	async getTools(): Promise<ManualToolInfo[]> {
		// TypeBox schemas carry symbol keys and may hold functions: plain JSON crosses.
		return this.parts.session.activeTools().map((tool) => ({
			name: tool.name,
			description: tool.description,
			parameters: JSON.parse(JSON.stringify(tool.parameters ?? {})) as JsonSchema,
		}));
	}

	async setEditorText(text: string): Promise<void> {
		this.parts.ui.editorText = text;
	}

	async setAppearance(appearance: PageAppearance): Promise<void> {
		if (!followAppearance(this.parts.ui, appearance)) return;
		// What is in view was drawn in the old scheme: stored entries are drawn again, as at start.
		for (const entry of this.parts.tree.getEntries()) this.parts.rendering.entry(entry);
	}

	async beforeSessionSwitch(reason: "new" | "resume", targetSessionId?: string): Promise<{ cancelled: boolean }> {
		const result = await this.parts.runner.dispatch("session_before_switch", { reason, ...(targetSessionId && { targetSessionFile: targetSessionId }) });
		return { cancelled: result?.cancel === true };
	}

	async shutdown(reason?: ShutdownReason): Promise<void> {
		const { session, runner, timers, lifecycle, urls, stopStrayErrors, stopInspector } = this.parts;
		session.abort();
		await runner.dispatch("session_shutdown", {
			...(reason && { reason: reason.reason }),
			...(reason?.targetSessionFile && { targetSessionFile: reason.targetSessionFile }),
		});
		await this.parts.mcp.close();
		stopInspector();
		timers.clearAll();
		lifecycle.stale = true;
		stopStrayErrors();
		urls.revokeAll();
	}
}
