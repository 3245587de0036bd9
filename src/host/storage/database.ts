/**
 * IndexedDB, through idb: the page's main thread writes it, the session writer's worker writes a running
 * runtime's entries and leaf moves (host/storage/writer/), and the import worker an imported session
 * (host/storage/import/). Sessions keep their header and leaf;
 * entries are stored one record each, keyed by session and append order, so every append is one
 * small write and a reload reads them back in order. A long session is also kept in packs (below),
 * so reading it whole does not cost a record per entry.
 * Runs in the page, in the session writer's worker and in the session import worker.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { SessionSnapshot } from "../../protocol/runtime.ts";
import { firstPromptOf, type StoredEntry, type SessionHeader } from "../../session/entries.ts";
import type { FsChangeSet, FsEntrySnapshot, FsSnapshot } from "../../workspace/workspace.ts";

export const DB_NAME = "playa";
const DB_VERSION = 2;
/** Entry writes issued in one task; more of them wait for the previous ones (see appendEntry). */
const PUTS_PER_TASK = 200;
/**
 * A session read whole with this many entries not yet packed gets them packed: copies of a run of its entries in
 * one settings record (`pack:<session>:<first seq>`). Reading 10,000 entry records costs several times reading
 * the same entries as one array. Stored entries are never rewritten, so a pack stays true; the entry records
 * stay the source of truth (the latest entries, exports and imports read them), and a pack goes with its session.
 */
const PACK_AT = 1_000;

interface SessionPack {
	from: number;
	entries: StoredEntry[];
}

function packKey(sessionId: string, from: number): string {
	return `pack:${sessionId}:${String(from).padStart(15, "0")}`;
}

/** Every pack key of a session ("~" sorts after the digits). */
function packRange(sessionId: string): IDBKeyRange {
	return IDBKeyRange.bound(`pack:${sessionId}:`, `pack:${sessionId}:~`);
}

export interface SessionRecord {
	id: string;
	header: SessionHeader;
	leafId: string | null;
	entryCount: number;
	updatedAt: string;
	/** The first prompt's text, cut short (session/entries.ts `firstPromptOf`): the list's name for an untitled session. */
	firstPrompt?: string;
}

interface PlayaDB extends DBSchema {
	sessions: { key: string; value: SessionRecord };
	entries: { key: [string, number]; value: { sessionId: string; seq: number; entry: StoredEntry } };
	settings: { key: string; value: unknown };
	/** The embedded workspace's files, one record per path (since version 2). */
	files: { key: string; value: FsEntrySnapshot };
}

interface PendingAppends {
	sessionId: string;
	entries: StoredEntry[];
	leafId: string;
	written: Promise<void>;
}

export class PlayaDatabase {
	private queue: Promise<unknown> = Promise.resolve();
	/** Appends waiting for the write queue, to be stored in one transaction. */
	private pendingAppends: PendingAppends | undefined;
	/**
	 * Entries whose write failed: one that follows them is refused too, and the leaf never moves to them, so nothing
	 * stored ever points at an entry that is not (the runtime forgets them, and appends after what was stored).
	 */
	private readonly unstored = new Set<string>();

	private constructor(
		private readonly db: IDBPDatabase<PlayaDB>,
		/** The database's name: the session writer's worker opens the same one. */
		readonly name: string,
	) {}

	static async open(name = DB_NAME): Promise<PlayaDatabase> {
		const db = await openDB<PlayaDB>(name, DB_VERSION, {
			upgrade(db, oldVersion) {
				// Versioned migrations: each step brings the schema from one version to the next.
				if (oldVersion < 1) {
					db.createObjectStore("sessions", { keyPath: "id" });
					db.createObjectStore("entries", { keyPath: ["sessionId", "seq"] });
					db.createObjectStore("settings");
				}
				if (oldVersion < 2) db.createObjectStore("files", { keyPath: "path" });
			},
		});
		return new PlayaDatabase(db, name);
	}

	close(): void {
		this.db.close();
	}

	/** Writes run one after another, in the order they were asked for. */
	private serial<T>(write: () => Promise<T>): Promise<T> {
		// A write queued after pending appends keeps its place: later appends go in a batch after it.
		this.pendingAppends = undefined;
		const next = this.queue.then(write, write);
		this.queue = next.catch(() => undefined);
		return next;
	}

	async createSession(header: SessionHeader): Promise<SessionRecord> {
		const record: SessionRecord = { id: header.id, header, leafId: null, entryCount: 0, updatedAt: header.timestamp };
		await this.serial(() => this.db.put("sessions", record));
		return record;
	}

