/**
 * Entry of the session import worker: reads one session file, parses it and stores it in the playground's
 * database, off the page's thread, telling the page how far it got. Only the outcome crosses back, never the entries.
 */
import { PlayaDatabase } from "../database.ts";
import { type ImportProgress, importSessionFile, type SessionFileImport } from "./session-file-import.ts";

/** What the page sends: the file (a `Blob` crosses without a copy) and the database it goes into. */
export interface SessionImportRequest {
	file: Blob;
	database: string;
}

/** What the worker tells the page: progress, then one outcome. */
export type SessionImportMessage = { progress: ImportProgress } | { done: SessionFileImport };

self.onmessage = async ({ data }: MessageEvent<SessionImportRequest>) => {
	const tell = (message: SessionImportMessage) => self.postMessage(message);
	let storage: PlayaDatabase | undefined;
	try {
		storage = await PlayaDatabase.open(data.database);
		tell({ done: await importSessionFile(data.file, storage, (progress) => tell({ progress })) });
	} catch (error) {
		tell({ done: { ok: false, error: `the import failed (${error instanceof Error ? error.message : String(error)})` } });
	} finally {
		storage?.close();
	}
};
