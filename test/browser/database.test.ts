/** The host's IndexedDB storage, in real Chromium with real IndexedDB. */
import { afterEach, describe, expect, it } from "vitest";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import { newSessionHeader, type StoredEntry } from "../../src/session/entries.ts";
import { userEntry as entry } from "../support/entries.ts";

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

	it("an entry that was not stored is never followed: what comes after it, and a leaf moved to it, fail too", async () => {
		const { storage } = await openFresh();
		const header = newSessionHeader("/workspace");
		await storage.createSession(header);
		await storage.appendEntry(header.id, entry("a1b2c3d4", null), "a1b2c3d4");
		// A value IndexedDB cannot store fails its transaction, as a full disk does.
		const uncloneable = { ...entry("b1b2c3d4", "a1b2c3d4"), data: () => undefined } as unknown as StoredEntry;
		const failed = storage.appendEntry(header.id, uncloneable, "b1b2c3d4");
		// Asked for together, the two go in one transaction, and fail together.
		const together = storage.appendEntry(header.id, entry("b2b2c3d4", "b1b2c3d4"), "b2b2c3d4");
		await expect(failed).rejects.toThrow();
		await expect(together).rejects.toThrow();
		// Asked for after, it fails for the entry it follows.
		await expect(storage.appendEntry(header.id, entry("c1b2c3d4", "b2b2c3d4"), "c1b2c3d4")).rejects.toThrow("the entry it follows (b2b2c3d4) was not stored");
		await expect(storage.appendEntry(header.id, entry("d1b2c3d4", "c1b2c3d4"), "d1b2c3d4")).rejects.toThrow("the entry it follows (c1b2c3d4) was not stored");
		await expect(storage.setLeaf(header.id, "b1b2c3d4")).rejects.toThrow("the entry b1b2c3d4 was not stored");
		// What follows what was stored is stored.
		await storage.appendEntry(header.id, entry("e1b2c3d4", "a1b2c3d4"), "e1b2c3d4");
		const snapshot = await storage.loadSession(header.id);
		expect(snapshot?.entries.map((e) => e.id)).toEqual(["a1b2c3d4", "e1b2c3d4"]);
		expect(snapshot?.leafId).toBe("e1b2c3d4");
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

	it("keeps a session's first prompt, cut to one short line, for the list; later prompts and an import's keep it", async () => {
		const { storage } = await openFresh();
		const header = newSessionHeader("/workspace");
		await storage.createSession(header);
		expect((await storage.listSessions())[0].firstPrompt).toBeUndefined();
		const assistant = { ...entry("0000000a", null), message: { role: "assistant", content: [{ type: "text", text: "Hello" }] } } as StoredEntry;
		await storage.appendEntry(header.id, assistant, "0000000a");
		expect((await storage.listSessions())[0].firstPrompt).toBeUndefined();
		const long = `Write a tool\nthat   counts ${"words ".repeat(30)}`;
		await storage.appendEntry(header.id, entry("0000000b", "0000000a", long), "0000000b");
		await storage.appendEntry(header.id, entry("0000000c", "0000000b", "A later prompt"), "0000000c");
		const [listed] = await storage.listSessions();
		expect(listed.firstPrompt).toMatch(/^Write a tool that counts words words/);
		expect(listed.firstPrompt).toHaveLength(80);
		expect(listed.firstPrompt?.endsWith("…")).toBe(true);

		const imported = newSessionHeader("/workspace");
		await storage.importSession(imported, [entry("0000000d", null, "Imported prompt")], "0000000d");
		expect((await storage.listSessions()).find((s) => s.id === imported.id)?.firstPrompt).toBe("Imported prompt");
	});

	it("refuses an append to a session that does not exist, and later writes still work", async () => {
		const { storage } = await openFresh();
		await expect(storage.appendEntry("missing", entry("0000000b", null, "x"), "0000000b")).rejects.toThrow(/does not exist/);
		await storage.setSetting("k", { v: 1 });
		expect(await storage.getSetting("k")).toEqual({ v: 1 });
	});

	/** The pack records of a session, read straight from the database: which runs of entries they copy. */
	async function packsOf(name: string, sessionId: string): Promise<{ from: number; count: number }[]> {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open(name);
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const values = await new Promise<{ from: number; entries: unknown[] }[]>((resolve, reject) => {
			const request = db
				.transaction("settings")
				.objectStore("settings")
				.getAll(IDBKeyRange.bound(`pack:${sessionId}:`, `pack:${sessionId}:~`));
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		db.close();
		return values.map((pack) => ({ from: pack.from, count: pack.entries.length }));
	}

	const chain = (count: number, prefix: string) => {
		const ids = Array.from({ length: count }, (_, i) => `${prefix}${i.toString(16).padStart(7, "0")}`);
		return ids.map((id, i) => entry(id, ids[i - 1] ?? null, `${prefix} ${i}`));
	};

	it("reads a long session the same once it is packed, with the entries appended after the pack, across a reopen", async () => {
		const { storage, name } = await openFresh();
		const header = newSessionHeader("/workspace");
		const first = chain(1_200, "a");
		await storage.importSession(header, first, first.at(-1)!.id);
		// An import of a long session stores it packed at once (in packs of a thousand), beside its entry records.
		expect(await packsOf(name, header.id)).toEqual([{ from: 0, count: 1_000 }]);
		expect((await storage.loadSession(header.id))?.entries).toEqual(first);
		expect((await storage.loadRecent(header.id, 2))?.entries).toEqual(first.slice(-2));

		const more = chain(1_000, "b");
		for (const [i, appended] of more.entries())
			void storage.appendEntry(header.id, { ...appended, parentId: more[i - 1]?.id ?? first.at(-1)!.id }, appended.id);
		const expected = [...first, ...more.map((appended, i) => ({ ...appended, parentId: more[i - 1]?.id ?? first.at(-1)!.id }))];
		expect((await storage.loadSession(header.id))?.entries).toEqual(expected);
		storage.close();

		const reopened = await PlayaDatabase.open(name);
		opened.push({ storage: reopened, name });
		const snapshot = await reopened.loadSession(header.id);
		expect(snapshot?.entries).toEqual(expected);
		expect(snapshot?.leafId).toBe(more.at(-1)!.id);
		expect(await packsOf(name, header.id)).toEqual([
			{ from: 0, count: 1_000 },
			{ from: 1_000, count: 1_200 },
		]);
		// The latest entries for the first paint come from the entry records, as before.
		expect((await reopened.loadRecent(header.id, 3))?.entries.map((e) => e.id)).toEqual(expected.slice(-3).map((e) => e.id));
	});

	it("deletes a session's packs with it: a session stored again under its id reads as its new entries", async () => {
		const { storage, name } = await openFresh();
		const header = newSessionHeader("/workspace");
		const old = chain(1_100, "c");
		await storage.importSession(header, old, old.at(-1)!.id);
		expect(await packsOf(name, header.id)).toHaveLength(1);

		await storage.deleteSession(header.id);
		expect(await packsOf(name, header.id)).toEqual([]);
		const renewed = chain(10, "d");
		await storage.importSession(header, renewed, renewed.at(-1)!.id);
		expect((await storage.loadSession(header.id))?.entries).toEqual(renewed);
	});
});
