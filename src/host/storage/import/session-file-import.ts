/**
 * One session file imported into a playground's database: read, parsed as pi's JSONL, and stored whole or not at
 * all, telling how far it got. Runs in the import worker (session-import.worker.ts), so a file of tens of
 * megabytes neither parses nor stores on the page's thread; the tests under Node call it directly.
 */
import { importSessionJsonl } from "../../../session/jsonl.ts";
import type { PlayaDatabase } from "../database.ts";
import { storageFailureReason } from "../storage-failure.ts";

/** How far an import has got: the file read and parsed, then `stored` of `total` entries. */
export type ImportProgress = { stage: "reading" } | { stage: "storing"; stored: number; total: number };

/** What an import comes to: the session stored (its id, which is new if the file's was taken), or why not. */
export type SessionFileImport = { ok: true; sessionId: string; entryCount: number; warnings: string[] } | { ok: false; error: string; line?: number };

export async function importSessionFile(
	file: Blob,
	storage: Pick<PlayaDatabase, "sessionExists" | "importSession">,
	onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<SessionFileImport> {
	onProgress({ stage: "reading" });
	let text: string;
	try {
		text = await file.text();
	} catch (error) {
		return { ok: false, error: `the file could not be read (${error instanceof Error ? error.message : String(error)})` };
	}
	const parsed = importSessionJsonl(text);
	if (!parsed.ok) return parsed;
	const total = parsed.entries.length;
	const header = (await storage.sessionExists(parsed.header.id)) ? { ...parsed.header, id: crypto.randomUUID() } : parsed.header;
	onProgress({ stage: "storing", stored: 0, total });
	try {
		await storage.importSession(header, parsed.entries, parsed.leafId, (stored) => onProgress({ stage: "storing", stored, total }));
	} catch (error) {
		return { ok: false, error: `could not be stored (${await storageFailureReason(error)})` };
	}
	return { ok: true, sessionId: header.id, entryCount: total, warnings: parsed.warnings };
}
