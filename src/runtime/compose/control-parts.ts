/**
 * The session's controls, one small function each, as compose.ts makes them: moving around the tree (with
 * branch summaries), the session control behind `ctx` and pi's actions, and the command router the
 * composer's text goes through. Each takes the parts it uses; the session, made after the first two, comes
 * to them as a getter. Runs in the runtime worker (under Node, in the thread that starts the runtime).
 */
import type { ModelRegistry } from "../../api/types.ts";
import type { RuntimeConfig, RuntimeEvent } from "../../protocol/runtime.ts";
import { isMessageEntry, type StoredEntry } from "../../session/entries.ts";
import { DEFAULT_RETRY_POLICY } from "../agent/retry.ts";
import type { AgentSession } from "../agent/session.ts";
import { CommandRouter } from "../commands/router.ts";
import { execInWorkspace } from "../commands/user-shell.ts";
import { appearanceOf } from "../extensions/ui/page-appearance.ts";
import type { PendingCommits } from "../agent/commits.ts";
import type { ControlDeps } from "../extensions/session-control.ts";
import { generateBranchSummary } from "../navigation/branch-summary.ts";
import { cancelledOnError, forkSession, type NavigationDeps } from "../navigation/navigation.ts";
import type { RuntimeParts } from "../parts.ts";

/**
 * Moving around the session tree. A branch summary comes from the current model; the scripted model plays the
 * next step of the branch being left.
 */
export function composeNavigation(
	parts: Pick<RuntimeParts, "tree" | "runner" | "ui" | "model"> & { cwd: string; emit(event: RuntimeEvent): void; session(): AgentSession },
): NavigationDeps {
	const { tree, runner, ui, model, cwd, emit, session } = parts;
	const summarize: NavigationDeps["summarize"] = (entries: StoredEntry[], summaryOptions) => {
		const current = session().agent.state.model;
		const replies = tree.getBranch().filter((e) => isMessageEntry(e) && e.message.role === "assistant").length;
		const stream = current.provider === model.model.provider ? model.streamStep(replies) : session().agent.streamFunction;
		return generateBranchSummary(entries, { model: current, stream, ...summaryOptions });
	};
	return {
		tree: () => tree,
		cwd,
		runner,
		emit,
		isIdle: () => !session().isStreaming,
		prefillEditor: (text) => {
			if (!ui.editorText.trim()) emit({ type: "editor_text", text, mode: "set" });
		},
		summarize,
	};
}

/** What the session control behind `ctx` and pi's actions works on; `pi.getSettings()` reads what the runtime runs with. */
export function composeControl(
	config: RuntimeConfig,
	parts: Pick<RuntimeParts, "tree" | "runner" | "models" | "navigation" | "selection" | "ui" | "workspace"> & {
		modelRegistry: ModelRegistry;
		cwd: string;
		emit(event: RuntimeEvent): void;
		session(): AgentSession;
		commits?: Pick<PendingCommits, "stored">;
	},
): ControlDeps {
	const { tree, runner, models, navigation, selection, ui, workspace, modelRegistry, cwd, emit, session, commits } = parts;
	return {
		session,
		stored: commits && ((entryId) => commits.stored(entryId)),
		tree: () => tree,
		runner,
		models: () => models.list(),
		modelRegistry,
		emit,
		exec: (command, args, execOptions) => execInWorkspace(workspace, cwd, command, args, execOptions),
		navigation,
		setThinkingLevel: (level) => selection.setThinkingLevel(level),
		settings: () => {
			const { model: current, thinkingLevel } = session().agent.state;
			const retry = { ...DEFAULT_RETRY_POLICY, ...config.retry };
			return {
				defaultProvider: current.provider,
				defaultModel: current.id,
				defaultThinkingLevel: thinkingLevel,
				theme: appearanceOf(ui),
				compaction: { ...session().compactor.settings },
				retry: { enabled: retry.enabled !== false, maxRetries: retry.maxRetries ?? 0, baseDelayMs: retry.baseDelayMs ?? 0 },
				steeringMode: "all",
				followUpMode: "all",
				enabledModels: [],
			};
		},
	};
}

/** Where the composer's text goes before it is a prompt: a built-in command, an extension's command, `!cmd`. */
export function composeCommands(
	parts: Pick<RuntimeParts, "runner" | "session" | "tree" | "workspace" | "navigation"> & { cwd: string; emit(event: RuntimeEvent): void },
): CommandRouter {
	const { runner, session, tree, workspace, navigation, cwd, emit } = parts;
	return new CommandRouter({
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
}
