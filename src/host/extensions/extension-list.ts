/**
 * The playground's extensions as the Extensions tab changes them: added (a URL, a workspace path, or a pi package
 * source), removed (a package forgotten, a project extension's file deleted), turned back on after a hang, reloaded
 * after the editor saved; each change restarts the runtime (runtime/runtime-runner.ts) and resolves with what it
 * reports. The package consent's answer and the package browser's Try are here too. Runs in the page.
 */
import type { ExtensionStatus } from "../../protocol/runtime.ts";
import { workspacePathOf, workspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import { SNAPSHOT_VERSION } from "../../share/snapshot.ts";
import type { AuthoredFile } from "../editor/editor-desk.ts";
import type { PackageDesk } from "../packages/package-desk.ts";
import type { RuntimeRunner } from "../runtime/runtime-runner.ts";
import type { ShareDesk } from "../share/share-desk.ts";
import { SHARED_SETTINGS } from "../share/share-materialize.ts";
import type { SharedFirstStart } from "../share/shared-first-start.ts";
import type { Notices } from "../state/notices.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundChoices } from "../storage/playground-choices.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import { resolveExtensionInput } from "../trust/extension-url.ts";
import type { LinkExtensions } from "../trust/link-extensions.ts";
import type { ProjectExtensions } from "../trust/project-extensions.ts";
import type { PlaygroundWorkspace } from "../workspace/playground-workspace.ts";

/** What the Extensions panel's field takes as a pi package rather than a module's URL. */
export function looksLikePackageSource(input: string): boolean {
	return /^\s*(npm:|git:|https?:\/\/(www\.)?github\.com\/)/i.test(input);
}

export interface ExtensionListParts {
	store: Store<PlaygroundState>;
	notices: Notices;
	databases: PlaygroundDatabases;
	workspace: PlaygroundWorkspace;
	choices: PlaygroundChoices;
	links: LinkExtensions;
	project: ProjectExtensions;
	packages: PackageDesk;
	share: ShareDesk;
	sharedStart: SharedFirstStart;
	runner: RuntimeRunner;
	location: Location;
}

export class ExtensionList {
	constructor(private readonly parts: ExtensionListParts) {}

	/**
	 * Adds an extension the user typed in, and restarts the runtime with it: a URL (resolved against the page), a
	 * workspace path (`/workspace/my-ext.ts`, `.pi/extensions/x.ts`; see trust/extension-url.ts), or a pi package.
	 */
	async add(input: string): Promise<void> {
		if (looksLikePackageSource(input)) return this.addPackage(input.trim());
		const { workspace, store, location } = this.parts;
		await workspace.ready;
		const url = resolveExtensionInput(input, location.href, workspace.sessionCwd);
		const { extensionUrls } = store.get();
		if (extensionUrls.includes(url)) return;
		await this.save([...extensionUrls, url]);
	}

	async remove(url: string): Promise<void> {
		const { store, packages, databases, runner } = this.parts;
		const pkg = store.get().packages.find((candidate) => url.startsWith(candidate.base));
		if (pkg) {
			// A package the playground kept (a shared snapshot's) is forgotten by it too.
			const kept = packages.remove(pkg.id);
			if (kept) await databases.current.setSetting(SHARED_SETTINGS.linkedPackages, kept);
			return runner.start();
		}
		await this.save(store.get().extensionUrls.filter((u) => u !== url));
	}

	/**
	 * Remove on a project extension's card (one found in `.pi/extensions/`, not one the user listed): the extension is
	 * its file, so the file goes from the workspace (the folder, for a `<name>/index.ts`), and the extensions reload.
	 */
	async deleteProjectExtension(url: string): Promise<void> {
		const path = workspacePathOf(url);
		if (!path) return;
		const target = /\/\.(pi|omp)\/extensions\/[^/]+\/index\.[cm]?[jt]s$/.test(path) ? path.slice(0, path.lastIndexOf("/")) : path;
		try {
			await this.parts.workspace.remove(target);
		} catch (error) {
			this.parts.notices.error(`Could not delete ${target}: ${(error as Error).message}`);
			return;
		}
		this.parts.store.set({ errors: [] });
		await this.parts.runner.start();
		this.parts.notices.notify(`Deleted ${target} from the workspace: its extension is gone from this playground.`, "info", "Playa", "page");
	}

	/** Turns an extension that hung the runtime back on; resolves once the new runtime says how it went. */
	async enable(url: string): Promise<void> {
		await this.parts.runner.disabled.enable(url);
		await this.parts.runner.start();
		await this.reported();
	}

	/**
	 * Save to reload: finds the project's extensions again and reloads every extension in the running
	 * session, as `/reload` and `ctx.reload()` do (the session and its entries kept; the old `pi` and
	 * `ctx` stale). `authored`: files the user just saved in the page, whose content is theirs and so
	 * trusted without asking. Resolves once the new runtime started (or the trust prompt asks about
	 * new files); problems arrive in `state.problems` as the extensions load.
	 */
	async reload(options: { authored?: AuthoredFile[] } = {}): Promise<ExtensionStatus[]> {
		const { runner, project } = this.parts;
		const off = new Set((await runner.disabled.list()).map((entry) => entry.url));
		for (const file of options.authored ?? []) {
			await project.trust.authored(file.path, file.content);
			// A changed file of an extension turned off after a hang: the user fixed it, so it runs again.
			const url = workspaceUrl(file.path);
			if (file.changed && off.has(url)) await runner.disabled.enable(url);
		}
		await runner.start({ startReason: { reason: "reload" } });
		return this.reported();
	}

	/**
	 * The user's answer to the package consent: yes keeps each package's exact version and file list, and the
	 * runtime starts with them; a link's extensions still waiting are asked about next.
	 */
	async decidePackages(run: boolean): Promise<void> {
		const { phase, packageConsent, untrustedUrls } = this.parts.store.get();
		if (phase !== "awaiting-trust" || packageConsent.length === 0) return;
		await this.parts.packages.decide(run);
		if (untrustedUrls.length > 0) return;
		await this.parts.runner.start();
		await this.parts.sharedStart.sendPrompt();
	}

	/** A package the user typed (`npm:…`, `git:…`, a GitHub URL): resolved, then asked about, then loaded. */
	async addPackage(source: string): Promise<void> {
		if (await this.parts.packages.add([source])) this.parts.store.set({ phase: "awaiting-trust" });
		else await this.parts.runner.start();
	}

	/**
	 * The package browser's Try: the package, pinned (metadata only), opens in a new playground beside this one, as a
	 * share link opens, where the package consent asks about it before anything of it is fetched or runs.
	 */
	async tryPackage(source: string): Promise<void> {
		const pinned = await this.parts.packages.pin(source);
		if ("error" in pinned) return this.parts.notices.notify(pinned.error, "error", "Playa", "page");
		await this.parts.share.openBeside({ version: SNAPSHOT_VERSION, files: [], extensions: [], packages: [pinned.id] }, `Trying ${pinned.id}`);
	}

	private async save(urls: string[]): Promise<void> {
		const { store, choices, links, runner } = this.parts;
		store.set({ extensionUrls: urls, errors: [] });
		await choices.saveExtensions(urls.filter((url) => !links.includes(url)));
		await runner.start();
	}

	/**
	 * The extensions as the runtime just started reports them, once it has (the cards show the last runtime's until
	 * then); the cards as they are when the start ended otherwise (the page asks about trust, or it failed).
	 */
	private reported(): Promise<ExtensionStatus[]> {
		const { store } = this.parts;
		const settled = () => {
			const { phase, extensionsReported } = store.get();
			return phase !== "starting" && (phase !== "ready" || extensionsReported);
		};
		return new Promise((resolve) => {
			if (settled()) return resolve(store.get().extensions);
			const stop = store.subscribe(() => {
				if (!settled()) return;
				stop();
				resolve(store.get().extensions);
			});
		});
	}
}
