/**
 * Starts the embedded workspace worker from the host page. The worker bundle (just-bash, about 355 KB
 * gzip) loads only when this is called. `terminate` is the last resort for a command no limit stops:
 * the files then come back from the host's persisted copy.
 */
import type { EmbeddedInit } from "../workspace.ts";
import { connectEmbeddedWorkspace, type RemoteEmbeddedWorkspace } from "./client.ts";
import { spawnEmbeddedWorker } from "./spawn.ts";

export interface EmbeddedWorkspaceHandle {
	workspace: RemoteEmbeddedWorkspace;
	terminate(): void;
}

export async function startEmbeddedWorkspace(init: EmbeddedInit = {}, worker = spawnEmbeddedWorker()): Promise<EmbeddedWorkspaceHandle> {
	try {
		const workspace = await connectEmbeddedWorkspace(worker, init);
		return {
			workspace,
			terminate() {
				workspace.dispose();
				worker.terminate();
			},
		};
	} catch (error) {
		worker.terminate();
		throw error;
	}
}
