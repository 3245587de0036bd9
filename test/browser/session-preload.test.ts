/** A long session read ahead of the runtime's start, in real Chromium with real IndexedDB. */
import { afterEach, describe, expect, it } from "vitest";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import { SessionLibrary } from "../../src/host/storage/session-library.ts";
import { newSessionHeader } from "../../src/session/entries.ts";
import { userEntry as entry } from "../support/entries.ts";

const opened: { storage: PlayaDatabase; name: string }[] = [];

afterEach(() => {
	for (const { storage, name } of opened.splice(0)) {
		storage.close();
		indexedDB.deleteDatabase(name);
	}
});

async function storageWithSessions(): Promise<{ storage: PlayaDatabase; library: SessionLibrary; ids: string[] }> {
	const name = `playa-preload-${crypto.randomUUID()}`;
	const storage = await PlayaDatabase.open(name);
	opened.push({ storage, name });
	const ids: string[] = [];
	for (const count of [3, 2]) {
		const header = newSessionHeader("/workspace");
		await storage.createSession(header);
		for (let i = 0; i < count; i++)
			await storage.appendEntry(
				header.id,
				entry(`${header.id.slice(0, 4)}${i}`, i === 0 ? null : `${header.id.slice(0, 4)}${i - 1}`),
				`${header.id.slice(0, 4)}${i}`,
			);
		ids.push(header.id);
	}
	const library = new SessionLibrary({
		databases: { current: storage },
		workspace: { ready: Promise.resolve(), sessionCwd: "/workspace" },
		store: {
			get: () => {
				throw new Error("not used");
			},
			set: () => undefined,
		},
		notices: { notify: () => undefined },
		runtime: { api: undefined, start: async () => undefined, stop: async () => undefined },
	});
	return { storage, library, ids };
}

describe("a session read ahead", () => {
	it("is the one the next start gets, whole, while it is still current", async () => {
		const { storage, library, ids } = await storageWithSessions();
		await storage.setSetting("currentSession", ids[0]);
		library.preload(ids[0]!);
		const session = await library.current();
		expect(session.header.id).toBe(ids[0]);
		expect(session.entries).toHaveLength(3);
		expect(session.leafId).toBe(session.entries.at(-1)?.id);
	});

	it("is not used once another session became current, nor by a later start", async () => {
		const { storage, library, ids } = await storageWithSessions();
		library.preload(ids[0]!);
		await storage.setSetting("currentSession", ids[1]);
		expect((await library.current()).entries).toHaveLength(2);
		// Read once: a later start reads the session as it is then.
		await storage.setSetting("currentSession", ids[0]);
		await storage.appendEntry(ids[0]!, entry("later000", `${ids[0]!.slice(0, 4)}2`), "later000");
		expect((await library.current()).entries.map((e) => e.id)).toContain("later000");
	});
});
