/**
 * Parses a session file in a worker of its own, so a file of tens of megabytes leaves the page
 * responsive: the worker reads the file (a `Blob` crosses without a copy) and runs the JSONL parser.
 * A worker that fails comes back as a failed parse, with the reason.
 */
import type { SessionImportResult } from "../../session/jsonl.ts";

export type SessionFileParser = (file: Blob) => Promise<SessionImportResult>;

export const parseSessionFileOffThread: SessionFileParser = (file) => {
	const worker = new Worker(new URL("./session-import.worker.ts", import.meta.url), { type: "module", name: "playa-session-import" });
	return new Promise<SessionImportResult>((resolve) => {
		worker.onmessage = (event: MessageEvent<SessionImportResult>) => resolve(event.data);
		worker.onmessageerror = () => resolve({ ok: false, error: "the parsed session could not be passed back to the page" });
		worker.onerror = (event) => {
			event.preventDefault();
			resolve({ ok: false, error: `the import worker failed (${event.message || "it did not start"})` });
		};
		worker.postMessage(file);
	}).finally(() => worker.terminate());
};
