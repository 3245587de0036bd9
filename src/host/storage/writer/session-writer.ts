/**
 * One runtime's session writes, wherever they are answered (the writer's worker, or the page where that worker
 * cannot run): each parsed, for the runtime's own session only, stored in order, and told to the page once
 * stored, before the runtime hears that it may go on. So what the page shows is stored, as before.
 * Runs in the session writer's worker, and in the page where that worker cannot start.
 */
import { parseRuntimeEvent } from "../../../protocol/runtime-schema.ts";
import type { SessionWrite, SessionWriterApi } from "../../../protocol/session-writer.ts";
import type { PlayaDatabase } from "../database.ts";

export type SessionWriterStorage = Pick<PlayaDatabase, "appendEntry" | "setLeaf">;

/** What the page hears of one runtime's writes. */
export interface SessionWriterReports {
	/** Stored: the page shows it now. */
	stored(event: SessionWrite): void;
	/** Storing failed (the runtime goes on; the page says so). */
	failed(message: string): void;
	/** A write the writer did not accept, and why. */
	refused(problem: string): void;
}

/**
 * How long a closing writer still takes writes after the last one came (ms). A stop reaches the writer on another
 * port than the runtime's writes, so a write the runtime sent before it stopped can arrive after the stop.
 */
export const CLOSE_QUIET_MS = 30;
/** The longest a close takes writes after the stop, however they keep coming (ms): a stop never waits for ever. */
const CLOSE_LONGEST_MS = 1_000;

export class SessionWriter implements SessionWriterApi {
	private readonly pending = new Set<Promise<void>>();
	private closed = false;
	private closing?: Promise<void>;
	private lastWrite = Number.NEGATIVE_INFINITY;

	constructor(
		private readonly storage: SessionWriterStorage,
		private readonly sessionId: string,
		private readonly reports: SessionWriterReports,
	) {}

	write(untrusted: SessionWrite): Promise<void> {
		this.lastWrite = performance.now();
		const event = this.accept(untrusted);
		if (!event) return Promise.resolve();
		const stored =
			event.type === "entry_appended"
				? this.storage.appendEntry(event.sessionId, event.entry, event.leafId)
				: this.storage.setLeaf(event.sessionId, event.leafId);
		const written = stored.then(
			() => this.reports.stored(event),
			(error: unknown) => this.reports.failed(error instanceof Error ? error.message : String(error)),
		);
		this.pending.add(written);
		void written.then(() => this.pending.delete(written));
		return written;
	}

	/**
	 * Takes the writes still arriving until none came for CLOSE_QUIET_MS, then no more; resolves once all those
	 * taken are stored.
	 */
	close(): Promise<void> {
		this.closing ??= this.drain();
		return this.closing;
	}

	private async drain(): Promise<void> {
		const stopped = performance.now();
		for (;;) {
			const now = performance.now();
			const quiet = now - Math.max(stopped, this.lastWrite);
			if (quiet >= CLOSE_QUIET_MS || now - stopped >= CLOSE_LONGEST_MS) break;
			await new Promise((resolve) => setTimeout(resolve, CLOSE_QUIET_MS - quiet));
		}
		this.closed = true;
		await Promise.all([...this.pending]);
	}

	private accept(untrusted: unknown): SessionWrite | undefined {
		if (this.closed) {
			this.reports.refused("a session write after its runtime was stopped");
			return undefined;
		}
		const parsed = parseRuntimeEvent(untrusted);
		if (!parsed.ok) {
			this.reports.refused(`write: ${parsed.error}`);
			return undefined;
		}
		const event = parsed.value;
		if (event.type !== "entry_appended" && event.type !== "leaf_changed") {
			this.reports.refused(`write: ${event.type} is not a session write`);
			return undefined;
		}
		if (event.sessionId !== this.sessionId) {
			this.reports.refused(`${event.type} for another session than the runtime's own`);
			return undefined;
		}
		return event;
	}
}
