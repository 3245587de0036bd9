/**
 * A command's output so far, sent at most once per interval: each send crosses to the page (and, for a tool's
 * own `onUpdate`, to extensions' handlers), so a chatty command must not send one per chunk.
 */

/** At most one send of a running command's output per this long. */
export const OUTPUT_UPDATE_INTERVAL_MS = 100;

export interface ThrottledOutput {
	/** Adds a chunk; the text so far is sent now or once the interval has passed. */
	append(chunk: string): void;
	/** Everything appended so far. */
	readonly text: string;
	/** Cancels a send still waiting (the command ended: its result follows). */
	stop(): void;
}

export function throttledOutput(send: (text: string) => void, intervalMs = OUTPUT_UPDATE_INTERVAL_MS): ThrottledOutput {
	let text = "";
	let lastSend = Number.NEGATIVE_INFINITY;
	let pending: ReturnType<typeof setTimeout> | undefined;
	let stopped = false;
	const flush = () => {
		pending = undefined;
		lastSend = performance.now();
		send(text);
	};
	return {
		append(chunk: string) {
			text += chunk;
			if (stopped || pending !== undefined) return;
			const wait = lastSend + intervalMs - performance.now();
			if (wait <= 0) flush();
			else pending = setTimeout(flush, wait);
		},
		get text() {
			return text;
		},
		stop() {
			stopped = true;
			clearTimeout(pending);
			pending = undefined;
		},
	};
}
