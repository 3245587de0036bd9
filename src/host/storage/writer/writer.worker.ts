/**
 * The session writer in a worker of the app's origin: each runtime's entries and leaf moves go from its port
 * straight to IndexedDB here, so a turn never waits for the page's main thread, which may be drawing. This is the
 * page's own code: a runtime reaches it only through the guarded port the page hands that runtime, never this
 * worker's own scope, which only the page holds. The page hears of each write once it is stored.
 */
import * as Comlink from "comlink";
import { exposeGuarded } from "../../../protocol/guard.ts";
import { SESSION_WRITER_METHODS } from "../../../protocol/session-writer.ts";
import { PlayaDatabase } from "../database.ts";
import { SessionWriter, type SessionWriterReports, type SessionWriterStorage } from "./session-writer.ts";

export interface SessionWriterWorkerApi {
	/** Answers once the worker runs. */
	ready(): void;
	/** Stores the writes one runtime sends on `port` in the playground database `database`, for `sessionId` only. */
	serve(id: number, database: string, sessionId: string, port: MessagePort, reports: SessionWriterReports): void;
	/** Takes no more of that runtime's writes; resolves once those taken are stored. */
	close(id: number): Promise<void>;
}

const databases = new Map<string, Promise<PlayaDatabase>>();
const served = new Map<number, { writer: SessionWriter; port: MessagePort; reports: SessionWriterReports }>();

/** The database opened once, on its first write: a runtime may start and stop without writing anything. */
function storageOf(name: string): SessionWriterStorage {
	const database = () => {
		let opened = databases.get(name);
		if (!opened) {
			opened = PlayaDatabase.open(name);
			databases.set(name, opened);
			opened.catch(() => databases.delete(name));
		}
		return opened;
	};
	return {
		appendEntry: async (sessionId, entry, leafId) => (await database()).appendEntry(sessionId, entry, leafId),
		setLeaf: async (sessionId, leafId) => (await database()).setLeaf(sessionId, leafId),
	};
}

const api: SessionWriterWorkerApi = {
	ready() {},
	serve(id, database, sessionId, port, reports) {
		// The page's callbacks answer nothing the writer waits for: a report that fails changes no write.
		const told: SessionWriterReports = {
			stored: (event) => void Promise.resolve(reports.stored(event)).catch(() => undefined),
			failed: (message) => void Promise.resolve(reports.failed(message)).catch(() => undefined),
			refused: (problem) => void Promise.resolve(reports.refused(problem)).catch(() => undefined),
		};
		const writer = new SessionWriter(storageOf(database), sessionId, told);
		exposeGuarded(writer, port, [...SESSION_WRITER_METHODS], { name: "The session writer" });
		served.set(id, { writer, port, reports });
	},
	async close(id) {
		const entry = served.get(id);
		if (!entry) return;
		served.delete(id);
		await entry.writer.close();
		entry.port.close();
		(entry.reports as Partial<Comlink.Remote<SessionWriterReports>>)[Comlink.releaseProxy]?.();
	},
};

Comlink.expose(api);
