/**
 * One runtime's session writes, wherever they are answered (the writer's worker, or the page where that worker
 * cannot run): each parsed, for the runtime's own session only, stored in order, and told to the page once
 * stored, before the runtime hears that it may go on. So what the page shows is stored, as before. A write that was
 * not stored (refused, over the size bound, or failed: a full disk) rejects, with the reason in a sentence, so the
 * runtime's call fails where it was made, and the page is told the same reason.
 * Runs in the session writer's worker, and in the page where that worker cannot start.
 */
import { parseRuntimeEvent } from "../../../protocol/runtime-schema.ts";
import type { SessionWrite, SessionWriterApi } from "../../../protocol/session-writer.ts";
import type { PlayaDatabase } from "../database.ts";
import { formatBytes, storageFailureReason } from "../storage-failure.ts";

export type SessionWriterStorage = Pick<PlayaDatabase, "appendEntry" | "setLeaf">;

/** What the page hears of one runtime's writes. */
export interface SessionWriterReports {
	/** Stored: the page shows it now. */
	stored(event: SessionWrite): void;
	/** Storing failed, and why (never empty): the runtime's write rejects, and the page says so. */
	failed(message: string): void;
	/** A write the writer did not accept, and why. */
	refused(problem: string): void;
}

/**
 * The most one stored entry may be, as JSON (UTF-16 code units, about bytes for the ASCII that JSON mostly is). The
 * runtime keeps what an extension stores to 256 KB and a tool result to 256 KB of text, 256 KB of details and 8
 * images of 4.5 MB (36.5 MB at most); this bound is the writer's own, above all of them, against a runtime that
 * sends more: such an entry is refused before anything is stored.
 */
export const MAX_STORED_ENTRY_CHARS = 40 * 1024 * 1024;

/** A write the writer did not store: its message is the sentence the runtime's caller gets. */
export class SessionWriteError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SessionWriteError";
	}
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
		const accepted = this.accept(untrusted);
		if (typeof accepted === "string") return Promise.reject(new SessionWriteError(`The session write was refused: ${accepted}.`));
		const event = accepted;
		const stored =
			event.type === "entry_appended"
				? this.storage.appendEntry(event.sessionId, event.entry, event.leafId)
				: this.storage.setLeaf(event.sessionId, event.leafId);
		const written = stored.then(
			() => this.reports.stored(event),
			async (error: unknown) => {
				const reason = await storageFailureReason(error);
				this.reports.failed(reason);
				const what = event.type === "entry_appended" ? `The session entry ${event.entry.id} was not stored` : "The session's leaf was not moved";
				throw new SessionWriteError(`${what}: ${reason}.`);
			},
		);
		// Closing waits for every write taken, stored or not.
		const settled = written.catch(() => undefined);
		this.pending.add(settled);
		void settled.then(() => this.pending.delete(settled));
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

	/** The write to store, or why it is refused (the page is told). */
	private accept(untrusted: unknown): SessionWrite | string {
		const refuse = (problem: string) => {
			this.reports.refused(problem);
			return problem;
		};
		if (this.closed) return refuse("a session write after its runtime was stopped");
		const parsed = parseRuntimeEvent(untrusted);
		if (!parsed.ok) return refuse(`write: ${parsed.error}`);
		const event = parsed.value;
		if (event.type !== "entry_appended" && event.type !== "leaf_changed") return refuse(`write: ${event.type} is not a session write`);
		if (event.sessionId !== this.sessionId) return refuse(`${event.type} for another session than the runtime's own`);
		if (event.type === "entry_appended") {
			const size = jsonLength(event.entry);
			if (size === undefined) return refuse(`the entry ${event.entry.id} cannot be stored as JSON`);
			if (size > MAX_STORED_ENTRY_CHARS)
				return refuse(
					`the entry ${event.entry.id} is ${formatBytes(size)} as JSON, over the ${formatBytes(MAX_STORED_ENTRY_CHARS)} a session entry may be; nothing of it was stored`,
				);
		}
		return event;
	}
}

/** The length of `value` as JSON; undefined for what cannot be JSON (a cycle, a BigInt). */
function jsonLength(value: unknown): number | undefined {
	try {
		return JSON.stringify(value)?.length ?? 0;
	} catch {
		return undefined;
	}
}
