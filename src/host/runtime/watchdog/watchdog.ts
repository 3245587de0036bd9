/**
 * Notices a runtime worker that stops answering: extension code stuck in a synchronous loop holds
 * the worker's only thread, so a ping that gets no answer in time means it is stuck.
 */
export interface WatchdogOptions {
	intervalMs?: number;
	timeoutMs?: number;
	/**
	 * Asked when a ping is late, and again each time the wait it gave ran out: how much longer to wait for that
	 * same ping (0: it is stuck now). A worker busy in its own code on a loaded machine is slow, not hung; a
	 * worker stuck in an extension is hung. A fresh judge for each late ping (it may keep what it saw).
	 */
	grace?: () => () => Promise<number>;
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
		const answered = this.ping().then(
			() => "ok" as const,
			() => "ok" as const,
		);
		let answer = await this.answerWithin(answered, this.options.timeoutMs ?? 2_500);
		const judge = answer === "late" ? this.options.grace?.() : undefined;
		while (answer === "late" && judge && !this.stopped) {
			const extra = await judge();
			if (extra <= 0 || this.stopped) break;
			answer = await this.answerWithin(answered, extra);
		}
		if (this.stopped) return;
		if (answer === "late") {
			this.stop();
			this.onStuck();
			return;
		}
		this.schedule();
	}

	private async answerWithin(answered: Promise<"ok">, ms: number): Promise<"ok" | "late"> {
		let timeout: ReturnType<typeof setTimeout> | undefined;
		const late = new Promise<"late">((resolve) => (timeout = setTimeout(() => resolve("late"), ms)));
		const answer = await Promise.race([answered, late]);
		clearTimeout(timeout);
		return answer;
	}
}
