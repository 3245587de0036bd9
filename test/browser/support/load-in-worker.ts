/**
 * Loads one example the way the page runs extensions: the runtime in a dedicated worker (corpus-worker.ts),
 * the workspace in its own worker, npm packages from the offline esm.sh stand-in the browser project starts
 * (cdn-global-setup.ts). Shared by the corpus load tests.
 */
import { inject } from "vitest";
import { startEmbeddedWorkspace } from "../../../src/workspace/embedded/start.ts";
import type { ChromiumLoad } from "./corpus-worker.ts";

export async function loadInWorker(entry: string, files: Record<string, string>): Promise<ChromiumLoad> {
	const { workspace, terminate } = await startEmbeddedWorkspace({ cwd: "/workspace" });
	const worker = new Worker(new URL("./corpus-worker.ts", import.meta.url), { type: "module" });
	try {
		const port = await workspace.createPort();
		return await new Promise<ChromiumLoad>((resolve, reject) => {
			worker.onmessage = (event: MessageEvent<ChromiumLoad>) => resolve(event.data);
			worker.onerror = (event) => reject(new Error(event.message));
			worker.postMessage({ entry, files, port, cdn: inject("cdn") }, [port]);
		});
	} finally {
		worker.terminate();
		terminate();
	}
}
