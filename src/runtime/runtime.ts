/**
 * The session runtime: loads extensions, owns the session tree and the agent session, and answers
 * the host through `RuntimeApi`. No DOM: the same class runs in the browser worker and under Node.
 */
import * as zod from "zod";
import * as codingAgent from "../api/coding-agent.ts";
import type { ExtensionLogger } from "../api/types.ts";
import { HostModules, type HostModuleLoaders } from "../loader/host-modules.ts";
import { ModuleLoader } from "../loader/module-loader.ts";
import { createModuleUrls, type ModuleUrls } from "../loader/module-urls.ts";
import { createScriptedModel, type ScriptedModel } from "./agent/scripted-model.ts";
import { AgentSession } from "./agent/session.ts";
import type { ApiEnvironment, ExtensionActions } from "./extensions/api.ts";
import { createContext, ManagedTimers } from "./extensions/context.ts";
import { createEventBus } from "./extensions/event-bus.ts";
import { loadExtension } from "./extensions/load-extensions.ts";
import { ExtensionRunner, type RegisteredExtension } from "./extensions/runner.ts";
import type { UIClientState } from "./extensions/ui-client.ts";
import type { CommandInfo, HostBridge, RuntimeApi, RuntimeConfig, RuntimeEvent, ScriptStep } from "./protocol.ts";
import { SessionTree } from "./session/tree.ts";

/** The modules extensions share with the runtime, loaded when first imported. */
export const HOST_MODULES: HostModuleLoaders = {
	// Already part of the runtime; the others load when an extension first imports them.
	"coding-agent": async () => codingAgent,
	"pi-ai": () => import("../api/pi-ai.ts"),
	typebox: () => import("typebox"),
	"typebox/value": () => import("typebox/value"),
	"typebox/compile": () => import("typebox/compile"),
	zod: async () => zod,
};

export interface RuntimeOptions {
	fetch?: typeof fetch;
	cdn?: string;
	/** Tokens per second the scripted model streams at (0: as fast as possible). */
	scriptedTokensPerSecond?: number;
}

export class Runtime implements RuntimeApi {
	private host!: HostBridge;
	private urls!: ModuleUrls;
	private runner!: ExtensionRunner;
	private session!: AgentSession;
	private model!: ScriptedModel;
	private timers!: ManagedTimers;
	private initialized = false;
	private stale = false;
	private readonly ui: UIClientState = { host: undefined as unknown as HostBridge, editorText: "", nextDialogId: 1 };

	constructor(private readonly options: RuntimeOptions = {}) {}

	async start(config: RuntimeConfig, host: HostBridge): Promise<void> {
		this.host = host;
		this.ui.host = host;
		this.urls = createModuleUrls();
		const emit = (event: RuntimeEvent) => host.emit(event);
		const tree = new SessionTree(config.session.header, config.session.entries, config.session.leafId, (entry, leafId) =>
			emit({ type: "entry_appended", sessionId: tree.header.id, entry, leafId }),
		);
		this.model = createScriptedModel(config.script, this.options.scriptedTokensPerSecond);
		this.timers = new ManagedTimers((extension, error) => this.runner.report(extension, "handler", "timer", error));
		this.runner = new ExtensionRunner({
			createContext: (extension, signal, budget) => createContext(this.session.source, extension, { signal, budget }),
			onError: (error) => emit({ type: "extension_error", error }),
			describe: (text) => this.urls.describe(text),
		});
		const assertLive = (extension: RegisteredExtension) => {
			if (this.stale) throw new Error(`Extension "${extension.name}" used a stale context: the runtime was replaced.`);
		};
		this.session = new AgentSession({
			tree,
			runner: this.runner,
			model: this.model,
			emit,
			contextSource: { cwd: "/workspace", ui: this.ui, timers: this.timers, assertLive },
		});

		const loader = new ModuleLoader({
			hostModules: new HostModules(HOST_MODULES, this.urls),
			urls: this.urls,
			fetch: this.options.fetch,
			cdn: this.options.cdn,
		});
		const env = this.apiEnvironment(emit);
		for (const url of config.extensions) await loadExtension(url, loader, this.runner, env);
		this.initialized = true;
		this.emitExtensions();
		await this.runner.dispatch("session_start", {});
	}

	private apiEnvironment(emit: (event: RuntimeEvent) => void): ApiEnvironment {
		const session = () => this.session;
		const actions: ExtensionActions = {
			sendMessage: () => {
				throw new Error("pi.sendMessage is not available yet in Playa");
			},
			sendUserMessage: (content) => {
				const text = typeof content === "string" ? content : content.map((c) => (c.type === "text" ? c.text : "")).join("");
				void session().prompt(text, undefined, "extension");
			},
			appendEntry: (customType, data) => {
				session().source.tree().append({ type: "custom", customType, data });
			},
			exec: async () => {
				throw new Error("pi.exec needs a workspace, and this playground has no workspace yet");
			},
			getActiveTools: () => session().tools().map((tool) => tool.name),
			getAllTools: () =>
				this.runner.extensions.flatMap((ext) =>
					[...ext.tools.values()].map((tool) => ({
						name: tool.name,
						description: tool.description,
						parameters: tool.parameters,
						sourceInfo: { path: ext.url, source: "extension" },
					})),
				),
			setActiveTools: async () => {},
			getSessionName: () => session().source.tree().getSessionName(),
			setSessionName: async (name) => {
				session().source.tree().append({ type: "session_info", name });
			},
			getThinkingLevel: () => session().agent.state.thinkingLevel,
			setThinkingLevel: (level) => {
				session().agent.state.thinkingLevel = level;
			},
		};
		return {
			actions,
			events: createEventBus((channel, error) => console.warn(`events.on("${channel}") handler failed:`, error)),
			isInitialized: () => this.initialized,
			isStale: () => this.stale,
			flagValues: new Map(),
			onRegistryChange: () => {
				if (this.initialized) this.emitExtensions();
			},
			log: (extension: RegisteredExtension, level: keyof ExtensionLogger, message: string, meta?: unknown) => {
				console[level](`[${extension.name}] ${message}`, ...(meta === undefined ? [] : [meta]));
			},
		};
	}

	private emitExtensions(): void {
		const commands: CommandInfo[] = this.runner.extensions.flatMap((ext) =>
			ext.loaded ? [...ext.commands].map(([name, command]) => ({ name, description: command.description, extension: ext.name })) : [],
		);
		this.host.emit({ type: "extensions_changed", extensions: this.runner.status(), commands });
	}

	async submit(text: string): Promise<void> {
		await this.session.submit(text);
	}

	async abort(): Promise<void> {
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
