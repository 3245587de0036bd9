/** Session entries for tests: a user message with the given id, parent and text. */
import type { StoredEntry } from "../../src/session/entries.ts";

export function userEntry(id: string, parentId: string | null, text = `message ${id}`): StoredEntry {
	return {
		type: "message",
		id,
		parentId,
		timestamp: new Date().toISOString(),
		message: { role: "user", content: [{ type: "text", text }], timestamp: Date.now() },
	} as StoredEntry;
}
