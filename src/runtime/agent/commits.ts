/**
 * Entries the host has not confirmed storing yet. Storing runs beside the turn, not in front of it: a run's first
 * model request waits until what it was asked is stored, later requests and tool calls go on while the turn's
 * entries are still being written (in order), and the run ends only once everything it appended is stored. So a
 * reload loses at most the entries not yet shown (the page shows an entry once it is stored), as it loses a reply
 * still streaming. A write that was not stored (a full disk) fails where it was made: `stored(entryId)` rejects
 * with the host's reason for the caller who asked (an extension's `pi.appendEntry`), and a failure nobody asked
 * for (the turn's own messages) stops the turn's next step once it is known: nothing more is built on what is not saved.
 */

/** The turn stopped because something it appended was not stored. */
export class SessionNotSavedError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SessionNotSavedError";
	}
}

function asError(error: unknown): Error {
	if (error instanceof Error) return error;
	const { message, name } = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; name?: unknown };
	const text = typeof message === "string" && message ? message : typeof name === "string" && name ? name : String(error);
	return new Error(text || "the host did not say why");
}

export class PendingCommits {
	private readonly pending = new Set<Promise<unknown>>();
	private readonly entries = new Map<string, Promise<void>>();
	/** Entries whose outcome a caller took (`stored`): their failure is that caller's to hear. */
	private readonly claimed = new Set<string>();
	/** The first write nobody else heard of not being stored, since the turn last heard of one. */
	private failure: Error | undefined;

	/**
	 * `write`: what the host's `emit` (or the session writer) returned for an appended entry or a leaf move (a
	 * promise across threads). `entryId`: the entry it stores, whose outcome `stored` gives; `onFailed`: runs when
	 * it was not stored, with the host's reason.
	 */
	track(write: unknown, entryId?: string, onFailed?: (error: Error) => void): void {
		if (!(write instanceof Promise)) return;
		const outcome: Promise<void> = write.then(
			() => undefined,
			(error: unknown) => {
				const failure = asError(error);
				if (!entryId || !this.claimed.has(entryId)) this.failure ??= failure;
				onFailed?.(failure);
				throw failure;
			},
		);
		// Handled here (the turn hears of it through `settled`), so an outcome nobody asks for is no stray rejection.
		const settled: Promise<unknown> = outcome
			.catch(() => undefined)
			.finally(() => {
				this.pending.delete(settled);
				if (entryId && this.entries.get(entryId) === outcome) {
					this.entries.delete(entryId);
					this.claimed.delete(entryId);
				}
			});
		if (entryId) this.entries.set(entryId, outcome);
		this.pending.add(settled);
	}

	/**
	 * Resolves once the entry is stored (or when it is not being written); rejects with the reason it was not. The
	 * caller hears of the failure: the turn does not stop for it.
	 */
	stored(entryId: string): Promise<void> {
		const outcome = this.entries.get(entryId);
		if (!outcome) return Promise.resolve();
		this.claimed.add(entryId);
		return outcome;
	}

	/**
	 * Resolves once every write tracked so far has settled; rejects (SessionNotSavedError, once for each failure
	 * the turn has not heard of) when one of them was not stored.
	 */
	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.all([...this.pending]);
		this.check();
	}

	/** Throws as `settled` does for the writes known by now not to have been stored; waits for none. */
	check(): void {
		const failure = this.failure;
		if (!failure) return;
		this.failure = undefined;
		throw new SessionNotSavedError(`The session could not be saved, so the turn stopped. ${failure.message}`);
	}
}
