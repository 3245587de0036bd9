/**
 * The session-level actions behind `ctx` and the command `ctx`, and the `pi` actions: models,
 * context usage, branching and navigating the tree, new/switch session and reload (which the host
 * carries out by restarting the runtime on the chosen session).
 */
import type { Model } from "@earendil-works/pi-ai";
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import { branchContextTokens } from "../../session/usage.ts";
import type { ContextUsage, ExtensionCommandContext, ModelRegistry, ModelsView, Settings, SlashCommandInfo } from "../../api/types.ts";
import type { AgentSession } from "../agent/session.ts";
import type { ExtensionActions } from "./api.ts";
import type { SessionControl } from "./context.ts";
import type { ExtensionRunner } from "./runner.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { SessionTree } from "../../session/tree.ts";
import { branchBefore, forkSession, navigateTree, type NavigationDeps } from "../navigation/navigation.ts";
import { commandOwner, runExtensionCommand } from "../commands/extension-input.ts";
import { assertEntryFits } from "./entry-limits.ts";

export interface ControlDeps {
	session(): AgentSession;
	tree(): SessionTree;
	runner: ExtensionRunner;
	models(): Model<string>[];
	modelRegistry: ModelRegistry;
	emit(event: RuntimeEvent): void;
	exec: ExtensionActions["exec"];
	navigation: NavigationDeps;
	/** Records and announces a thinking-level change (model-selection.ts). */
	setThinkingLevel(level: ThinkingLevel): Promise<void>;
	/** `pi.getSettings()`: what the runtime runs with, in upstream's shape. */
	settings(): Settings;
	/** Resolves once an appended entry is stored; rejects with the host's reason when it was not (commits.ts). */
	stored?(entryId: string): Promise<void>;
}

/** A lineage token: the id's leading name ("claude", "gpt", "gemini"), so point releases share it; else the provider. */
export function modelFamily(model: Model<string>): string {
	const name = model.id.split("/").pop() ?? model.id;
	return (/^[a-z]+/i.exec(name)?.[0] ?? model.provider).toLowerCase();
}

export function modelsView(deps: Pick<ControlDeps, "models" | "session">): ModelsView {
	return {
		list: () => deps.models(),
		current: () => deps.session().agent.state.model,
		resolve: (spec) => deps.models().find((model) => `${model.provider}/${model.id}` === spec || model.id === spec),
		family: modelFamily,
	};
}

/** The branch's context against the model's window (usage.ts: the last reply's tokens plus estimates). */
export function contextUsage(session: AgentSession, tree: SessionTree): ContextUsage | undefined {
	const contextWindow = session.agent.state.model.contextWindow;
	if (!contextWindow) return undefined;
	const tokens = branchContextTokens(tree.getBranch());
	return { tokens, contextWindow, percent: (tokens / contextWindow) * 100 };
}

/**
 * Runs pi 1.6's `withSession` callback here, before the switch: the new session is a new runtime, where this
 * extension's closure does not exist. Its ctx records the composer text for the new session and notifies;
 * any other member throws, naming itself. Returns the composer text, if it set one.
 */
async function replacementSession(
	withSession: (ctx: ExtensionCommandContext) => unknown,
	extension: string,
	emit: (event: RuntimeEvent) => void,
): Promise<string | undefined> {
	let editorText: string | undefined;
	const unavailable = (name: string) => () => {
		throw new Error(
			`${name} is not available in newSession's withSession in Playa: the new session runs in a new runtime (only ui.setEditorText and ui.notify are)`,
		);
	};
	const ui = new Proxy({} as Record<string, unknown>, {
		get: (_target, key) => {
			if (key === "setEditorText") return (text: string) => void (editorText = String(text));
			if (key === "notify")
				return (message: string, level: "info" | "warning" | "error" = "info") => emit({ type: "notify", message: String(message), level, extension });
			return typeof key === "string" ? unavailable(`ctx.ui.${key}`) : undefined;
		},
	});
	const ctx = new Proxy({} as Record<string, unknown>, {
		get: (_target, key) => (key === "ui" ? ui : key === "then" || typeof key !== "string" ? undefined : unavailable(`ctx.${key}`)),
	});
	await withSession(ctx as unknown as ExtensionCommandContext);
	return editorText;
}

