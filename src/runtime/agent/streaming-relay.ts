/**
 * The reply being streamed, sent to the page at most once a frame and as deltas (protocol/streaming.ts): a
 * fast provider updates the message for every token, and the page has one main thread to draw it with.
 */
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import { StreamingDeltas } from "../../protocol/streaming.ts";

/** How often the page hears of a streamed message at most (ms): about once a frame. */
export const STREAMING_INTERVAL_MS = 16;

export class StreamingRelay {
	private readonly deltas = new StreamingDeltas();
	private pending: { role: string; content?: unknown } | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;

	/** `display`: the message as the page shows it (markdown transformers), made once per flush, not per token. */
	constructor(
		private readonly emit: (event: RuntimeEvent) => void,
		private readonly display: <M extends { role: string; content?: unknown }>(message: M) => M = (message) => message,
	) {}

	/** The message as it stands now; sent with the next flush. */
	update(message: { role: string; content?: unknown }): void {
		this.pending = message;
		this.timer ??= setTimeout(() => this.flush(), STREAMING_INTERVAL_MS);
	}

	/** The message ended (its entry carries it whole): what is pending is dropped and the page stops showing it. */
	end(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.pending = undefined;
		this.deltas.reset();
		this.emit({ type: "streaming", message: undefined });
	}

	private flush(): void {
		this.timer = undefined;
		const message = this.pending;
		this.pending = undefined;
		if (!message) return;
		const event = this.deltas.next(this.display(message) as Parameters<StreamingDeltas["next"]>[0]);
		if (event) this.emit(event as RuntimeEvent);
	}
}
