/**
 * Runs `run` once the page has nothing else to do, `timeout` ms at the latest (where the browser has no idle
 * callback, after `fallback` ms). Returns a cancel, for an effect's cleanup.
 */
export function onIdle(run: () => void, { timeout, fallback }: { timeout: number; fallback: number }): () => void {
	const idle = globalThis.requestIdleCallback?.(run, { timeout });
	const timer = idle === undefined ? setTimeout(run, fallback) : undefined;
	return () => {
		if (idle !== undefined) globalThis.cancelIdleCallback?.(idle);
		clearTimeout(timer);
	};
}
