/** Resolves once the page has nothing else to do (or after `timeout` ms at the latest); where there is no idle callback, after half a second. */
export function whenIdle(timeout = 3_000): Promise<void> {
	return new Promise((resolve) => {
		if (globalThis.requestIdleCallback) globalThis.requestIdleCallback(() => resolve(), { timeout });
		else setTimeout(resolve, 500);
	});
}
