/**
 * Notices a runtime worker that stops answering: extension code stuck in a synchronous loop holds
 * the worker's only thread, so a ping that gets no answer in time means it is stuck.
 */
export interface WatchdogOptions {
	intervalMs?: number;
	timeoutMs?: number;
}

export class Watchdog {
	private timer: ReturnType<typeof setTimeout> | undefined;
	private stopped = false;

	constructor(
		private readonly ping: () => Promise<unknown>,
		private readonly onStuck: () => void,
		private readonly options: WatchdogOptions = {},
	) {}

	start(): void {
		this.stopped = false;
		this.schedule();
	}

	stop(): void {
		this.stopped = true;
		clearTimeout(this.timer);
	}

	private schedule(): void {
		if (this.stopped) return;
		this.timer = setTimeout(() => void this.check(), this.options.intervalMs ?? 1_000);
	}

	private async check(): Promise<void> {
		let timeout: ReturnType<typeof setTimeout> | undefined;
		const late = new Promise<"late">((resolve) => (timeout = setTimeout(() => resolve("late"), this.options.timeoutMs ?? 2_500)));
		const answer = await Promise.race([this.ping().then(() => "ok" as const, () => "ok" as const), late]);
		clearTimeout(timeout);
		if (this.stopped) return;
		if (answer === "late") {
			this.stop();
			this.onStuck();
			return;
		}
		this.schedule();
	}
}
