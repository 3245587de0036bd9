/**
 * The playground's one workspace, shared by its sessions: started on the backend the user chose (the
 * embedded shell by default; WebContainer on request, falling back with a notice), kept in IndexedDB,
 * served to every runtime on a port, and the files panel's source. Which backend to use comes from
 * `?workspace=embedded|webcontainer` (remembered) or the stored choice.
 */
import type { WorkspaceProgress, WorkspaceStatus } from "../state/records.ts";
import { type FsChangeSet, isWorkspaceKind } from "../../protocol/workspace/workspace.ts";
import { chooseBackend } from "../../workspace/choose.ts";
import type { EmbeddedWorkspaceHandle } from "../../workspace/embedded/start.ts";
import { serveWorkspace } from "../../workspace/serve.ts";
import { readTree, walk } from "../../workspace/file-tree.ts";
import type { SeedFiles, Workspace, WorkspaceKind } from "../../workspace/workspace.ts";
import { bootPageWebContainer, type BootOutcome } from "../../workspace/webcontainer/boot.ts";
import { INSTALL_COMMAND, installDependencies } from "../../workspace/webcontainer/install.ts";
import type { WebContainerWorkspace } from "../../workspace/webcontainer/webcontainer-workspace.ts";
import type { PlayaDatabase } from "../storage/database.ts";
import { storageFailureReason } from "../storage/storage-failure.ts";
import type { Notices } from "../state/notices.ts";
import type { Store } from "../state/store.ts";
import { discoverProjectExtensions, type ProjectDiscovery } from "../../workspace/project-discovery.ts";
import { seedFromStore, STORED_ROOT, WorkspaceMirror } from "./workspace-mirror.ts";
import { spawnEmbeddedWorker } from "../../workspace/embedded/spawn.ts";
import { workspaceAsked } from "./workspace-param.ts";

const SAVE_FAILED = "Could not save the workspace: ";
/** What a failed save means for the files: the page has them, the store does not yet. */
const KEPT_IN_PAGE = "The files changed since are in this page only: they are saved with the next change once there is room.";

const PREFERENCE_SETTING = "workspaceBackend";

/** What the page shows about the workspace. */
export interface WorkspaceUpdate {
	files?: string[];
	workspace?: WorkspaceStatus;
}

type Running =
	| { kind: "embedded"; handle: EmbeddedWorkspaceHandle; workspace: Workspace }
	| { kind: "webcontainer"; workspace: WebContainerWorkspace; mirror: WorkspaceMirror };

export class PlaygroundWorkspace {
	private running?: Running;
	private closed = false;
	private storage?: PlayaDatabase;
	private saving = Promise.resolve();
	/** The embedded workspace's change sets not stored yet (a full disk): stored, in order, before the next. */
	private readonly unsaved: FsChangeSet[] = [];
	/** The embedded shell's worker, started before storage opened (`warm`), for `open` to take. */
	private warmWorker?: Worker;
	private warmed = false;

	/** The start `open` began; resolved before it began (see `ready`). */
	private opening: Promise<void> = Promise.resolve();

	constructor(
		/** The page's state: told the file paths and the backend's status whenever they change. */
		private readonly store: Pick<Store<WorkspaceUpdate>, "set">,
		/** Told when the workspace did not start or could not save. */
		private readonly notices: Pick<Notices, "error">,
		/** The page's one WebContainer boot by default; tests pass a stand-in's. */
		private readonly boot: () => Promise<BootOutcome> = bootPageWebContainer,
	) {}

	/** Resolves once the workspace `open` began has started (or failed to); at once before `open`. */
	get ready(): Promise<void> {
		return this.opening;
	}

	/** The working directory (the root of the files panel), once started. */
	get cwd(): string | undefined {
		return this.running?.workspace.cwd;
	}

	/** The cwd sessions record and runtimes use: the workspace's, or the embedded one when none started. */
	get sessionCwd(): string {
		return this.cwd ?? STORED_ROOT;
	}

	/**
	 * Starts the embedded shell's worker now, so its module (the largest the start waits for) loads while storage
	 * opens; `open` hands it the stored files. `started`: one the page started already (early-start.ts). A page
	 * asking for WebContainer by its address does without.
	 */
	warm(location: Location, started?: Worker): void {
		if (this.warmed || this.closed || workspaceAsked(location) === "webcontainer") {
			started?.terminate();
			return;
		}
		this.warmed = true;
		this.warmWorker = started ?? spawnEmbeddedWorker();
	}

