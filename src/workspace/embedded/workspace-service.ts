/**
 * What the embedded workspace worker serves over Comlink: one `EmbeddedWorkspace` per worker, shared by
 * every port connected to it (the host's and the runtime worker's), with aborts by call id since an
 * `AbortSignal` cannot be sent. Kept apart from the worker entry so tests can serve it on a
 * MessageChannel under Node.
 */
import type * as Comlink from "comlink";
import { exposeGuarded } from "../../protocol/guard.ts";
import { EMBEDDED_WORKER_METHODS, WORKSPACE_PORT_METHODS } from "../../protocol/workspace/workspace.ts";
import { checkWorkspaceArguments } from "../../protocol/workspace/workspace-schema.ts";
import {
	WorkspaceError,
	type EmbeddedInit,
	type EmbeddedWorkerApi,
	type ExecOutput,
	type ExecRequest,
	type ExecResult,
	type FsChangeSet,
	type FsSnapshot,
	type MkdirOptions,
	type RemoveOptions,
	type SeedFiles,
	type WorkspaceDirent,
	type WorkspaceStat,
} from "../workspace.ts";
import { forwardOutput } from "../serve.ts";
import { EmbeddedWorkspace } from "./embedded-workspace.ts";
import { serveSyncChannel } from "../sync-server.ts";

export class EmbeddedWorkspaceService implements EmbeddedWorkerApi {
	private workspace: Promise<EmbeddedWorkspace> | undefined;
	private readonly running = new Map<string, AbortController>();
	private readonly watchers = new Map<number, () => void>();
	private nextWatcher = 1;

	init(options: EmbeddedInit): Promise<{ cwd: string; kind: "embedded" }> {
		// A failed start (a bad snapshot, say) can be retried.
		this.workspace ??= EmbeddedWorkspace.create(options).catch((error: unknown) => {
			this.workspace = undefined;
			throw error;
		});
		return this.workspace.then((workspace) => ({ cwd: workspace.cwd, kind: workspace.kind }));
	}

	/** Serves this workspace on `port` for a runtime worker: its files and commands, not persistence or `connect`. */
	connect(port: MessagePort): void {
		exposeGuarded(this, port, [...WORKSPACE_PORT_METHODS], { name: "The workspace", proxyArguments: ["exec"], checkArguments: checkWorkspaceArguments });
	}

	/** Serves the host on `endpoint` (the worker's own global scope): every method. */
	serveHost(endpoint: Comlink.Endpoint): void {
		exposeGuarded(this, endpoint, [...EMBEDDED_WORKER_METHODS], { name: "The workspace worker", proxyArguments: ["exec", "watch"] });
	}

	private get ws(): Promise<EmbeddedWorkspace> {
		if (!this.workspace) return Promise.reject(new WorkspaceError("EINVAL", "workspace", undefined, "the workspace worker is not initialised"));
		return this.workspace;
	}

	async readFile(path: string, encoding?: "utf8"): Promise<Uint8Array | string> {
		const workspace = await this.ws;
		return encoding === "utf8" ? workspace.readFile(path, "utf8") : workspace.readFile(path);
	}

	async writeFile(path: string, data: string | Uint8Array): Promise<void> {
		return (await this.ws).writeFile(path, data);
	}

	async list(path: string): Promise<WorkspaceDirent[]> {
		return (await this.ws).list(path);
	}

	async stat(path: string): Promise<WorkspaceStat> {
		return (await this.ws).stat(path);
	}

	async exists(path: string): Promise<boolean> {
		return (await this.ws).exists(path);
	}

	async mkdir(path: string, options?: MkdirOptions): Promise<void> {
		return (await this.ws).mkdir(path, options);
	}

	async remove(path: string, options?: RemoveOptions): Promise<void> {
		return (await this.ws).remove(path, options);
	}

	async rename(from: string, to: string): Promise<void> {
		return (await this.ws).rename(from, to);
	}

	async exec(id: string, command: string, request: ExecRequest, output?: ExecOutput): Promise<ExecResult> {
		const workspace = await this.ws;
		const controller = new AbortController();
		this.running.set(id, controller);
		const forward = forwardOutput(output);
		try {
			const { onStdout, onStderr } = forward;
			return await workspace.exec(command, { ...request, signal: controller.signal, onStdout, onStderr });
		} finally {
			await forward.settle();
			this.running.delete(id);
		}
	}

	abort(id: string): void {
		this.running.get(id)?.abort();
	}

	async openSyncChannel(port: MessagePort): Promise<void> {
		serveSyncChannel(port, await this.ws);
	}

	async serialize(): Promise<FsSnapshot> {
		return (await this.ws).serialize();
	}

	async restore(snapshot: FsSnapshot): Promise<void> {
		return (await this.ws).restore(snapshot);
	}

	async reset(files?: SeedFiles): Promise<void> {
		return (await this.ws).reset(files);
	}

	async takeChanges(): Promise<FsChangeSet> {
		return (await this.ws).takeChanges();
	}

	async watch(listener: (paths: string[]) => void): Promise<number> {
		const id = this.nextWatcher++;
		const remove = (await this.ws).onChange((paths) => {
			// A closed port rejects; the watcher is simply gone.
			Promise.resolve(listener(paths)).catch(() => this.unwatch(id));
		});
		this.watchers.set(id, remove);
		return id;
	}

	unwatch(id: number): void {
		this.watchers.get(id)?.();
		this.watchers.delete(id);
	}
}