export function createSessionControl(deps: ControlDeps): SessionControl {
	const { runner, emit } = deps;
	const switchTo = async (reason: "new" | "resume", sessionId?: string, withSession?: (ctx: ExtensionCommandContext) => unknown, extension = "extension") => {
		const before = await runner.dispatch("session_before_switch", { reason, targetSessionFile: sessionId });
		if (before?.cancel) return { cancelled: true };
		const editorText = withSession ? await replacementSession(withSession, extension, emit) : undefined;
		emit({ type: "session_request", action: reason === "new" ? "new" : "open", sessionId, ...(editorText !== undefined && { editorText }) });
		return { cancelled: false };
	};
	return {
		models: modelsView(deps),
		modelRegistry: deps.modelRegistry,
		contextUsage: () => contextUsage(deps.session(), deps.tree()),
		// Upstream's callbacks: onComplete gets the result, onError a failure; it never rejects (upstream
		// callers do not await it), so a failure nobody takes is shown instead.
		compact: async ({ customInstructions, onComplete, onError }) => {
			try {
				const { entry: _entry, fromExtension: _from, ...result } = await deps.session().compact(customInstructions?.trim() || undefined);
				onComplete?.(result);
			} catch (error) {
				const failure = error instanceof Error ? error : new Error(String(error));
				if (onError) onError(failure);
				else emit({ type: "notify", message: `Compaction failed: ${failure.message}`, level: "error", extension: "Playa" });
			}
		},
		shutdown: () => emit({ type: "notify", message: "ctx.shutdown() has no effect in the browser", level: "warning", extension: "Playa" }),
		newSession: (opts, extension) => switchTo("new", undefined, typeof opts?.withSession === "function" ? opts.withSession : undefined, extension),
		switchSession: (sessionId) => switchTo("resume", sessionId),
		branch: (entryId) => branchBefore(deps.navigation, entryId),
		navigateTree: async (targetId, opts) => ({ cancelled: (await navigateTree(deps.navigation, targetId, opts)).cancelled }),
		fork: (entryId, opts) => forkSession(deps.navigation, entryId, opts?.position),
		reload: async () => emit({ type: "session_request", action: "reload" }),
	};
}

/** The error a call gets for a write that was not stored, with the stack of the call that made it. */
function notStored(message: string, call: Error): Error {
	const error = new Error(message);
	error.name = "SessionNotSavedError";
	const frames = String(call.stack ?? "")
		.split("\n")
		.filter((line) => /^\s+at |@/.test(line));
	error.stack = [`${error.name}: ${message}`, ...frames].join("\n");
	return error;
}

export function createActions(
	deps: ControlDeps,
	setModel: (model: Model<string>) => boolean | Promise<boolean>,
): ExtensionActions & { setEntryLabel(entryId: string, label: string | undefined): void } {
	const { runner } = deps;
	return {
		sendMessage: (payload, opts) => {
			assertEntryFits("pi.sendMessage", payload);
			void deps.session().sendMessage(payload, opts);
		},
		sendUserMessage: (content, opts) => {
			assertEntryFits("pi.sendUserMessage", content);
			const command = opts?.expandPromptTemplates && typeof content === "string" ? /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(content.trim()) : null;
			// As upstream, the command runs once the handler that asked for it has returned.
			if (command && commandOwner(runner, command[1]))
				void Promise.resolve().then(() => runExtensionCommand(runner, deps.session().source, command[1], command[2] ?? ""));
			else void deps.session().sendUserMessage(content, opts?.deliverAs);
		},
		setEntryLabel: (entryId, label) => {
			if (!deps.tree().getEntry(entryId)) throw new Error(`no entry ${entryId} in this session`);
			deps.tree().append({ type: "label", targetId: entryId, label });
		},
		appendEntry: (customType, data) => {
			const what = `pi.appendEntry("${String(customType).slice(0, 40)}")`;
			assertEntryFits(what, data);
			// The caller's stack: a failure the extension does not await is shown on its card (stray-errors.ts).
			const call = new Error();
			const entry = deps.tree().append({ type: "custom", customType, data });
			return (deps.stored?.(entry.id) ?? Promise.resolve()).catch((error: Error) => {
				throw notStored(`${what} was not stored. ${error.message}`, call);
			});
		},
		exec: deps.exec,
		getActiveTools: () =>
			deps
				.session()
				.activeTools()
				.map((tool) => tool.name),
		getAllTools: () => {
			const owners = new Map(runner.extensions.flatMap((ext) => [...ext.tools.values()].map((t) => [t.name, { ext, def: t }] as const)));
			return deps
				.session()
				.allTools()
				.map((tool) => {
					const owner = owners.get(tool.name);
					return {
						name: tool.name,
						description: tool.description,
						parameters: tool.parameters,
						promptGuidelines: owner?.def.promptGuidelines,
						sourceInfo: owner ? { path: owner.ext.url, source: "extension" } : { path: "builtin", source: "builtin" },
					};
				});
		},
		setActiveTools: async (names) => deps.session().setActiveTools(names),
		getCommands: () =>
			runner.extensions.flatMap((ext): SlashCommandInfo[] =>
				ext.loaded
					? [...ext.commands].map(([name, c]) => ({
							name,
							description: c.description,
							source: "extension",
							path: ext.url,
							sourceInfo: { path: ext.url, source: "extension" },
						}))
					: [],
			),
		setModel: async (model) => setModel(model),
		getSessionName: () => deps.tree().getSessionName(),
		setSessionName: async (name) => {
			deps.tree().append({ type: "session_info", name });
			// pi 1.6: handlers hear the name as the session now has it (undefined once cleared).
			await runner.dispatch("session_info_changed", { name: deps.tree().getSessionName()?.trim() || undefined });
		},
		getThinkingLevel: () => deps.session().agent.state.thinkingLevel,
		getSettings: () => structuredClone(deps.settings()),
		setThinkingLevel: (level) => void deps.setThinkingLevel(level),
	};
}
