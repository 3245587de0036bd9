/**
 * The project's own extensions at each start of a runtime: found again in the workspace
 * (`.pi/extensions/`, `.omp/extensions/`), checked against the user's trust, and listed in the page's
 * state with what discovery could not read. New or changed files wait for a decision: the running
 * extensions' `project_trust` handlers' (pi 1.6), else the page's trust prompt.
 *
 * An extension is every file it runs: discovery's files, and every module its entry imports by a relative path or a
 * URL, found and hashed here (module-graph.ts) with the page's own reads of the workspace and its own fetch. A new or changed import
 * asks again, naming it; the runtime gets each module's hash and runs no other text (`contentHashes`).
 */
import type { ProjectTrustAnswer, ProjectTrustDecision } from "../../protocol/runtime.ts";
import { workspacePathOf, workspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import { contentHash, type DiscoveredExtension, type ProjectDiscovery } from "../../workspace/project-discovery.ts";
import type { ConsentFile } from "../state/playground-state.ts";
import { fetchModuleText } from "./extension-trust.ts";
import { moduleGraph } from "./module-graph.ts";
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
	/** Finds the project's extensions (playground-workspace.ts), and reads the files they import. */
	workspace: { projectExtensions(): Promise<ProjectDiscovery>; readFile(path: string): Promise<Uint8Array> };
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
	/** Each discovered extension's modules (by entry path): workspace URL and the `sha256-<hex>` of its text. */
	private graphs = new Map<string, Record<string, string>>();
	/** The extensions the last start or decision lets run. */
	private runnable: DiscoveredExtension[] = [];

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
		const extensions = await Promise.all(discovery.extensions.map((extension) => this.withImports(extension)));
		const split = await this.trust.split(extensions);
		this.discovered = extensions;
		this.runnable = split.trusted;
		this.pending = split.unknown;
		this.expecting = split.unknown.length > 0;
		const consentFiles = await this.consentFiles(split.unknown);
		this.parts.store.update((state) => ({
			...state,
			projectExtensions: discovery.extensions.map((extension) => extension.path),
			discoveryProblems: discovery.problems,
			problems: problemsOf(discovery.problems, state.extensions, state.errors),
			untrustedProjectFiles: split.unknown.map((extension) => extension.path),
			consentFiles,
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
		this.parts.store.set({ untrustedProjectFiles: [], consentFiles: [] });
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
			this.parts.store.set({ untrustedProjectFiles: [], consentFiles: [] });
			const names = pending.map((extension) => extension.path.split("/").slice(-2).join("/")).join(", ");
			const kept = decision.remember ? "" : " for this page";
			this.parts.notices.notify(
				`${decision.extension} ${yes ? "trusted" : "declined"} the project's extensions${kept} (project_trust): ${names}`,
				"info",
				"Playa",
			);
		}
		const split = await this.trust.split(this.discovered);
		this.runnable = split.trusted;
		return {
			extensions: split.trusted.map((extension) => workspaceUrl(extension.path)),
			trusted: split.trusted.length === this.discovered.length,
			contentHashes: this.contentHashes(),
		};
	}

	/**
	 * The hashes of every module of the extensions that may run (as the page read them at the last start or decision):
	 * the runtime's loader runs no other text of theirs, and no module they did not import then.
	 */
	contentHashes(): Record<string, string> {
		return Object.assign({}, ...this.runnable.map((extension) => this.graphs.get(extension.path) ?? {}));
	}

	/** The extension with the workspace files its entry imports (relative paths) among its files, each hashed as read here. */
	private async withImports(extension: DiscoveredExtension): Promise<DiscoveredExtension> {
		const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
		const read = async (url: string) => {
			const path = workspacePathOf(url);
			// A module imported by an http(s) URL is read as the link's are; kept by its URL among the files.
			return path ? decoder.decode(await this.parts.workspace.readFile(path)) : /^https?:/i.test(url) ? fetchModuleText(url) : undefined;
		};
		const modules = await moduleGraph(workspaceUrl(extension.path), read);
		this.graphs.set(extension.path, Object.fromEntries(modules.map((module) => [module.url, module.hash])));
		const files = [...extension.files];
		for (const module of modules) {
			const path = workspacePathOf(module.url) ?? module.url;
			if (!files.some((file) => file.path === path)) files.push({ path, hash: await contentHash(new TextEncoder().encode(module.text)) });
		}
		return { ...extension, files };
	}

	/** What the prompt lists of these extensions: the modules they run (entry first), and any other of their files that changed. */
	private async consentFiles(extensions: DiscoveredExtension[]): Promise<ConsentFile[]> {
		const changed = await this.trust.untrustedFiles(extensions);
		const listed: ConsentFile[] = [];
		for (const extension of extensions) {
			const modules = Object.keys(this.graphs.get(extension.path) ?? {}).map((url) => workspacePathOf(url) ?? url);
			for (const file of [...modules, ...extension.files.map((file) => file.path).filter((path) => changed.has(path) && !modules.includes(path))]) {
				if (!listed.some((entry) => entry.file === file)) listed.push({ file, changed: changed.has(file) });
			}
		}
		return listed;
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
