/**
 * What Node's built-ins stand on in Playa: the session's workspace (files and shell), its cwd, and the
 * synchronous channel (sync-client.ts) when one could be opened. The runtime hands one `NodeBackend` to the
 * module table; each built-in module is made from it when an extension first imports it.
 */
import type { Workspace } from "../../../protocol/workspace/workspace.ts";
import { unavailableSync, type SyncWorkspace } from "./sync-client.ts";

/** The part of a workspace the built-ins use (any backend's `Workspace` fits). */
export type NodeWorkspace = Omit<Workspace, "kind">;

export interface NodeBackend {
	workspace?: NodeWorkspace;
	/** The session's working directory: `process.cwd()` and the base of relative paths. */
	cwd: string;
	env?: Record<string, string>;
	/** Opens the synchronous channel; called once, when the first module needing it loads. */
	sync?(): Promise<SyncWorkspace>;
	/** False once the runtime has shut down: pollers (`fs.watch`) stop then. */
	alive?(): boolean;
}

/** The error for a member that cannot exist in a browser, naming it. */
export function notInBrowser(member: string, why = "it needs the machine's operating system"): Error {
	const error = new Error(`${member} is not supported in the browser (${why})`);
	(error as { code?: string }).code = "ERR_NOT_SUPPORTED_IN_BROWSER";
	return error;
}

/** A function standing for such a member: it throws when called. */
export function unsupported(member: string, why?: string): (...args: unknown[]) => never {
	return () => {
		throw notInBrowser(member, why);
	};
}

export function requireWorkspace(host: NodeBackend, member: string): NodeWorkspace {
	if (!host.workspace) throw notInBrowser(member, "this session has no workspace");
	return host.workspace;
}

const syncChannels = new WeakMap<NodeBackend, Promise<SyncWorkspace>>();

/** The host's synchronous channel, opened once. */
export function syncOf(host: NodeBackend): Promise<SyncWorkspace> {
	let channel = syncChannels.get(host);
	if (!channel) {
		channel =
			host.workspace && host.sync
				? host.sync().catch((error: unknown) => unavailableSync(String((error as Error)?.message ?? error)))
				: Promise.resolve(unavailableSync(host.workspace ? "this workspace has no synchronous channel" : "this session has no workspace"));
		syncChannels.set(host, channel);
	}
	return channel;
}
