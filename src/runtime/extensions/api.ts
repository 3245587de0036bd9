/**
 * Builds the `pi` object one extension receives. Registration works while the factory runs;
 * actions only once the runtime is initialized; every method is pre-bound, so destructuring works.
 */
import * as codingAgent from "../../modules/coding-agent/index.ts";
import { Type } from "typebox";
import { z } from "zod";
import type { EntryRenderer, EventBus, ExtensionAPI, ExtensionLogger, ExtensionVirtualModel, MessageRenderer, ToolDefinition } from "../../api/types.ts";
import { markdownTransformer } from "./display/markdown-transformers.ts";
import type { McpServers } from "./resources/mcp-servers.ts";
import type { RegisteredExtension } from "./extension.ts";
import { normalizeKeyId } from "../../protocol/key-ids.ts";
import { claimsPageName } from "../../protocol/runtime.ts";
import { RESERVED_COMMAND_NAMES } from "../commands/builtin.ts";

/** Keys the page keeps for itself (the reference's reserved list). */
export const RESERVED_SHORTCUTS = new Set(
	[
		"ctrl+c",
		"ctrl+d",
		"ctrl+z",
		"ctrl+k",
		"ctrl+p",
		"ctrl+l",
		"ctrl+o",
		"ctrl+t",
		"ctrl+g",
		"ctrl+q",
		"alt+m",
		"shift+tab",
		"shift+ctrl+p",
		"alt+enter",
		"escape",
		"enter",
	].map(normalizeKeyId),
);

const BROWSER_UNSUPPORTED = "is not supported in the browser";

/** What the session provides behind the action methods. */
export type ExtensionActions = Pick<
	ExtensionAPI,
	| "sendMessage"
	| "sendUserMessage"
	| "appendEntry"
	| "exec"
	| "getActiveTools"
	| "getAllTools"
	| "setActiveTools"
	| "getSessionName"
	| "setSessionName"
	| "getThinkingLevel"
	| "setThinkingLevel"
	| "getCommands"
	| "setModel"
	| "getSettings"
> & { setEntryLabel(entryId: string, label: string | undefined): void };

export interface ApiEnvironment {
	actions: ExtensionActions;
	events: EventBus;
	/** False while extensions load: actions throw then. */
	isInitialized(): boolean;
	/** True once this extension's runtime was replaced (reload, another session). */
	isStale(): boolean;
	/** The name of another extension that already registered this command, if any. */
	commandOwner(name: string, except: RegisteredExtension): string | undefined;
	/** Flag values, shared by all extensions; defaults are written when a flag is registered. */
	flagValues: Map<string, boolean | string>;
	onRegistryChange(): void;
	/** Records, once, something the browser host cannot do for this extension. */
	notice(extension: RegisteredExtension, text: string): void;
	log(extension: RegisteredExtension, level: keyof ExtensionLogger, message: string, meta?: unknown): void;
	/** The MCP servers extensions registered. */
	mcp: McpServers;
	/** `pi.exec` knowing which extension runs it (its output shows under that extension's tool call); else `actions.exec`. */
	exec?(extension: RegisteredExtension, ...args: Parameters<ExtensionActions["exec"]>): ReturnType<ExtensionActions["exec"]>;
}

export class StaleExtensionContextError extends Error {
	constructor(name: string) {
		super(`Extension "${name}" used a stale context: its session was replaced or the runtime reloaded. Use the new ctx/pi from the latest handler.`);
		this.name = "StaleExtensionContextError";
	}
}

