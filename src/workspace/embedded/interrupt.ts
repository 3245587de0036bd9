/**
 * Aborting a busy loop in another thread. A script like `while true; do :; done` never yields to the
 * event loop, so neither an abort message nor a timer reaches the worker running it; just-bash does
 * read `signal.aborted` before every command, though. A signal whose `aborted` also reads a flag in
 * shared memory lets the other thread stop it at the next command.
 */

const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")?.get;

/** A signal that is aborted when `signal` aborts or when `flags[index]` becomes non-zero. */
export function interruptibleSignal(signal: AbortSignal | undefined, flags: Int32Array, index: number): AbortSignal {
	const controller = new AbortController();
	const own = controller.signal;
	if (signal?.aborted) controller.abort(signal.reason);
	else signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
	Object.defineProperty(own, "aborted", {
		configurable: true,
		// A plain read: just-bash blocks `Atomics` while a script runs, and an eventually visible
		// write is all a stop request needs.
		get: () => (abortedGetter ? abortedGetter.call(own) === true : false) || flags[index] !== 0,
	});
	return own;
}