	async listSessions(): Promise<SessionRecord[]> {
		const all = await this.db.getAll("sessions");
		return all.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
	}

	async sessionExists(id: string): Promise<boolean> {
		return (await this.db.getKey("sessions", id)) !== undefined;
	}

	async loadSession(id: string): Promise<SessionSnapshot | undefined> {
		// Reads see every write asked for before them (a restart reloads what the last runtime appended).
		await this.queue;
		const tx = this.db.transaction(["sessions", "entries", "settings"]);
		const record = await tx.objectStore("sessions").get(id);
		if (!record) return undefined;
		// Packs are used as far as they run on from the first entry without a gap; the entry records give the rest.
		// One request a pack: each is copied out in a task of its own, not a whole long session in one.
		const settings = tx.objectStore("settings");
		const entries: StoredEntry[] = [];
		for (const key of await settings.getAllKeys(packRange(id))) {
			const pack = (await settings.get(key)) as SessionPack | undefined;
			if (!pack || pack.from !== entries.length || pack.from + pack.entries.length > record.entryCount) break;
			for (const entry of pack.entries) entries.push(entry);
		}
		const packed = entries.length;
		const rows = await tx.objectStore("entries").getAll(IDBKeyRange.bound([id, packed], [id, Number.MAX_SAFE_INTEGER]));
		for (const row of rows) entries.push(row.entry);
		if (rows.length >= PACK_AT) void this.pack(id, packed, entries.slice(packed)).catch(() => undefined);
		return { header: record.header, entries, leafId: record.leafId };
	}

