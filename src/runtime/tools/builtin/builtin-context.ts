/**
 * What the built-in tools share: the working directory they resolve paths against, upstream's abort
 * message, and its per-file mutation queue (edits and writes to one file run one after another, so
 * parallel tool calls cannot lose each other's changes).
 */

export interface ToolContext {
	/** Read at each call, so the host can move the session's cwd. */
	cwd: string;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw new Error("Operation aborted");
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `run` after every earlier mutation of `path` has settled. */
export function withFileMutationQueue<T>(path: string, run: () => Promise<T>): Promise<T> {
	const previous = queues.get(path) ?? Promise.resolve();
	const next = previous.then(run, run);
	const settled = next.then(
		() => undefined,
		() => undefined,
	);
	queues.set(path, settled);
	void settled.then(() => {
		if (queues.get(path) === settled) queues.delete(path);
	});
	return next;
}
