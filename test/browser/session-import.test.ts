/**
 * Session files are read, parsed and stored in a worker of their own, in real Chromium with real IndexedDB: only the
 * outcome comes back, the session is in the database whole, and a broken file stores nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import type { ImportProgress } from "../../src/host/storage/import/session-file-import.ts";
import { importSessionFileOffThread } from "../../src/host/storage/import/session-import.ts";

const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/workspace"}';
const entry = (id: string, parentId: string | null) =>
	JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: `text of ${id}`, timestamp: 0 } });
const ids = (count: number) => Array.from({ length: count }, (_, i) => i.toString(16).padStart(8, "0"));
const file = (entryIds: string[]) => new Blob([`${header}\n${entryIds.map((id, i) => entry(id, entryIds[i - 1] ?? null)).join("\n")}\n`]);

const names: string[] = [];
async function freshDatabase(): Promise<string> {
	const name = `playa-import-test-${crypto.randomUUID()}`;
	(await PlayaDatabase.open(name)).close();
	names.push(name);
	return name;
}

afterEach(() => {
	for (const name of names.splice(0)) indexedDB.deleteDatabase(name);
});

async function stored(name: string, sessionId: string) {
	const storage = await PlayaDatabase.open(name);
	try {
		return { session: await storage.loadSession(sessionId), recent: await storage.loadRecent(sessionId, 2), list: await storage.listSessions() };
	} finally {
		storage.close();
	}
}

describe("importSessionFileOffThread", () => {
	it("stores the whole session in the playground's database and tells how far it got", async () => {
		const name = await freshDatabase();
		const progress: ImportProgress[] = [];
		const entryIds = ids(1_250);
		const imported = await importSessionFileOffThread(file(entryIds), name, (p) => progress.push(p));
		expect(imported).toEqual({ ok: true, sessionId: "s1", entryCount: 1_250, warnings: [] });
		const { session, recent, list } = await stored(name, "s1");
		expect(session?.entries.map((e) => e.id)).toEqual(entryIds);
		expect(session?.leafId).toBe(entryIds.at(-1));
		// The latest entries (read by rows) and the whole session (read from the pack) agree.
		expect(recent?.entries.map((e) => e.id)).toEqual(entryIds.slice(-2));
		expect(list.map((s) => [s.id, s.entryCount])).toEqual([["s1", 1_250]]);
		expect(progress[0]).toEqual({ stage: "reading" });
		const storing = progress.filter((p) => p.stage === "storing");
		expect(storing.at(-1)).toEqual({ stage: "storing", stored: 1_250, total: 1_250 });
		expect(storing.length).toBeGreaterThan(2);
	}, 30_000);

	it("gives the session a new id when its own is taken, and keeps the first", async () => {
		const name = await freshDatabase();
		await importSessionFileOffThread(file(ids(2)), name, () => undefined);
		const second = await importSessionFileOffThread(file(ids(3)), name, () => undefined);
		expect(second.ok && second.sessionId).not.toBe("s1");
		const { list } = await stored(name, "s1");
		expect(list.map((s) => s.entryCount).sort()).toEqual([2, 3]);
	}, 30_000);

	it("names the line at fault in a broken file and stores nothing", async () => {
		const name = await freshDatabase();
		const imported = await importSessionFileOffThread(new Blob([`${header}\n${entry("a", null)}\n{not json\n`]), name, () => undefined);
		expect(imported).toMatchObject({ ok: false, line: 3 });
		expect(!imported.ok && imported.error).toMatch(/^line 3: not valid JSON/);
		const { list } = await stored(name, "s1");
		expect(list).toEqual([]);
	}, 30_000);
});
