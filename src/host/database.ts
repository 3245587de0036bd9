/**
 * IndexedDB, written only by the main thread (through idb). Sessions keep their header and leaf;
 * entries are stored one record each, keyed by session and append order, so every append is one
 * small write and a reload reads them back in order.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { SessionSnapshot } from "../protocol/runtime.ts";
import type { StoredEntry, SessionHeader } from "../session/entries.ts";
import type { FsChangeSet, FsEntrySnapshot, FsSnapshot } from "../workspace/types.ts";

export const DB_NAME = "playa";
const DB_VERSION = 2;
/** Entry writes issued in one task; more of them wait for the previous ones (see appendEntry). */
const PUTS_PER_TASK = 200;

export interface SessionRecord {
	id: string;
	header: SessionHeader;
	leafId: string | null;
	entryCount: number;
	updatedAt: string;
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

	private constructor(private readonly db: IDBPDatabase<PlayaDB>) {}

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
		return new PlayaDatabase(db);
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
		const record = await this.db.get("sessions", id);
		if (!record) return undefined;
		const rows = await this.db.getAll("entries", IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
		return { header: record.header, entries: rows.map((row) => row.entry), leafId: record.leafId };
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
			await sessions.put({ ...record, leafId: batch.leafId, entryCount: record.entryCount + batch.entries.length, updatedAt: last.timestamp });
			await tx.done;
		});
		this.pendingAppends = batch;
		return batch.written;
	}

	/** Stores a whole session at once (an import): all of it, or nothing. */
	importSession(header: SessionHeader, entries: StoredEntry[], leafId: string | null): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction(["sessions", "entries"], "readwrite");
			if (await tx.objectStore("sessions").get(header.id)) throw new Error(`session ${header.id} exists already`);
			entries.forEach((entry, seq) => void tx.objectStore("entries").put({ sessionId: header.id, seq, entry }));
			const updatedAt = entries.at(-1)?.timestamp ?? header.timestamp;
			await tx.objectStore("sessions").put({ id: header.id, header, leafId, entryCount: entries.length, updatedAt });
			await tx.done;
		});
	}

	/** Removes a session and all its entries. */
	deleteSession(sessionId: string): Promise<void> {
		return this.serial(async () => {
			const tx = this.db.transaction(["sessions", "entries"], "readwrite");
			await tx.objectStore("entries").delete(IDBKeyRange.bound([sessionId, 0], [sessionId, Number.MAX_SAFE_INTEGER]));
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
