/** The session writer in real Chromium: its own worker of the app's origin writing real IndexedDB. */
import * as Comlink from "comlink";
import { afterEach, describe, expect, it } from "vitest";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import type { SessionWriterReports } from "../../src/host/storage/writer/session-writer.ts";
import { WriterClient } from "../../src/host/storage/writer/writer-client.ts";
import type { SessionWrite, SessionWriterApi } from "../../src/protocol/session-writer.ts";
import { newSessionHeader } from "../../src/session/entries.ts";
import { userEntry } from "../support/entries.ts";

const cleanup: (() => void)[] = [];
afterEach(() => {
	for (const step of cleanup.splice(0)) step();
});

async function freshDatabase(): Promise<PlayaDatabase> {
	const name = `playa-writer-test-${crypto.randomUUID()}`;
	const storage = await PlayaDatabase.open(name);
	cleanup.push(() => {
		storage.close();
		indexedDB.deleteDatabase(name);
	});
	return storage;
}

describe("the session writer's worker", () => {
	it("stores a runtime's writes in the page's database, tells the page once each is stored, and drains on close", async () => {
		const storage = await freshDatabase();
		const header = newSessionHeader("/workspace");
		await storage.createSession(header);
		const host = new WriterClient();
		cleanup.push(() => host.dispose());
		const shown: SessionWrite[] = [];
		const problems: string[] = [];
		const reports: SessionWriterReports = {
			stored: (event) => void shown.push(event),
			failed: (m) => void problems.push(m),
			refused: (p) => void problems.push(p),
		};
		const link = host.connect(storage, header.id, reports);
		const writer = Comlink.wrap<SessionWriterApi>(link.port);

		const ids = ["a1b2c3d4", "b1b2c3d4", "c1b2c3d4"];
		// Not awaited one by one, as the runtime sends them: they are stored in order.
		const writes = ids.map((id, i) => writer.write({ type: "entry_appended", sessionId: header.id, entry: userEntry(id, ids[i - 1] ?? null), leafId: id }));
		// Writes wait on the port until the page begins taking them (once the runtime has started).
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(shown).toEqual([]);
		link.begin();
		await writes[0];
		// The page heard of the first write before its answer reached the runtime.
		expect(shown.map((event) => event.type === "entry_appended" && event.entry.id)[0]).toBe(ids[0]);
		await Promise.all(writes);
		await writer.write({ type: "leaf_changed", sessionId: header.id, leafId: ids[1] });
		// Another session's write is refused: the runtime hears why.
		await expect(
			writer.write({ type: "entry_appended", sessionId: "not-its-session", entry: userEntry("d1b2c3d4", null), leafId: "d1b2c3d4" }),
		).rejects.toThrow("The session write was refused: entry_appended for another session than the runtime's own.");
		// One more, not awaited: closing waits for it.
		void writer.write({ type: "entry_appended", sessionId: header.id, entry: userEntry("e1b2c3d4", ids[1]), leafId: "e1b2c3d4" });
		await link.close();
		expect(await host.where()).toBe("worker");

		const stored = await storage.loadSession(header.id);
		expect(stored?.entries.map((stored) => stored.id)).toEqual([...ids, "e1b2c3d4"]);
		expect(stored?.leafId).toBe("e1b2c3d4");
		expect(shown.map((event) => (event.type === "entry_appended" ? event.entry.id : `leaf ${event.leafId}`))).toEqual([...ids, `leaf ${ids[1]}`, "e1b2c3d4"]);
		expect(problems).toEqual(["entry_appended for another session than the runtime's own"]);
		writer[Comlink.releaseProxy]();
	});

	it("a write for a session that is not stored fails, is told to the page, and the runtime's call rejects with the reason", async () => {
		const storage = await freshDatabase();
		const host = new WriterClient();
		cleanup.push(() => host.dispose());
		const problems: string[] = [];
		const link = host.connect(storage, "missing-session", {
			stored: () => undefined,
			failed: (m) => void problems.push(m),
			refused: (p) => void problems.push(p),
		});
		link.begin();
		const writer = Comlink.wrap<SessionWriterApi>(link.port);
		await expect(
			writer.write({ type: "entry_appended", sessionId: "missing-session", entry: userEntry("a1b2c3d4", null), leafId: "a1b2c3d4" }),
		).rejects.toThrow("The session entry a1b2c3d4 was not stored: session missing-session does not exist.");
		await link.close();
		expect(problems).toEqual(["session missing-session does not exist"]);
		writer[Comlink.releaseProxy]();
	});
});
