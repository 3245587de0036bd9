/**
 * Serves any `Workspace` on a port with the protocol the runtime worker speaks (`WorkspacePortApi`),
 * so a runtime uses the WebContainer backend, which lives on the main thread, exactly as it uses the
 * embedded worker. Aborts arrive by call id.
 */
import * as Comlink from "comlink";
import { exposeGuarded } from "../protocol/guard.ts";
import { WORKSPACE_PORT_METHODS } from "../protocol/workspace/workspace.ts";
import { checkWorkspaceArguments } from "../protocol/workspace/workspace-schema.ts";
import { serveSyncChannel } from "./sync-server.ts";
import type {
	ExecOptions,
	ExecOutput,
	ExecRequest,
	ExecResult,
	MkdirOptions,
	RemoveOptions,
	Workspace,
	WorkspaceDirent,
	WorkspaceKind,
	WorkspacePortApi,
	WorkspaceStat,
} from "./workspace.ts";

/**
 * Output callbacks that forward to a caller's `ExecOutput` proxy. `settle` waits until the caller ran
 * every chunk (the proxy answers each call), so all output arrives before the result, which travels on
 * another channel; then it lets the proxy go.
 */
export function forwardOutput(output: ExecOutput | undefined): Pick<ExecOptions, "onStdout" | "onStderr"> & { settle(): Promise<void> } {
	if (!output) return { settle: async () => undefined };
	const pending: Promise<unknown>[] = [];
	const send = (stream: "stdout" | "stderr") => (chunk: string) => void pending.push(Promise.resolve(output(stream, chunk)).catch(() => undefined));
	return {
		onStdout: send("stdout"),
		onStderr: send("stderr"),
		async settle() {
			await Promise.all(pending);
			(output as Partial<Comlink.Remote<ExecOutput>>)[Comlink.releaseProxy]?.();
		},
	};
}

export class WorkspaceServer implements WorkspacePortApi {
	private readonly running = new Map<string, AbortController>();

	constructor(private readonly workspace: Workspace) {}

	async init(): Promise<{ cwd: string; kind: WorkspaceKind }> {
		return { cwd: this.workspace.cwd, kind: this.workspace.kind };
	}

	readFile(path: string, encoding?: "utf8"): Promise<Uint8Array | string> {
		return encoding === "utf8" ? this.workspace.readFile(path, "utf8") : this.workspace.readFile(path);
	}

	writeFile(path: string, data: string | Uint8Array): Promise<void> {
		return this.workspace.writeFile(path, data);
	}

	list(path: string): Promise<WorkspaceDirent[]> {
		return this.workspace.list(path);
	}

	stat(path: string): Promise<WorkspaceStat> {
		return this.workspace.stat(path);
	}

	exists(path: string): Promise<boolean> {
		return this.workspace.exists(path);
	}

	mkdir(path: string, options?: MkdirOptions): Promise<void> {
		return this.workspace.mkdir(path, options);
	}

	remove(path: string, options?: RemoveOptions): Promise<void> {
		return this.workspace.remove(path, options);
	}

	rename(from: string, to: string): Promise<void> {
		return this.workspace.rename(from, to);
	}

	async exec(id: string, command: string, request: ExecRequest, output?: ExecOutput): Promise<ExecResult> {
		const controller = new AbortController();
		this.running.set(id, controller);
		const forward = forwardOutput(output);
		try {
			const { cwd, env, stdin, timeoutMs } = request;
			const { onStdout, onStderr } = forward;
			return await this.workspace.exec(command, { cwd, env, stdin, timeoutMs, signal: controller.signal, onStdout, onStderr });
		} finally {
			await forward.settle();
			this.running.delete(id);
		}
	}

	abort(id: string): void {
		this.running.get(id)?.abort();
	}

	async openSyncChannel(port: MessagePort): Promise<void> {
		serveSyncChannel(port, this.workspace);
	}
}

/** A port serving `workspace`, to transfer to a runtime worker. */
export function serveWorkspace(workspace: Workspace): MessagePort {
	const channel = new MessageChannel();
	// The runtime worker runs extension code: the port answers the workspace's methods, nothing else.
	exposeGuarded(new WorkspaceServer(workspace), channel.port1, [...WORKSPACE_PORT_METHODS], {
		name: "The workspace",
		proxyArguments: ["exec"],
		checkArguments: checkWorkspaceArguments,
	});
	return channel.port2;
}
