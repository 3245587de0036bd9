// The session writer: what a runtime sends it is parsed and stored for the runtime's own session only, in order,
// and the page hears of each write once it is stored and before the runtime goes on.
import * as Comlink from "comlink";
import { describe, expect, it, vi } from "vitest";
import { exposeGuarded } from "../../src/protocol/guard.ts";
import { SESSION_WRITER_METHODS, type SessionWrite, type SessionWriterApi } from "../../src/protocol/session-writer.ts";
import {
	CLOSE_QUIET_MS,
	MAX_STORED_ENTRY_CHARS,
	SessionWriter,
	type SessionWriterReports,
	type SessionWriterStorage,
} from "../../src/host/storage/writer/session-writer.ts";
import { userEntry } from "../support/entries.ts";

const SESSION = "session-1";

const appended = (id: string, parentId: string | null = null): SessionWrite => ({
	type: "entry_appended",
	sessionId: SESSION,
	entry: userEntry(id, parentId),
	leafId: id,
});

/** A storage whose writes finish only when the test says so, and a log of everything in order. */
function harness() {
	const log: string[] = [];
	const finish: (() => void)[] = [];
	let failWith: string | undefined;
	const later = (what: string) =>
		new Promise<void>((resolve, reject) => {
			log.push(`store ${what}`);
			const failure = failWith;
			finish.push(() => (failure ? reject(new Error(failure)) : resolve()));
		});
	const storage: SessionWriterStorage = {
		appendEntry: (sessionId, stored) => later(`${sessionId}/${stored.id}`),
		setLeaf: (sessionId, leafId) => later(`${sessionId} leaf ${leafId}`),
	};
	const reports: SessionWriterReports = {
		stored: (event) => log.push(`shown ${event.type === "entry_appended" ? event.entry.id : `leaf ${event.leafId}`}`),
		failed: (message) => log.push(`failed ${message}`),
		refused: (problem) => log.push(`refused ${problem}`),
	};
	const writer = new SessionWriter(storage, SESSION, reports);
	return {
		writer,
		log,
		finishAll: () => finish.splice(0).forEach((done) => done()),
		failNext: (message: string) => (failWith = message),
	};
}

