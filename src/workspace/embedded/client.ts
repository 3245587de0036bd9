/**
 * `Workspace` on the far side of the embedded worker: the host and the runtime worker use this. It puts
 * back what Comlink cannot carry: typed errors (revived from their message), abort signals (an abort
 * call by id, plus a shared-memory flag that reaches a busy loop), and the output callbacks.
 */
import * as Comlink from "comlink";
import { proxyCallback } from "../../protocol/guard.ts";
import {
	WorkspaceError,
	type EmbeddedInit,
	type EmbeddedWorkerApi,
	type ExecOptions,
	type ExecOutput,
	type ExecResult,
	type FsChangeSet,
	type FsSnapshot,
	type MkdirOptions,
	type RemoveOptions,
	type SeedFiles,
	type Workspace,
	type WorkspaceDirent,
	type WorkspaceKind,
	type WorkspaceStat,
} from "../workspace.ts";

const INTERRUPT_SLOTS = 64;

/** Slots in shared memory, one per running command; none without SharedArrayBuffer (no isolation). */
class InterruptPool {
	readonly flags = new Int32Array(new SharedArrayBuffer(INTERRUPT_SLOTS * Int32Array.BYTES_PER_ELEMENT));
	private readonly free = Array.from({ length: INTERRUPT_SLOTS }, (_, index) => index);

	static create(sharesMemory: boolean): InterruptPool | undefined {
		if (!sharesMemory) return undefined;
		const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
		return typeof SharedArrayBuffer === "function" && isolated !== false ? new InterruptPool() : undefined;
	}

	acquire(): number | undefined {
		const index = this.free.pop();
		if (index !== undefined) Atomics.store(this.flags, index, 0);
		return index;
	}

	release(index: number): void {
		Atomics.store(this.flags, index, 0);
		this.free.push(index);
	}
}

export class RemoteEmbeddedWorkspace implements Workspace {
	private readonly clientId = Math.random().toString(36).slice(2);
	private nextExec = 1;
	private readonly interrupts: InterruptPool | undefined;

	constructor(
		private readonly api: Comlink.Remote<EmbeddedWorkerApi>,
		readonly cwd: string,
		/** The backend behind the port (a runtime may be served the WebContainer one, see `serveWorkspace`). */
		readonly kind: WorkspaceKind = "embedded",
		/** False when the far side is in another agent cluster (shared memory would not arrive): abort by message only. */
		sharesMemory = true,
	) {
		this.interrupts = InterruptPool.create(sharesMemory);
	}

	private async call<T>(run: () => Promise<T>): Promise<T> {
		try {
			return await run();
		} catch (error) {
			throw WorkspaceError.from(error);
		}
	}

	readFile(path: string): Promise<Uint8Array>;
	readFile(path: string, encoding: "utf8"): Promise<string>;
	readFile(path: string, encoding?: "utf8"): Promise<Uint8Array | string> {
		return this.call(async (): Promise<Uint8Array | string> => await this.api.readFile(path, encoding));
	}

	writeFile(path: string, data: string | Uint8Array): Promise<void> {
		return this.call(() => this.api.writeFile(path, data));
	}

	list(path: string): Promise<WorkspaceDirent[]> {
		return this.call(() => this.api.list(path));
	}

	stat(path: string): Promise<WorkspaceStat> {
		return this.call(() => this.api.stat(path));
	}

	exists(path: string): Promise<boolean> {
		return this.call(() => this.api.exists(path));
	}

	mkdir(path: string, options?: MkdirOptions): Promise<void> {
		return this.call(() => this.api.mkdir(path, options));
	}

	remove(path: string, options?: RemoveOptions): Promise<void> {
		return this.call(() => this.api.remove(path, options));
	}

	rename(from: string, to: string): Promise<void> {
		return this.call(() => this.api.rename(from, to));
	}

	async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
		const { signal, onStdout, onStderr, cwd, env, stdin, timeoutMs } = options;
		if (signal?.aborted) return { stdout: "", stderr: "", exitCode: 124, killed: true, killReason: "aborted" };
		const id = `${this.clientId}:${this.nextExec++}`;
		const slot = this.interrupts?.acquire();
		const onAbort = () => {
			if (slot !== undefined && this.interrupts) Atomics.store(this.interrupts.flags, slot, 1);
			this.api.abort(id).catch(() => undefined);
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		try {
			const interrupt = slot !== undefined && this.interrupts ? { flags: this.interrupts.flags, index: slot } : undefined;
			// Output arrives through a proxy as the backend delivers it (all of it before the result).
			const output = onStdout || onStderr ? proxyCallback<ExecOutput>((stream, chunk) => (stream === "stdout" ? onStdout : onStderr)?.(chunk)) : undefined;
			return await this.call(() => this.api.exec(id, command, { cwd, env, stdin, timeoutMs, interrupt }, output));
		} finally {
			signal?.removeEventListener("abort", onAbort);
			if (slot !== undefined) this.interrupts?.release(slot);
		}
	}

	/* ---- Persistence and lifecycle (see EmbeddedWorkspace). ---- */

	serialize(): Promise<FsSnapshot> {
		return this.call(() => this.api.serialize());
	}

	restore(snapshot: FsSnapshot): Promise<void> {
		return this.call(() => this.api.restore(snapshot));
	}

	reset(files?: SeedFiles): Promise<void> {
		return this.call(() => this.api.reset(files));
	}

	takeChanges(): Promise<FsChangeSet> {
		return this.call(() => this.api.takeChanges());
	}

	/** Listens for changed paths; resolves to a function that stops listening. */
	async onChange(listener: (paths: string[]) => void): Promise<() => void> {
		// The workspace worker may call the listener, and nothing else on this thread.
		const id = await this.api.watch(proxyCallback(listener));
		return () => void this.api.unwatch(id).catch(() => undefined);
	}

	/** A port serving the same workspace, to transfer to another worker (see `connectEmbeddedWorkspace`). */
	async createPort(): Promise<MessagePort> {
		const channel = new MessageChannel();
		await this.api.connect(Comlink.transfer(channel.port1, [channel.port1]));
		return channel.port2;
	}

	/** A port the workspace answers synchronous calls on (workspace-sync.ts), for this thread to block on. */
	async openSyncPort(): Promise<MessagePort> {
		const channel = new MessageChannel();
		await this.call(() => this.api.openSyncChannel(Comlink.transfer(channel.port1, [channel.port1])));
		return channel.port2;
	}

	/** Stops talking to the worker (the worker itself keeps running for other clients). */
	dispose(): void {
		this.api[Comlink.releaseProxy]();
	}
}

/** A workspace client on a worker or port serving `EmbeddedWorkspaceService`; the first one initialises it. */
export async function connectEmbeddedWorkspace(endpoint: Comlink.Endpoint, init: EmbeddedInit = {}, sharesMemory = true): Promise<RemoteEmbeddedWorkspace> {
	const api = Comlink.wrap<EmbeddedWorkerApi>(endpoint);
	try {
		const { cwd, kind } = await api.init(init);
		return new RemoteEmbeddedWorkspace(api, cwd, kind, sharesMemory);
	} catch (error) {
		api[Comlink.releaseProxy]();
		throw WorkspaceError.from(error, "init");
	}
}