export function createExtensionAPI(extension: RegisteredExtension, env: ApiEnvironment): ExtensionAPI {
	const live = () => {
		if (env.isStale()) throw new StaleExtensionContextError(extension.name);
	};
	const action =
		<A extends unknown[], R>(run: (...args: A) => R) =>
		(...args: A): R => {
			live();
			if (!env.isInitialized()) throw new codingAgent.ExtensionRuntimeNotInitializedError();
			return run(...args);
		};
	const registration =
		<A extends unknown[]>(run: (...args: A) => void) =>
		(...args: A): void => {
			live();
			run(...args);
			env.onRegistryChange();
		};
	const { actions } = env;
	const logger: ExtensionLogger = {
		debug: (message, meta) => env.log(extension, "debug", message, meta),
		info: (message, meta) => env.log(extension, "info", message, meta),
		warn: (message, meta) => env.log(extension, "warn", message, meta),
		error: (message, meta) => env.log(extension, "error", message, meta),
	};

	return {
		on: registration((event, handler) => {
			if (typeof handler !== "function") throw new TypeError(`pi.on("${event}") needs a handler function`);
			const list = extension.handlers.get(event) ?? [];
			list.push(handler);
			extension.handlers.set(event, list);
		}),
		registerTool: registration((tool) => {
			if (!tool || typeof tool.name !== "string" || typeof tool.execute !== "function") {
				throw new TypeError("registerTool needs { name, description, parameters, execute }");
			}
			extension.tools.set(tool.name, tool as ToolDefinition);
		}),
		registerCommand: registration((rawName, command) => {
			if (!command || typeof command.handler !== "function") throw new TypeError(`registerCommand("${rawName}") needs a handler`);
			const name = String(rawName).replace(/^\//, "");
			if (RESERVED_COMMAND_NAMES.has(name)) return env.notice(extension, `command /${name} skipped: it is a built-in command`);
			if (env.commandOwner(name, extension))
				return env.notice(extension, `command /${name} skipped: extension "${env.commandOwner(name, extension)}" already registered it`);
			extension.commands.set(name, command);
		}),
		registerShortcut: registration((rawKey, shortcut) => {
			if (!shortcut || typeof shortcut.handler !== "function") throw new TypeError(`registerShortcut("${rawKey}") needs a handler`);
			const key = normalizeKeyId(String(rawKey));
			if (RESERVED_SHORTCUTS.has(key)) return env.notice(extension, `shortcut ${key} refused: the page reserves it`);
			extension.shortcuts.set(key, shortcut);
		}),
		registerMessageRenderer: registration((customType, renderer) => {
			extension.messageRenderers.set(customType, renderer as MessageRenderer);
		}),
		registerEntryRenderer: registration((customType, renderer) => {
			if (typeof renderer !== "function") throw new TypeError(`registerEntryRenderer("${customType}") needs a renderer function`);
			extension.entryRenderers.set(customType, renderer as EntryRenderer);
		}),
		registerVirtualModel: registration((model) => {
			if (!model || typeof model.provider !== "string" || typeof model.id !== "string" || typeof model.route !== "function") {
				throw new TypeError("registerVirtualModel needs { provider, id, name, route }");
			}
			extension.virtualModels.set(`${model.provider}/${model.id}`, model as ExtensionVirtualModel);
		}),
		unregisterVirtualModel: registration((provider, id) => {
			extension.virtualModels.delete(`${provider}/${id}`);
		}),
		registerAssistantThinkingRenderer: registration((renderer) => {
			if (typeof renderer !== "function") throw new TypeError("registerAssistantThinkingRenderer needs a renderer function");
			extension.thinkingRenderers.push(renderer);
		}),
		registerComposerShape: registration(() => env.notice(extension, `registerComposerShape ${BROWSER_UNSUPPORTED}`)),
		registerFileWriteFallback: registration(() => env.notice(extension, `registerFileWriteFallback ${BROWSER_UNSUPPORTED}`)),
		registerFileDeleteFallback: registration(() => env.notice(extension, `registerFileDeleteFallback ${BROWSER_UNSUPPORTED}`)),
		// Queued during load; the model gateway applies them once the runtime is initialized.
		registerToolRenderer: registration((resolver) => {
			if (typeof resolver !== "function") throw new TypeError("registerToolRenderer needs a resolver function (toolName, next) => renderers");
			extension.toolRenderers.push(resolver);
		}),
		// Run here, in the worker: the page gets the display text and renders it itself (markdown-transformers.ts).
		registerMarkdownTransformer: registration((transformer, options) => {
			extension.markdownTransformer = markdownTransformer(transformer, options);
		}),
		registerMcpServer: (name, config) => {
			live();
			env.mcp.register(extension, name, config);
		},
		unregisterMcpServer: (name) => {
			live();
			env.mcp.unregister(extension, name);
		},
		getMcpServers: () => {
			live();
			return env.mcp.list();
		},
		registerProvider: registration((name, config) => {
			extension.providers.set(name, config);
		}),
		unregisterProvider: registration((name) => {
			extension.providers.set(name, null);
		}),
		registerFlag: registration((name, flag) => {
			extension.flags.set(name, flag);
			if (flag.default !== undefined && !env.flagValues.has(name)) env.flagValues.set(name, flag.default);
		}),
		getFlag(name) {
			live();
			return extension.flags.has(name) ? env.flagValues.get(name) : undefined;
		},
		// One argument names the extension; upstream pi's two-argument form labels a session entry.
		setLabel: (...args: [entryIdOrLabel: string, label?: string]) => {
			live();
			const [entryIdOrLabel, label] = args;
			if (args.length < 2) {
				const name = String(entryIdOrLabel).trim();
				// The page's own name is not for extensions: its messages must stay recognisable.
				if (!name || claimsPageName(name)) {
					env.notice(extension, `pi.setLabel("${name.slice(0, 40)}") was ignored: an extension cannot take that name`);
					return;
				}
				extension.name = name;
				env.onRegistryChange();
				return;
			}
			if (!env.isInitialized()) throw new codingAgent.ExtensionRuntimeNotInitializedError();
			actions.setEntryLabel(entryIdOrLabel, label);
		},
		events: env.events,
		logger,
		zod: z,
		typebox: Type,
		pi: codingAgent,
		sendMessage: action((payload, opts) => actions.sendMessage(payload, opts)),
		sendUserMessage: action((content, opts) => actions.sendUserMessage(content, opts)),
		appendEntry: action((customType, data) => actions.appendEntry(customType, data)),
		// exec works during load too, as the reference says.
		exec: (command, args, opts) => {
			live();
			return env.exec ? env.exec(extension, command, args, opts) : actions.exec(command, args, opts);
		},
		getActiveTools: action(() => actions.getActiveTools()),
		getAllTools: action(() => actions.getAllTools()),
		setActiveTools: action((names) => actions.setActiveTools(names)),
		getSessionName: action(() => actions.getSessionName()),
		setSessionName: action((name) => actions.setSessionName(name)),
		getThinkingLevel: action(() => actions.getThinkingLevel()),
		setThinkingLevel: action((level) => actions.setThinkingLevel(level)),
		getCommands: action(() => actions.getCommands()),
		setModel: action((model) => actions.setModel(model)),
		getSettings: action(() => actions.getSettings()),
	};
}
