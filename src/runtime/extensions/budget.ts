/**
 * A handler's time budget. It pauses while the handler waits on a dialog (the user's thinking
 * time is not the extension's), and calls `onExpire` once when it runs out.
 */
export class HandlerBudget {
	private remaining: number;
	private startedAt = 0;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private pauses = 0;
	private done = false;

	constructor(
		ms: number,
		private readonly onExpire: () => void,
	) {
		this.remaining = ms;
		this.run();
	}

	pause(): void {
		if (this.done || this.pauses++ > 0) return;
		clearTimeout(this.timer);
		this.remaining -= Date.now() - this.startedAt;
	}

	resume(): void {
		if (this.done || --this.pauses > 0) return;
		this.run();
	}

	dispose(): void {
		this.done = true;
		clearTimeout(this.timer);
	}

	private run(): void {
		this.startedAt = Date.now();
		this.timer = setTimeout(
			() => {
				this.done = true;
				this.onExpire();
			},
			Math.max(0, this.remaining),
		);
	}
}
