/**
 * pi 1.6's `project_trust`: before the project's own extensions load, the extensions already running (the
 * user's and the link's, each one the user said yes to) may decide whether the project is trusted. The first
 * yes or no wins; the page applies it, or asks the user itself when no handler decides, and answers with the
 * project extensions to load. Handlers get upstream's limited trust context: cwd, mode, hasUI and four dialogs.
 */
import type { ExtensionContext } from "../../api/types.ts";
import type { ModuleLoader } from "../../loader/module-loader.ts";
import type { DisabledExtensionInfo, HostBridge, ProjectTrustAnswer, ProjectTrustDecision } from "../../protocol/runtime.ts";
import type { ApiEnvironment } from "./api.ts";
import type { ContextSource } from "./context.ts";
import { disabledExtension, type RegisteredExtension } from "./extension.ts";
import { loadExtension } from "./loading/load-extensions.ts";
import type { ExtensionRunner } from "./runner.ts";
import { createUIContext, type UIScope } from "./ui/ui-client.ts";

/** The context a `project_trust` handler gets: the session does not exist yet, so neither do its members. */
export function createProjectTrustContext(
	source: Pick<ContextSource, "cwd" | "mode" | "ui" | "notice">,
	extension: RegisteredExtension,
	scope: Omit<UIScope, "extension" | "notice">,
): ExtensionContext {
	const ui = createUIContext(source.ui, { ...scope, extension: extension.name, notice: (text) => source.notice(extension, text) });
	const limited = { cwd: source.cwd, mode: source.mode, hasUI: true, ui: { select: ui.select, confirm: ui.confirm, input: ui.input, notify: ui.notify } };
	return limited as unknown as ExtensionContext;
}

/** What the handlers decided: the first yes or no and whose it was, else undecided (a throw counts as undecided). */
export async function decideProjectTrust(runner: ExtensionRunner, cwd: string): Promise<ProjectTrustDecision> {
	const { outcome, decidedBy } = await runner.dispatchDeciding("project_trust", { cwd });
	if (!decidedBy || (outcome?.trusted !== "yes" && outcome?.trusted !== "no")) return { trusted: "undecided" };
	return { trusted: outcome.trusted, remember: outcome.remember === true, extension: decidedBy.name };
}

export interface ProjectTrustDeps {
	runner: ExtensionRunner;
	loader: ModuleLoader;
	env: ApiEnvironment;
	host: HostBridge;
	disabled: ReadonlyMap<string, DisabledExtensionInfo>;
}

/**
 * Asks the extensions, hands the decision to the host, and loads the project extensions its answer names ahead
 * of the others (where they load when already trusted). A host that keeps no project trust loads none.
 */
export async function resolveProjectTrust(deps: ProjectTrustDeps, cwd: string): Promise<ProjectTrustAnswer> {
	const { runner, loader, env, host, disabled } = deps;
	const decision = await decideProjectTrust(runner, cwd);
	const answer: ProjectTrustAnswer = (await host.resolveProjectTrust?.(decision)) ?? { extensions: [], trusted: false };
	const before = runner.extensions.length;
	if (answer.contentHashes) loader.trustHashes(answer.contentHashes);
	for (const url of answer.extensions) if (!disabled.has(url)) loader.prepare(url);
	for (const url of answer.extensions) {
		if (disabled.has(url)) runner.add(disabledExtension(disabled.get(url)!));
		else await loadExtension(url, loader, runner, env);
	}
	runner.extensions.unshift(...runner.extensions.splice(before));
	return answer;
}
