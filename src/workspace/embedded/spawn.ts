/**
 * The embedded workspace's worker, its module loading: started ahead (before the files are read, or before the
 * page's own modules have run), it is handed them later (start.ts). Alone in this file so that starting it
 * loads nothing else.
 */
export function spawnEmbeddedWorker(): Worker {
	return new Worker(new URL("./workspace.worker.ts", import.meta.url), { type: "module", name: "playa-workspace" });
}