describe("the session writer", () => {
	it("stores appends and leaf moves in order, and tells the page of each once stored, before the runtime goes on", async () => {
		const { writer, log, finishAll } = harness();
		const done: string[] = [];
		const writes = [
			writer.write(appended("a1")).then(() => log.push("runtime goes on after a1")),
			writer.write(appended("b2", "a1")).then(() => log.push("runtime goes on after b2")),
			writer.write({ type: "leaf_changed", sessionId: SESSION, leafId: "a1" }).then(() => done.push("leaf")),
		];
		await Promise.resolve();
		// Nothing is shown before it is stored.
		expect(log).toEqual([`store ${SESSION}/a1`, `store ${SESSION}/b2`, `store ${SESSION} leaf a1`]);
		finishAll();
		await Promise.all(writes);
		expect(log.filter((line) => line.startsWith("shown"))).toEqual(["shown a1", "shown b2", "shown leaf a1"]);
		for (const id of ["a1", "b2"]) expect(log.indexOf(`shown ${id}`)).toBeLessThan(log.indexOf(`runtime goes on after ${id}`));
		expect(done).toEqual(["leaf"]);
	});

	it("refuses what is not a write of its own session, stores none of it, and never holds the runtime", async () => {
		const { writer, log } = harness();
		const refusedWrites: unknown[] = [
			{ type: "entry_appended", sessionId: "another-session", entry: userEntry("a1", null), leafId: "a1" },
			{ type: "leaf_changed", sessionId: "another-session", leafId: null },
			{ type: "run_state", running: true },
			{ type: "entry_appended", sessionId: SESSION, entry: { type: "message" }, leafId: "a1" },
			{ type: "entry_appended", sessionId: SESSION },
			"entry_appended",
			null,
		];
		for (const write of refusedWrites) await expect(writer.write(write as SessionWrite)).rejects.toThrow(/^The session write was refused: .+\.$/);
		expect(log.filter((line) => line.startsWith("store"))).toEqual([]);
		expect(log).toHaveLength(refusedWrites.length);
		expect(log.every((line) => line.startsWith("refused "))).toBe(true);
		expect(log[0]).toBe("refused entry_appended for another session than the runtime's own");
		expect(log[2]).toBe("refused write: run_state is not a session write");
	});

	it("a failed write is told to the page, with its reason, and rejects where it was made", async () => {
		const { writer, log, finishAll, failNext } = harness();
		failNext("the disk is full");
		const write = writer.write(appended("a1"));
		finishAll();
		await expect(write).rejects.toThrow("The session entry a1 was not stored: the disk is full.");
		expect(log).toEqual([`store ${SESSION}/a1`, "failed the disk is full"]);
	});

	it("a full disk's error without a message still says why: the quota, and how much is used", async () => {
		vi.stubGlobal("navigator", { storage: { estimate: async () => ({ usage: 399 * 1024 * 1024, quota: 400 * 1024 * 1024 }) } });
		try {
			const log: string[] = [];
			const quota = Object.assign(new Error(""), { name: "QuotaExceededError" });
			const writer = new SessionWriter({ appendEntry: async () => Promise.reject(quota), setLeaf: async () => Promise.reject(quota) }, SESSION, {
				stored: () => log.push("shown"),
				failed: (message) => log.push(message),
				refused: (problem) => log.push(problem),
			});
			const reason = "the browser's storage for this site is full (QuotaExceededError; 399 MB of 400 MB used)";
			await expect(writer.write(appended("a1"))).rejects.toThrow(`The session entry a1 was not stored: ${reason}.`);
			await expect(writer.write({ type: "leaf_changed", sessionId: SESSION, leafId: null })).rejects.toThrow(`The session's leaf was not moved: ${reason}.`);
			expect(log).toEqual([reason, reason]);
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it("refuses an entry over the size bound before storing anything of it", async () => {
		const { writer, log } = harness();
		const huge = appended("a1");
		if (huge.type !== "entry_appended") throw new Error("unreachable");
		(huge.entry as { message: { content: { type: string; text: string }[] } }).message.content = [{ type: "text", text: "x".repeat(MAX_STORED_ENTRY_CHARS) }];
		await expect(writer.write(huge)).rejects.toThrow(
			/^The session write was refused: the entry a1 is 40 MB as JSON, over the 40 MB a session entry may be; nothing of it was stored\.$/,
		);
		expect(log).toEqual(["refused the entry a1 is 40 MB as JSON, over the 40 MB a session entry may be; nothing of it was stored"]);
	});

	it("closing takes writes that arrive just after the stop, waits for all taken, then takes no more", async () => {
		// The quiet period is measured on the clock: a fake one, so that a busy machine's late timers do not
		// make a write sent a third of the period after the stop arrive after all of it.
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
		try {
			const { writer, log, finishAll } = harness();
			void writer.write(appended("a1"));
			let closed = false;
			const closing = writer.close().then(() => (closed = true));
			// Sent before the stop, on the runtime's port: it may arrive after the stop did, on the page's.
			await vi.advanceTimersByTimeAsync(CLOSE_QUIET_MS / 3);
			void writer.write(appended("b2", "a1"));
			await vi.advanceTimersByTimeAsync(CLOSE_QUIET_MS * 2);
			expect(closed).toBe(false);
			finishAll();
			await closing;
			expect(log).toEqual([`store ${SESSION}/a1`, `store ${SESSION}/b2`, "shown a1", "shown b2"]);
			await expect(writer.write(appended("c3", "b2"))).rejects.toThrow(/refused/);
			expect(log.at(-1)).toBe("refused a session write after its runtime was stopped");
		} finally {
			vi.useRealTimers();
		}
	});

	it("a runtime that never stops writing cannot hold a stop: closing ends all the same", async () => {
		const { writer, log, finishAll } = harness();
		let n = 0;
		const flood = setInterval(() => {
			void writer.write(appended(`w${++n}`)).catch(() => undefined);
			finishAll();
		}, CLOSE_QUIET_MS / 3);
		try {
			await writer.close();
		} finally {
			clearInterval(flood);
		}
		finishAll();
		await expect(writer.write(appended("after"))).rejects.toThrow("The session write was refused: a session write after its runtime was stopped.");
		expect(log.at(-1)).toBe("refused a session write after its runtime was stopped");
		expect(log.filter((line) => line.startsWith("shown")).length).toBeGreaterThan(0);
	});

	it("its port answers only `write`", async () => {
		const { writer, log, finishAll } = harness();
		const channel = new MessageChannel();
		exposeGuarded(writer, channel.port1, [...SESSION_WRITER_METHODS], { name: "The session writer" });
		const remote = Comlink.wrap<SessionWriterApi & { close(): Promise<void> }>(channel.port2);
		await expect(remote.close()).rejects.toThrow(/The session writer answers only write; refused APPLY \["close"\]/);
		const write = remote.write(appended("a1"));
		await new Promise((resolve) => setTimeout(resolve, 5));
		finishAll();
		await write;
		expect(log).toEqual([`store ${SESSION}/a1`, "shown a1"]);
		remote[Comlink.releaseProxy]();
		channel.port1.close();
	});
});
