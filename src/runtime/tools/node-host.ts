/**
 * The `NodeHost` Node's built-ins work on for this runtime: its workspace and cwd, and, when the
 * workspace is reached through a port (the browser), the synchronous channel, opened (lazily) from
 * this thread so the shared buffer is made where it will be waited on.
 */
import type { NodeHost } from "../../modules/node/host.ts";
import { RemoteEmbeddedWorkspace } from "../../workspace/embedded/client.ts";
import type { Workspace } from "../../workspace/types.ts";

export function nodeHostFor(workspace: Workspace | undefined, cwd: string, alive?: () => boolean): NodeHost {
	return {
		workspace,
		cwd,
		alive,
		sync:
			workspace instanceof RemoteEmbeddedWorkspace
				? async () => (await import("../../modules/node/sync-client.ts")).openSyncWorkspace(await workspace.openSyncPort())
				: undefined,
	};
}
