/**
 * The runtime worker → session writer boundary. The runtime hands each entry it appends, and each move of its
 * leaf, to a worker of the app's origin that stores them in the playground's IndexedDB (host/session-writer/),
 * and goes on only once that answers: the page's main thread, busy drawing, is not on the way of a turn. What
 * crosses is the runtime's own `entry_appended` / `leaf_changed` events, which the writer parses
 * (runtime-schema.ts) before it stores anything: the runtime runs extension code.
 */
import { methodsOf } from "./guard.ts";
import type { RuntimeEvent } from "./runtime.ts";

export type SessionWrite = Extract<RuntimeEvent, { type: "entry_appended" | "leaf_changed" }>;

export interface SessionWriterApi {
	/**
	 * Resolves once the write is stored; rejects, with the reason in a sentence, when it was not (refused, over the
	 * size bound, or failed: a full disk). The page is told the same.
	 */
	write(event: SessionWrite): Promise<void>;
}

export const SESSION_WRITER_METHODS = methodsOf<SessionWriterApi>()(["write"]);