	/** The warm worker, if any, once: `open` takes it for the embedded shell. */
	private takeWarmWorker(): Worker | undefined {
		const worker = this.warmWorker;
		this.warmWorker = undefined;
		this.warmed = true;
		return worker;
	}

	/** The warm worker is not wanted (WebContainer runs, or the page closed): it ends. */
	private dropWarmWorker(): void {
		this.takeWarmWorker()?.terminate();
	}

	/** Starts the workspace on the playground's database (its stored files, the backend chosen); resolves as `ready` does. */
	open(storage: PlayaDatabase, location: Location): Promise<void> {
		this.opening = this.start(storage, location);
		return this.opening;
	}

	private async start(storage: PlayaDatabase, location: Location): Promise<void> {
		this.storage = storage;
		const preference = await this.preference(storage, location);
		const starting = (progress?: WorkspaceProgress) =>
			this.store.set({ workspace: { preference, notice: preference === "webcontainer" ? "Booting WebContainer…" : "Starting the embedded shell…", progress } });
		starting(preference === "webcontainer" ? { step: "Booting WebContainer", detail: "loading StackBlitz's runtime" } : undefined);
		try {
			const chosen = await chooseBackend(preference, {
				boot: this.boot,
				prepare: async (workspace) => {
					const snapshot = await storage.loadFiles();
					const files = snapshot.entries.filter((entry) => entry.type === "file").length;
					starting({ step: "Booting WebContainer", detail: `restoring ${files} stored file${files === 1 ? "" : "s"}` });
					await seedFromStore(workspace, snapshot);
				},
				embedded: async () => {
					const { startEmbeddedWorkspace } = await import("../../workspace/embedded/start.ts");
					// Without a warm worker, the start spawns one.
					const worker = this.takeWarmWorker();
					return startEmbeddedWorkspace({ snapshot: await storage.loadFiles() }, worker);
				},
			});
			this.dropWarmWorker();
			// Closed while it started: the embedded shell's worker goes too.
			if (this.closed) return chosen.kind === "embedded" ? chosen.embedded.terminate() : undefined;
			let notice = chosen.notice;
			if (chosen.kind === "embedded") await this.runEmbedded(chosen.embedded, storage);
			else {
				this.runWebContainer(chosen.workspace, storage);
				notice += await this.install(chosen.workspace, starting);
			}
			this.store.set({
				workspace: { kind: chosen.kind, cwd: this.cwd, preference, notice, fellBack: chosen.kind === "embedded" && chosen.fellBack },
			});
			await this.publishFiles();
		} catch (error) {
			this.dropWarmWorker();
			this.running = undefined;
			const message = `The workspace did not start, so commands and file tools are off: ${(error as Error).message}`;
			this.store.set({ workspace: { preference, notice: message } });
			this.notices.error(message);
		}
	}

	/**
	 * A WebContainer's packages come back before anything runs in it (the store keeps no node_modules); the
	 * page shows the install's latest line meanwhile. Returns what the notice adds: a failure, never a throw.
	 */
	private async install(workspace: WebContainerWorkspace, starting: (progress: WorkspaceProgress) => void): Promise<string> {
		try {
			const outcome = await installDependencies(workspace, (line) => starting({ step: INSTALL_COMMAND, detail: line }));
			if (!outcome.ran || outcome.exitCode === 0) return "";
			return ` \`${INSTALL_COMMAND}\` exited with code ${outcome.exitCode}${outcome.lastLine ? `: ${outcome.lastLine}` : ""}.`;
		} catch (error) {
			return ` \`${INSTALL_COMMAND}\` did not run: ${(error as Error).message}.`;
		}
	}

	/** Ends the embedded shell's worker (a playground closed in the page); a WebContainer lives as long as the page. */
	close(): void {
		this.closed = true;
		this.dropWarmWorker();
		if (this.running?.kind === "embedded") this.running.handle.terminate();
		this.running = undefined;
	}

