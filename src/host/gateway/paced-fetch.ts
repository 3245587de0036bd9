/**
 * A provider's reply is parsed on the page's main thread (pi-ai and the providers' SDKs): a fast server sends
 * megabytes of server-sent events in a few network chunks, and the SDKs parse a chunk's events in one go, in
 * microtasks, so one chunk can hold the page for hundreds of milliseconds. The gateway's `fetch` hands the body
 * on in pieces, and lets the page paint and answer (a runtime's ping, a click) once a piece's work has run long.
 */

/** The most of the body handed on at once (bytes). */
export const PIECE_BYTES = 16 * 1024;
/** How long the body's consumers may work before the page gets its turn (ms). */
export const SLICE_MS = 8;

/** Ends the current task: the page's other tasks (input, paint, messages) run before the body goes on. */
function nextTask(): Promise<void> {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	if (typeof scheduler?.yield === "function") return scheduler.yield();
	// A message, not a timer: nested timers are held back 4 ms each.
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(undefined);
	});
}

/** `body` in pieces of at most PIECE_BYTES, with a new task whenever the work since the last one ran SLICE_MS. */
export function pacedBody(
	body: ReadableStream<Uint8Array>,
	now: () => number = () => performance.now(),
	yieldTask: () => Promise<void> = nextTask,
): ReadableStream<Uint8Array> {
	const reader = body.getReader();
	let pending: Uint8Array | undefined;
	let sliceStart = now();
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (now() - sliceStart > SLICE_MS) {
				await yieldTask();
				sliceStart = now();
			}
			if (!pending || pending.length === 0) {
				const { done, value } = await reader.read();
				if (done) return controller.close();
				pending = value;
			}
			controller.enqueue(pending.subarray(0, PIECE_BYTES));
			pending = pending.subarray(PIECE_BYTES);
		},
		cancel(reason) {
			return reader.cancel(reason);
		},
	});
}

/** Statuses whose response has no body (a Response cannot be made with one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export function pacedFetch(base: typeof fetch): typeof fetch {
	return async (input, init) => {
		const response = await base(input, init);
		if (!response.body || NO_BODY.has(response.status)) return response;
		const paced = new Response(pacedBody(response.body), { status: response.status, statusText: response.statusText, headers: response.headers });
		Object.defineProperty(paced, "url", { value: response.url });
		return paced;
	};
}
