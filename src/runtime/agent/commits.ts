/**
 * Entries the host has not confirmed storing yet. The turn goes on (the next model request, the next
 * tool call) only once everything appended before it is in the page's database, so a reload at any
 * moment loses nothing that was finished.
 */
export class PendingCommits {
	private readonly pending = new Set<Promise<unknown>>();

	/** `write`: what the host's `emit` returned for an appended entry (a promise across threads). */
	track(write: unknown): void {
		if (!(write instanceof Promise)) return;
		// A failed write is the host's to report; here it only must not hold the turn forever.
		const settled: Promise<unknown> = write.catch(() => undefined).finally(() => this.pending.delete(settled));
		this.pending.add(settled);
	}

	/** Resolves once every write tracked so far has settled. */
	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.all([...this.pending]);
	}
}
