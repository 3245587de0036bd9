/**
 * The project's own extensions at each start of a runtime: found again in the workspace
 * (`.pi/extensions/`, `.omp/extensions/`), checked against the user's trust, and listed in the page's
 * state with what discovery could not read. New or changed files wait for a decision: the running
 * extensions' `project_trust` handlers' (pi 1.6), else the page's trust prompt.
 */
import type { ProjectTrustAnswer, ProjectTrustDecision } from "../../protocol/runtime.ts";
import { workspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import type { DiscoveredExtension, ProjectDiscovery } from "../../workspace/project-discovery.ts";
import type { Notices } from "../state/notices.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import { problemsOf } from "../state/problems.ts";
import { ProjectTrust } from "./project-trust.ts";
import type { Store } from "../state/store.ts";

/** What the project's extensions are built from. */
export interface ProjectExtensionsParts {
	/** The playground's database, where the trust is kept. */
	databases: Pick<PlaygroundDatabases, "current">;
	/** Finds the project's extensions (playground-workspace.ts). */
	workspace: { projectExtensions(): Promise<ProjectDiscovery> };
	store: Pick<Store<PlaygroundState>, "update" | "set">;
	notices: Pick<Notices, "notify">;
}

export class ProjectExtensions {
	readonly trust: ProjectTrust;
	/** What the trust prompt asks about. */
	private pending: DiscoveredExtension[] = [];
	/** What the last discovery found. */
	private discovered: DiscoveredExtension[] = [];
	/** The last start left files undecided: one decision from its runtime is expected (and no other is taken). */
	private expecting = false;
	/** A runtime waits for the page's prompt (its extensions left the decision to it): the user's answer goes there. */
	private waiting?: (run: boolean | undefined) => void;

	constructor(private readonly parts: ProjectExtensionsParts) {
		this.trust = new ProjectTrust(parts.databases);
	}

	/**
	 * The URLs of the project's extensions that may run; undefined when some are new or changed, and
	 * the state now asks about them (`untrustedProjectFiles`).
	 */
	async runnableUrls(): Promise<string[] | undefined> {
		const discovery = await this.parts.workspace.projectExtensions().catch((error: Error) => {
			this.parts.notices.notify(`Could not look for the project's extensions: ${error.message}`, "error", "Playa");
			return { extensions: [], problems: [] };
		});
		const split = await this.trust.split(discovery.extensions);
		this.discovered = discovery.extensions;
		this.pending = split.unknown;
		this.expecting = split.unknown.length > 0;
		this.parts.store.update((state) => ({
			...state,
			projectExtensions: discovery.extensions.map((extension) => extension.path),
			discoveryProblems: discovery.problems,
			problems: problemsOf(discovery.problems, state.extensions, state.errors),
			untrustedProjectFiles: split.unknown.map((extension) => extension.path),
		}));
		if (split.unknown.length > 0) return undefined;
		return split.trusted.map((extension) => workspaceUrl(extension.path));
	}

	/** The user's answer about the files the prompt listed; true when a waiting runtime took it (nothing to start). */
	async decide(run: boolean): Promise<boolean> {
		const pending = this.pending;
		this.pending = [];
		if (run) await this.trust.trust(pending);
		else await this.trust.decline(pending);
		this.parts.store.set({ untrustedProjectFiles: [] });
		const waiting = this.waiting;
		this.waiting = undefined;
		waiting?.(run);
		return waiting !== undefined;
	}

	/**
	 * A runtime's `project_trust` decision (parsed; only extensions the user said yes to run there): a yes or a no
	 * decides, remembered or for this page only; undecided asks the user with the page's prompt (`ask` shows it).
	 * Answers with the project extensions that may now run.
	 */
	async resolve(decision: ProjectTrustDecision, ask: () => void): Promise<ProjectTrustAnswer> {
		// A runtime that asks when nothing waits for its answer (or asks twice) decides nothing.
		if (!this.expecting) return { extensions: [], trusted: await this.allTrusted() };
		this.expecting = false;
		if (decision.trusted === "undecided") {
			const answered = new Promise<boolean | undefined>((resolve) => {
				this.waiting = resolve;
			});
			ask();
			if ((await answered) === undefined) return { extensions: [], trusted: false };
		} else {
			const pending = this.pending;
			this.pending = [];
			const yes = decision.trusted === "yes";
			if (yes) await this.trust.trust(pending, decision.remember);
			else await this.trust.decline(pending, decision.remember);
			this.parts.store.set({ untrustedProjectFiles: [] });
			const names = pending.map((extension) => extension.path.split("/").slice(-2).join("/")).join(", ");
			const kept = decision.remember ? "" : " for this page";
			this.parts.notices.notify(
				`${decision.extension} ${yes ? "trusted" : "declined"} the project's extensions${kept} (project_trust): ${names}`,
				"info",
				"Playa",
			);
		}
		const split = await this.trust.split(this.discovered);
		return { extensions: split.trusted.map((extension) => workspaceUrl(extension.path)), trusted: split.trusted.length === this.discovered.length };
	}

	/** The runtime that waited for the prompt is gone: the prompt's answer will start a new one. */
	abandon(): void {
		this.waiting?.(undefined);
		this.waiting = undefined;
	}

	/** Whether every discovered project extension may run (`ctx.isProjectTrusted()`). */
	async allTrusted(): Promise<boolean> {
		return (await this.trust.split(this.discovered)).trusted.length === this.discovered.length;
	}
}
