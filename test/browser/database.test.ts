/** The host's IndexedDB storage, in real Chromium with real IndexedDB. */
import { afterEach, describe, expect, it } from "vitest";
import { PlayaDatabase } from "../../src/host/database.ts";
import { newSessionHeader, type SessionEntry } from "../../src/session/entries.ts";

const opened: { storage: PlayaDatabase; name: string }[] = [];

async function openFresh(): Promise<{ storage: PlayaDatabase; name: string }> {
	const name = `playa-test-${crypto.randomUUID()}`;
	const storage = await PlayaDatabase.open(name);
	opened.push({ storage, name });
	return { storage, name };
}

afterEach(async () => {
	for (const { storage, name } of opened.splice(0)) {
		storage.close();
		indexedDB.deleteDatabase(name);
	}
});

function entry(id: string, parentId: string | null, text: string): SessionEntry {
	return {
		type: "message",
		id,
		parentId,
		timestamp: new Date().toISOString(),
		message: { role: "user", content: [{ type: "text", text }], timestamp: Date.now() },
	} as SessionEntry;
}

describe("PlayaDatabase", () => {
	it("keeps appended entries in order with the leaf, across a reopen", async () => {
		const { storage, name } = await openFresh();
		const header = newSessionHeader("/workspace");
		await storage.createSession(header);
		// Not awaited one by one: the writes still land in the order they were asked for.
		const writes = ["a1b2c3d4", "b1b2c3d4", "c1b2c3d4"].map((id, i, ids) => storage.appendEntry(header.id, entry(id, ids[i - 1] ?? null, `m${i}`), id));
		await Promise.all(writes);
		storage.close();

		const reopened = await PlayaDatabase.open(name);
		opened.push({ storage: reopened, name });
		const snapshot = await reopened.loadSession(header.id);
		expect(snapshot?.header).toEqual(header);
		expect(snapshot?.entries.map((e) => e.id)).toEqual(["a1b2c3d4", "b1b2c3d4", "c1b2c3d4"]);
		expect(snapshot?.leafId).toBe("c1b2c3d4");
	});

	it("stores thousands of appends asked for at once, all of them in order, then more after them", async () => {
		const { storage, name } = await openFresh();
		const header = newSessionHeader("/workspace");
		await storage.createSession(header);
		const ids = Array.from({ length: 2_500 }, (_, i) => i.toString(16).padStart(8, "0"));
		await Promise.all(ids.map((id, i) => storage.appendEntry(header.id, entry(id, ids[i - 1] ?? null, `m${i}`), id)));
		await storage.appendEntry(header.id, entry("ffffffff", ids.at(-1)!, "after"), "ffffffff");
		storage.close();

		const reopened = await PlayaDatabase.open(name);
		opened.push({ storage: reopened, name });
		const snapshot = await reopened.loadSession(header.id);
		expect(snapshot?.entries.map((e) => e.id)).toEqual([...ids, "ffffffff"]);
		expect(snapshot?.leafId).toBe("ffffffff");
		expect((await reopened.listSessions()).find((s) => s.id === header.id)?.entryCount).toBe(2_501);
	});

	it("keeps sessions apart and lists the most recently changed first", async () => {
		const { storage } = await openFresh();
		const first = newSessionHeader("/workspace");
		const second = { ...newSessionHeader("/workspace"), timestamp: new Date(Date.now() + 1000).toISOString() };
		await storage.createSession(first);
		await storage.createSession(second);
		await storage.appendEntry(first.id, { ...entry("0000000a", null, "only in first"), timestamp: new Date(Date.now() + 5000).toISOString() }, "0000000a");
		expect((await storage.listSessions()).map((s) => s.id)).toEqual([first.id, second.id]);
		expect((await storage.loadSession(second.id))?.entries).toEqual([]);
		expect((await storage.loadSession(first.id))?.entries).toHaveLength(1);
	});

	it("refuses an append to a session that does not exist, and later writes still work", async () => {
		const { storage } = await openFresh();
		await expect(storage.appendEntry("missing", entry("0000000b", null, "x"), "0000000b")).rejects.toThrow(/does not exist/);
		await storage.setSetting("k", { v: 1 });
		expect(await storage.getSetting("k")).toEqual({ v: 1 });
	});
});
