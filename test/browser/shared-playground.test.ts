/**
 * A snapshot made into a playground is all or nothing (issue 33, finding 7): when a write fails (here its script
 * cannot be stored), the new playground's database is deleted with its files, the home list does not name it, and
 * the error goes on. In real Chromium with real IndexedDB.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import { databaseNameOf, deletePlaygroundDatabase, listPlaygrounds } from "../../src/host/storage/playgrounds.ts";
import { createSharedPlayground } from "../../src/host/share/share-materialize.ts";
import type { PlaygroundSnapshot } from "../../src/share/snapshot.ts";

const opened: PlayaDatabase[] = [];
afterEach(async () => {
	for (const database of opened.splice(0)) {
		database.close();
		indexedDB.deleteDatabase(database.name);
	}
});

async function playgroundDatabases(): Promise<string[]> {
	return (await indexedDB.databases()).flatMap((info) => (info.name?.startsWith("playa-playground-") ? [info.name] : []));
}

const snapshot = (script: unknown): PlaygroundSnapshot =>
	({
		version: 1,
		files: [
			{ path: ".pi/extensions/x.ts", content: "export default function () {}" },
			{ path: "notes.md", content: "# notes" },
		],
		extensions: [],
		script,
	}) as unknown as PlaygroundSnapshot;

describe("a shared playground made from a snapshot", () => {
	it("leaves no database and no list entry behind when its script cannot be stored", async () => {
		const home = await PlayaDatabase.open(`playa-home-test-${crypto.randomUUID()}`);
		opened.push(home);
		const before = await playgroundDatabases();
		// A step IndexedDB cannot clone fails the write, as a full disk does.
		await expect(createSharedPlayground(home, snapshot([{ text: "hi", later: () => undefined }]), "Shared from a test")).rejects.toThrow(/could not be cloned/);
		expect(await playgroundDatabases()).toEqual(before);
		expect((await listPlaygrounds(home)).map((playground) => playground.title)).toEqual(["Your playground"]);
	});

	it("is made whole when every write works (the same snapshot, a script that can be stored)", async () => {
		const home = await PlayaDatabase.open(`playa-home-test-${crypto.randomUUID()}`);
		opened.push(home);
		const id = await createSharedPlayground(home, snapshot([{ text: "hi" }]), "Shared from a test");
		try {
			expect(await playgroundDatabases()).toContain(databaseNameOf(id));
			const made = await PlayaDatabase.open(databaseNameOf(id));
			const files = (await made.loadFiles()).entries.filter((entry) => entry.type === "file").map((entry) => entry.path);
			made.close();
			expect(files.sort()).toEqual(["/workspace/.pi/extensions/x.ts", "/workspace/notes.md"]);
			expect((await listPlaygrounds(home)).map((playground) => playground.title)).toEqual(["Your playground", "Shared from a test"]);
		} finally {
			await deletePlaygroundDatabase(id);
		}
		expect(await playgroundDatabases()).not.toContain(databaseNameOf(id));
	});
});