	/** Stores entries `from`… of a session as one pack, unless the session has gone (or shrank) meanwhile. */
	private pack(sessionId: string, from: number, entries: StoredEntry[]): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction(["sessions", "settings"], "readwrite");
			const record = await tx.objectStore("sessions").get(sessionId);
			if (record && record.entryCount >= from + entries.length) {
				const pack: SessionPack = { from, entries };
				await tx.objectStore("settings").put(pack, packKey(sessionId, from));
			}
			await tx.done;
		});
	}

	/** The last `count` entries and the leaf: enough to show a long session while the rest loads. */
	async loadRecent(id: string, count: number): Promise<SessionSnapshot | undefined> {
		await this.queue;
		const record = await this.db.get("sessions", id);
		if (!record) return undefined;
		// One request over the last `count` sequence numbers: a cursor would cost a round trip per entry.
		const from = Math.max(0, record.entryCount - count);
		const rows = await this.db.getAll("entries", IDBKeyRange.bound([id, from], [id, Number.MAX_SAFE_INTEGER]));
		return { header: record.header, entries: rows.map((row) => row.entry), leafId: record.leafId };
	}

	/**
	 * Appends one entry and moves the session's leaf. Entries that arrive while a write is under way go
	 * together in the next transaction, so what the page shows reaches storage with little delay.
	 */
	appendEntry(sessionId: string, entry: StoredEntry, leafId: string): Promise<void> {
		const pending = this.pendingAppends;
		if (pending && pending.sessionId === sessionId) {
			pending.entries.push(entry);
			pending.leafId = leafId;
			return pending.written;
		}
		const batch: PendingAppends = { sessionId, entries: [entry], leafId, written: Promise.resolve() };
		batch.written = this.serial(async () => {
			if (this.pendingAppends === batch) this.pendingAppends = undefined;
			const orphan = batch.entries.find((appended) => appended.parentId !== null && this.unstored.has(appended.parentId));
			if (orphan) throw new Error(`the entry it follows (${orphan.parentId}) was not stored`);
			const tx = this.db.transaction(["sessions", "entries"], "readwrite");
			const sessions = tx.objectStore("sessions");
			const record = await sessions.get(sessionId);
			if (!record) throw new Error(`session ${sessionId} does not exist`);
			const entries = tx.objectStore("entries");
			// Thousands of puts at once would copy every entry in one long task: a chunk a task, in the same transaction
			// (it stays active in the callback of its last request).
			for (let start = 0; start < batch.entries.length; start += PUTS_PER_TASK) {
				const puts = batch.entries
					.slice(start, start + PUTS_PER_TASK)
					.map((appended, index) => entries.put({ sessionId, seq: record.entryCount + start + index, entry: appended }));
				if (start + PUTS_PER_TASK < batch.entries.length) await puts.at(-1);
			}
			const last = batch.entries.at(-1)!;
			const firstPrompt = record.firstPrompt ?? firstPromptOf(batch.entries);
			await sessions.put({
				...record,
				leafId: batch.leafId,
				entryCount: record.entryCount + batch.entries.length,
				updatedAt: last.timestamp,
				...(firstPrompt !== undefined && { firstPrompt }),
			});
			await tx.done;
		}).catch((error: unknown) => {
			for (const appended of batch.entries) this.unstored.add(appended.id);
			throw error;
		});
		this.pendingAppends = batch;
		return batch.written;
	}

	/** Stores a whole session at once (an import): all of it, or nothing. */
	importSession(header: SessionHeader, entries: StoredEntry[], leafId: string | null, onStored?: (stored: number) => void): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction(["sessions", "entries", "settings"], "readwrite");
			if (await tx.objectStore("sessions").get(header.id)) throw new Error(`session ${header.id} exists already`);
			// Packs a tab of an older version left behind when it deleted a session of this id would not be this session's.
			await tx.objectStore("settings").delete(packRange(header.id));
			// A chunk a task, in the same transaction, telling how far it got; a long session is also stored as one
			// pack, so opening it reads one record instead of thousands.
			const rows = tx.objectStore("entries");
			for (let start = 0; start < entries.length; start += PUTS_PER_TASK) {
				const end = Math.min(start + PUTS_PER_TASK, entries.length);
				for (let seq = start; seq < end - 1; seq++) void rows.put({ sessionId: header.id, seq, entry: entries[seq] });
				await rows.put({ sessionId: header.id, seq: end - 1, entry: entries[end - 1] });
				onStored?.(end);
			}
			for (let from = 0; from + PACK_AT <= entries.length; from += PACK_AT)
				await tx.objectStore("settings").put({ from, entries: entries.slice(from, from + PACK_AT) } satisfies SessionPack, packKey(header.id, from));
			const updatedAt = entries.at(-1)?.timestamp ?? header.timestamp;
			const firstPrompt = firstPromptOf(entries);
			await tx
				.objectStore("sessions")
				.put({ id: header.id, header, leafId, entryCount: entries.length, updatedAt, ...(firstPrompt !== undefined && { firstPrompt }) });
			await tx.done;
		});
	}

	/** Removes a session, all its entries and their packs. */
	deleteSession(sessionId: string): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction(["sessions", "entries", "settings"], "readwrite");
			await tx.objectStore("entries").delete(IDBKeyRange.bound([sessionId, 0], [sessionId, Number.MAX_SAFE_INTEGER]));
			await tx.objectStore("settings").delete(packRange(sessionId));
			await tx.objectStore("sessions").delete(sessionId);
			await tx.done;
		});
	}

	/** Sets the name the session list shows (the header's title). */
	renameSession(sessionId: string, title: string): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction("sessions", "readwrite");
			const record = await tx.store.get(sessionId);
			if (!record) throw new Error(`session ${sessionId} does not exist`);
			await tx.store.put({ ...record, header: { ...record.header, title } });
			await tx.done;
		});
	}

	/** Moves the session's leaf without appending (branch, tree navigation). */
	setLeaf(sessionId: string, leafId: string | null): Promise<void> {
		return this.serial(async () => {
			if (leafId !== null && this.unstored.has(leafId)) throw new Error(`the entry ${leafId} was not stored`);
			const tx = this.db.transaction("sessions", "readwrite");
			const record = await tx.store.get(sessionId);
			if (!record) throw new Error(`session ${sessionId} does not exist`);
			await tx.store.put({ ...record, leafId, updatedAt: new Date().toISOString() });
			await tx.done;
		});
	}

	/** The workspace's files as last persisted (parents before children). */
	async loadFiles(): Promise<FsSnapshot> {
		const entries = await this.db.getAll("files");
		return { version: 1, entries: entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
	}

	/** Applies a workspace change set: everything at or under each root goes, then the entries are put. */
	applyFileChanges(changes: FsChangeSet): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction("files", "readwrite");
			for (const root of changes.roots) {
				if (root === "/") {
					await tx.store.clear();
					continue;
				}
				await tx.store.delete(root);
				// Every path under root/ sorts between "root/" and "root0" ("0" follows "/").
				await tx.store.delete(IDBKeyRange.bound(`${root}/`, `${root}0`, false, true));
			}
			for (const entry of changes.entries) await tx.store.put(entry);
			await tx.done;
		});
	}

	async getSetting<T>(key: string): Promise<T | undefined> {
		return (await this.db.get("settings", key)) as T | undefined;
	}

	setSetting(key: string, value: unknown): Promise<void> {
		return this.serial(async () => {
			await this.db.put("settings", value, key);
		});
	}

	deleteSetting(key: string): Promise<void> {
		return this.serial(async () => {
			await this.db.delete("settings", key);
		});
	}
}
