/**
 * The project's own extensions at each start of a runtime: found again in the workspace
 * (`.pi/extensions/`, `.omp/extensions/`), checked against the user's trust, and listed in the page's
 * state with what discovery could not read. New or changed files wait for the trust prompt.
 */
import { workspaceUrl } from "../protocol/workspace-url.ts";
import type { DiscoveredExtension, ProjectDiscovery } from "../workspace/project-extensions.ts";
import type { PlayaDatabase } from "./database.ts";
import type { PlaygroundState } from "./playground-state.ts";
import { problemsOf } from "./problems.ts";
import { ProjectTrust } from "./project-trust.ts";
import type { Store } from "./store.ts";

export interface ProjectExtensionsDeps {
	storage(): PlayaDatabase;
	discover(): Promise<ProjectDiscovery>;
	store: Store<PlaygroundState>;
	notify(message: string): void;
}

export class ProjectExtensions {
	readonly trust: ProjectTrust;
	/** What the trust prompt asks about. */
	private pending: DiscoveredExtension[] = [];

	constructor(private readonly deps: ProjectExtensionsDeps) {
		this.trust = new ProjectTrust(deps.storage);
	}

	/**
	 * The URLs of the project's extensions that may run; undefined when some are new or changed, and
	 * the state now asks about them (`untrustedProjectFiles`).
	 */
	async runnableUrls(): Promise<string[] | undefined> {
		const discovery = await this.deps.discover().catch((error: Error) => {
			this.deps.notify(`Could not look for the project's extensions: ${error.message}`);
			return { extensions: [], problems: [] };
		});
		const split = await this.trust.split(discovery.extensions);
		this.pending = split.unknown;
		this.deps.store.update((state) => ({
			...state,
			projectExtensions: discovery.extensions.map((extension) => extension.path),
			discoveryProblems: discovery.problems,
			problems: problemsOf(discovery.problems, state.extensions, state.errors),
			untrustedProjectFiles: split.unknown.map((extension) => extension.path),
		}));
		if (split.unknown.length > 0) return undefined;
		return split.trusted.map((extension) => workspaceUrl(extension.path));
	}

	/** The user's answer about the files the prompt listed. */
	async decide(run: boolean): Promise<void> {
		const pending = this.pending;
		this.pending = [];
		if (run) await this.trust.trust(pending);
		else this.trust.decline(pending);
		this.deps.store.update((state) => ({ ...state, untrustedProjectFiles: [] }));
	}
}
