/** Entry of the session import worker: reads one session file and parses it, off the page's thread. */
import { importSessionJsonl, type SessionImportResult } from "../../session/jsonl.ts";

self.onmessage = async (event: MessageEvent<Blob>) => {
	let result: SessionImportResult;
	try {
		result = importSessionJsonl(await event.data.text());
	} catch (error) {
		result = { ok: false, error: `the file could not be read (${error instanceof Error ? error.message : String(error)})` };
	}
	self.postMessage(result);
};
