/**
 * The Sessions panel's list read again (SessionLibrary.refresh): reads asked for while one runs share one more
 * read after it, which sees what was stored before they asked; a read that fails does not stop the next.
 */
import { describe, expect, it } from "vitest";
import type { SessionRecord } from "../../src/host/storage/database.ts";
import { SessionLibrary } from "../../src/host/storage/session-library.ts";

function library() {
	/** The database's session records, as a read now would find them. */
	let stored: Pick<SessionRecord, "id" | "entryCount">[] = [{ id: "s1", entryCount: 1 }];
	const reads: { release: () => void; fail: (error: Error) => void }[] = [];
	const listed: number[][] = [];
	const storage = {
		listSessions: () =>
			new Promise<SessionRecord[]>((resolve, reject) => {
				const seen = stored.map((record) => ({ ...record, header: { id: record.id, title: "", timestamp: "2026-12-06T00:00:00Z" }, updatedAt: 0 }));
				reads.push({ release: () => resolve(seen as unknown as SessionRecord[]), fail: reject });
			}),
	};
	const sessions = new SessionLibrary({
		databases: { current: storage as never },
		workspace: { ready: Promise.resolve(), sessionCwd: "/workspace" },
		store: {
			get: () => {
				throw new Error("not used");
			},
			set: (patch) => void listed.push((patch.sessions ?? []).map((session) => session.entryCount)),
		},
		notices: { notify: () => undefined },
		runtime: { api: undefined, start: async () => undefined, stop: async () => undefined },
	});
	const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
	return { sessions, reads, listed, settle, store: (entryCount: number) => (stored = [{ id: "s1", entryCount }]) };
}

describe("the sessions list read again", () => {
	it("reads once for the calls made together, and once more for those made while it read", async () => {
		const { sessions, reads, listed, settle, store } = library();
		const first = [sessions.refresh(), sessions.refresh(), sessions.refresh()];
		await settle();
		expect(reads).toHaveLength(1);
		// Entries stored while the first read runs: the calls after them share one more read, begun once it ends.
		store(2);
		const second = [sessions.refresh(), sessions.refresh()];
		await settle();
		expect(reads).toHaveLength(1);
		reads[0].release();
		await Promise.all(first);
		await settle();
		expect(reads).toHaveLength(2);
		reads[1].release();
		await Promise.all(second);
		expect(listed).toEqual([[1], [2]]);
	});

	it("reads again after a read that failed, and the failure reaches only its own callers", async () => {
		const { sessions, reads, listed, settle } = library();
		const failed = sessions.refresh();
		await settle();
		reads[0].fail(new Error("the database closed"));
		await expect(failed).rejects.toThrow("the database closed");
		const next = sessions.refresh();
		await settle();
		reads[1].release();
		await next;
		expect(listed).toEqual([[1]]);
	});
});
