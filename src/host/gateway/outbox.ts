/** How the gateway's stream events reach the runtime worker: in batches, one at a time. */
import type { GatewayEvent, GatewaySink } from "../../protocol/gateway.ts";

/**
 * The most events one batch carries. While the page parses a fast reply, the worker's answers wait behind the
 * parsing (scheduler.yield's continuations go first), so tens of thousands of events can gather; cloning them in
 * one message would be one long task on each side.
 */
export const MAX_BATCH_EVENTS = 2_000;

/**
 * Batches events to the sink: one message per macrotask rather than one per token, at most MAX_BATCH_EVENTS
 * each, and the next batch only once the worker answered the last one (a worker that falls behind slows the
 * batches, not the main thread).
 */
export class Outbox {
	private buffer: GatewayEvent[] = [];
	private timer: ReturnType<typeof setTimeout> | undefined;
	private inflight: Promise<void> | undefined;
	failed = false;

	constructor(
		private readonly sink: GatewaySink,
		private readonly onFail: (error: unknown) => void,
	) {}

	push(event: GatewayEvent): void {
		if (this.failed) return;
		this.buffer.push(event);
		if (!this.timer && !this.inflight) this.timer = setTimeout(() => this.send(), 0);
	}

	private send(): void {
		this.timer = undefined;
		if (this.failed || this.inflight || this.buffer.length === 0) return;
		const batch = this.buffer.length > MAX_BATCH_EVENTS ? this.buffer.splice(0, MAX_BATCH_EVENTS) : this.buffer;
		if (batch === this.buffer) this.buffer = [];
		this.inflight = Promise.resolve()
			.then(() => this.sink.events(batch))
			.then(
				() => {
					this.inflight = undefined;
					if (this.buffer.length > 0) this.send();
				},
				(error) => {
					this.inflight = undefined;
					this.failed = true;
					this.onFail(error);
				},
			);
	}

	/** Resolves once everything pushed so far was delivered (or delivery failed). */
	async flush(): Promise<void> {
		for (;;) {
			if (this.failed) return;
			if (this.inflight) {
				await this.inflight;
				continue;
			}
			if (this.buffer.length === 0) return;
			if (this.timer) clearTimeout(this.timer);
			this.send();
		}
	}
}
