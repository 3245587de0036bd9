/**
 * The `NodeBackend` Node's built-ins work on for this runtime: its workspace and cwd, and, when the
 * workspace is reached through a port (the browser), the synchronous channel, opened (lazily) from
 * this thread so the shared buffer is made where it will be waited on. `syncPort`: a channel served in
 * this worker's own agent cluster (the page's sandbox frame), where the shared buffer can go; without
 * it the workspace's port is asked for one.
 */
import type { NodeBackend } from "../../modules/node/support/backend.ts";
import { RemoteEmbeddedWorkspace } from "../../workspace/embedded/client.ts";
import type { Workspace } from "../../workspace/workspace.ts";

export function nodeBackendFor(workspace: Workspace | undefined, cwd: string, alive?: () => boolean, syncPort?: MessagePort): NodeBackend {
	const open = async (port: MessagePort) => (await import("../../modules/node/support/sync-client.ts")).openSyncWorkspace(port);
	return {
		workspace,
		cwd,
		alive,
		sync: syncPort ? () => open(syncPort) : workspace instanceof RemoteEmbeddedWorkspace ? async () => open(await workspace.openSyncPort()) : undefined,
	};
}
