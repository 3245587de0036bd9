/**
 * The embed's `postMessage` protocol: what a page that iframes Playa with `?embed` may send it, and the
 * events Playa posts back to that page (and only to it: `window.parent`).
 *
 * Every message of the protocol has a `type` starting with `playa:`; other messages are someone else's and
 * are ignored. A `playa:` message from the parent that does not parse gets a `playa:error` naming the
 * problem; nothing else happens. What the parent sends is untrusted: it is bounded here, and a snapshot is
 * checked against the snapshot schema by the page before anything of it is shown, and runs only after the
 * user says yes inside the frame.
 */
import { z } from "zod";

export const EMBED_PROTOCOL_VERSION = 1;

/** Message types start with this; anything else on the window is not Playa's. */
export const EMBED_PREFIX = "playa:";

/** Lets the host page match a reply to its request. */
const requestId = z.string().min(1).max(100).optional();

/** The largest prompt and snapshot the parent may send (characters of JSON for a snapshot). */
export const EMBED_LIMITS = { promptLength: 20_000, snapshotBytes: 4 * 1024 * 1024 } as const;

export const embedRequestSchema = z.discriminatedUnion("type", [
	/** Sends a prompt (or a `/command`) as if typed into the composer, once the session is ready and idle. */
	z.object({ type: z.literal("playa:prompt"), id: requestId, text: z.string().min(1).max(EMBED_LIMITS.promptLength) }).strict(),
	/** Stops the running turn. */
	z.object({ type: z.literal("playa:abort"), id: requestId }).strict(),
	/** Opens a playground snapshot (the schema of a `.playa.json`); it asks the user before anything runs. */
	z.object({ type: z.literal("playa:load-snapshot"), id: requestId, snapshot: z.unknown() }).strict(),
]);
export type EmbedRequest = z.infer<typeof embedRequestSchema>;

/** What an entry was, in a few words and bounded text: enough for a tutorial page to follow along. */
export interface EmbedEntrySummary {
	entryId: string;
	/** The session entry's type: `message`, `custom_message`, `custom`, `compaction`, … */
	entryType: string;
	/** For messages: `user`, `assistant`, `toolResult`, … */
	role?: string;
	/** The message's text (text blocks joined), at most `EMBED_TEXT_LIMIT` characters. */
	text?: string;
	/** For a tool result: the tool's name. */
	toolName?: string;
}

export const EMBED_TEXT_LIMIT = 4_000;

/** Events Playa posts to the parent page. */
export type EmbedEvent =
	| { type: "playa:ready"; version: number; layout: "editor" | "transcript"; readOnly: boolean; crossOriginIsolated: boolean }
	| ({ type: "playa:entry" } & EmbedEntrySummary)
	| { type: "playa:run-state"; running: boolean }
	| { type: "playa:dialog-opened"; dialogId: string; method: string; title: string }
	| { type: "playa:dialog-answered"; dialogId: string; method: string; by: "script" | "user" | "runtime"; answer: string }
	| { type: "playa:result"; id?: string; request: EmbedRequest["type"] }
	| { type: "playa:error"; message: string; id?: string; request?: string };

/** Whether a message on the window is meant for Playa (its type has the prefix). */
export function isEmbedMessage(data: unknown): boolean {
	return (
		typeof data === "object" &&
		data !== null &&
		typeof (data as { type?: unknown }).type === "string" &&
		(data as { type: string }).type.startsWith(EMBED_PREFIX)
	);
}

/** Parses a `playa:` message with an error a host page's author can act on. */
export function parseEmbedRequest(data: unknown): { ok: true; request: EmbedRequest } | { ok: false; error: string } {
	const parsed = embedRequestSchema.safeParse(data);
	if (parsed.success) return { ok: true, request: parsed.data };
	const issue = parsed.error.issues[0];
	const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
	return { ok: false, error: `Playa did not accept this message${where}: ${issue.message}.` };
}