	private async preference(storage: PlayaDatabase, location: Location): Promise<WorkspaceKind> {
		const asked = workspaceAsked(location);
		if (asked) {
			await storage.setSetting(PREFERENCE_SETTING, asked);
			return asked;
		}
		const stored = await storage.getSetting<string>(PREFERENCE_SETTING);
		return isWorkspaceKind(stored) ? stored : "embedded";
	}

	/** Remembers the backend for the next page load (one WebContainer per page: switching needs a reload). */
	async choose(kind: WorkspaceKind): Promise<void> {
		await this.storage?.setSetting(PREFERENCE_SETTING, kind);
	}

	private async runEmbedded(handle: EmbeddedWorkspaceHandle, storage: PlayaDatabase): Promise<void> {
		const { workspace } = handle;
		this.running = { kind: "embedded", handle, workspace };
		await workspace.onChange(() => {
			this.saving = this.saving
				.then(async () => {
					// Change sets that were not stored go again, first and in order: the store ends as the files are.
					this.unsaved.push(await workspace.takeChanges());
					while (this.unsaved.length > 0) {
						await storage.applyFileChanges(this.unsaved[0]);
						this.unsaved.shift();
					}
					await this.publishFiles();
				})
				.catch(async (error) => this.notices.error(`${SAVE_FAILED}${await storageFailureReason(error)}. ${KEPT_IN_PAGE}`));
		});
	}

	/** Runs a container already seeded from the store (see `open`), mirroring it back there. */
	private runWebContainer(workspace: WebContainerWorkspace, storage: PlayaDatabase): void {
		const mirror = new WorkspaceMirror(
			workspace,
			async (changes) => {
				await storage.applyFileChanges(changes);
				await this.publishFiles();
			},
			(error) => void storageFailureReason(error).then((reason) => this.notices.error(`${SAVE_FAILED}${reason}. ${KEPT_IN_PAGE}`)),
		);
		this.running = { kind: "webcontainer", workspace, mirror };
		workspace.onChange(() => void mirror.schedule());
	}

	private async publishFiles(): Promise<void> {
		if (!this.running) return;
		const entries = await walk(this.running.workspace);
		this.store.set({ files: entries.filter((entry) => entry.type === "file").map((entry) => entry.path) });
	}

	private get workspace(): Workspace {
		if (!this.running) throw new Error("There is no workspace");
		return this.running.workspace;
	}

	/** A port for a runtime worker; undefined when there is no workspace. */
	createPort(): Promise<MessagePort> | undefined {
		if (!this.running) return undefined;
		// Served from here for either backend: the runtime's frame cannot share memory with the embedded
		// worker, so its aborts arrive here by message and this page's client sets the worker's shared flag.
		return Promise.resolve(serveWorkspace(this.running.workspace));
	}

	readFile(path: string): Promise<Uint8Array> {
		return this.workspace.readFile(path);
	}

	writeFile(path: string, data: string | Uint8Array): Promise<void> {
		return this.workspace.writeFile(path, data);
	}

	remove(path: string): Promise<void> {
		return this.workspace.remove(path, { recursive: true });
	}

	/** Writes `files` (paths relative to cwd), replacing files of the same name. */
	async seed(files: SeedFiles): Promise<void> {
		for (const [path, data] of Object.entries(files)) await this.workspace.writeFile(path, data);
	}

	/** Empties the workspace (every session of the playground shares it), then writes `files`. */
	async reset(files: SeedFiles = {}): Promise<void> {
		const running = this.running;
		if (!running) throw new Error("There is no workspace");
		if (running.kind === "embedded") {
			await running.handle.workspace.reset(files);
			return;
		}
		for (const entry of await running.workspace.list(running.workspace.cwd)) await running.workspace.remove(entry.path, { recursive: true });
		await this.seed(files);
		await running.mirror.schedule();
	}

	/** The project-local extensions in `.pi/extensions/` and `.omp/extensions/`; none without a workspace. */
	async projectExtensions(): Promise<ProjectDiscovery> {
		if (!this.running) return { extensions: [], problems: [] };
		return discoverProjectExtensions(this.running.workspace, this.running.workspace.cwd);
	}

	/** Every file under cwd (but `node_modules`), by relative path: for a download. */
	files(): Promise<Record<string, Uint8Array>> {
		return readTree(this.workspace);
	}
}
