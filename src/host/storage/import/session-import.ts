/**
 * Imports a session file in a worker of its own, so a file of tens of megabytes leaves the page responsive: the
 * worker reads, parses and stores it (session-file-import.ts) and only its outcome comes back. A worker that fails
 * comes back as a failed import, with the reason; nothing is stored then (the import is one transaction).
 */
import type { ImportProgress, SessionFileImport } from "./session-file-import.ts";
import type { SessionImportMessage, SessionImportRequest } from "./session-import.worker.ts";

/** Imports `file` into the playground database named `database`, telling how far it got. */
export type SessionFileImporter = (file: Blob, database: string, onProgress: (progress: ImportProgress) => void) => Promise<SessionFileImport>;

export const importSessionFileOffThread: SessionFileImporter = (file, database, onProgress) => {
	const worker = new Worker(new URL("./session-import.worker.ts", import.meta.url), { type: "module", name: "playa-session-import" });
	return new Promise<SessionFileImport>((resolve) => {
		worker.onmessage = ({ data }: MessageEvent<SessionImportMessage>) => {
			if ("done" in data) resolve(data.done);
			else onProgress(data.progress);
		};
		worker.onmessageerror = () => resolve({ ok: false, error: "the import worker's answer could not be read" });
		worker.onerror = (event) => {
			event.preventDefault();
			resolve({ ok: false, error: `the import worker failed (${event.message || "it did not start"})` });
		};
		worker.postMessage({ file, database } satisfies SessionImportRequest);
	}).finally(() => worker.terminate());
};
