/**
 * One writer per session across tabs: a tab holds the session's Web Lock while its runtime writes
 * the session. Another tab sees the lock taken and can take over; the first tab is told it lost it.
 */
export class SessionLock {
	private release?: () => void;
	private lostHandlers: (() => void)[] = [];
	private released = false;

	private constructor() {}

	/** The lock, or undefined when another tab holds it (unless `steal`). */
	static acquire(sessionId: string, options: { steal?: boolean } = {}): Promise<SessionLock | undefined> {
		const locks = globalThis.navigator?.locks;
		if (!locks) return Promise.resolve(new SessionLock());
		const held = new SessionLock();
		return new Promise((resolve, reject) => {
			const request = options.steal ? { steal: true } : { ifAvailable: true };
			locks
				.request(`playa-session-${sessionId}`, request, (lock) => {
					if (!lock) return resolve(undefined);
					resolve(held);
					return new Promise<void>((done) => (held.release = done));
				})
				.catch((error: unknown) => {
					// Another tab stole the lock while this one held it.
					if (held.release !== undefined && !held.released) held.lostHandlers.forEach((handler) => handler());
					// Refused outright (a frame on another site while third-party storage is blocked): that frame's
					// storage is its own, in memory (see the embed), so no other tab writes its sessions.
					else if (error instanceof DOMException && error.name === "SecurityError") resolve(held);
					else reject(error);
				});
		});
	}

	onLost(handler: () => void): void {
		this.lostHandlers.push(handler);
	}

	unlock(): void {
		this.released = true;
		this.release?.();
	}
}

/** The lock this tab holds for the session its runtime writes; restarting on the same session keeps it. */
export class HeldSessionLock {
	private lock?: SessionLock;
	private sessionId?: string;

	/** The hold asked for last: holds go one after another, so the lock kept is the last one asked for. */
	private holding: Promise<unknown> = Promise.resolve();

	/** Holds the session's lock; false when another tab writes the session. `lost` runs if another tab takes it later. */
	hold(sessionId: string, steal: boolean, lost: () => void): Promise<boolean> {
		const held = this.holding.then(() => this.holdNow(sessionId, steal, lost));
		this.holding = held.catch(() => undefined);
		return held;
	}

	private async holdNow(sessionId: string, steal: boolean, lost: () => void): Promise<boolean> {
		// Restarting the runtime on the same session keeps the lock: released, it might not come back at once.
		if (this.lock && this.sessionId === sessionId) return true;
		this.lock?.unlock();
		this.lock = await SessionLock.acquire(sessionId, { steal });
		this.sessionId = sessionId;
		if (!this.lock) return false;
		const lock = this.lock;
		lock.onLost(() => {
			if (this.lock !== lock) return;
			this.lock = undefined;
			lost();
		});
		return true;
	}

	release(): void {
		this.lock?.unlock();
		this.lock = undefined;
	}
}
