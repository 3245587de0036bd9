/**
 * The synchronous workspace channel: how the runtime worker answers an extension's `fs.readFileSync` or
 * `execSync`. The runtime creates a `SharedArrayBuffer`, sends it on a port of its own to the workspace side
 * (`WorkspacePortApi.openSyncChannel`), posts each call as a message and blocks in `Atomics.wait` until the
 * workspace has written the answer into the buffer. A SharedArrayBuffer only crosses within one agent
 * cluster; when it cannot reach the workspace (`unshared`), synchronous calls are refused and the async
 * ones still work. Everything the runtime sends is untrusted: the workspace side checks each message.
 */
import { z } from "zod";

/** Int32 slots at the start of the buffer. */
export const SYNC_STATE = 0;
/** Written by the workspace on attach: proves the memory is shared, not a copy. */
export const SYNC_MAGIC_SLOT = 1;
export const SYNC_KIND = 2;
export const SYNC_LENGTH = 3;
export const SYNC_TOTAL = 4;
export const SYNC_HEADER_BYTES = 8 * Int32Array.BYTES_PER_ELEMENT;
export const SYNC_MAGIC = 0x706c6179;
/** Data bytes after the header; longer answers come in chunks (`next`). */
export const SYNC_DATA_BYTES = 1 << 20;

export const SyncState = { waiting: 0, ready: 1 } as const;
/** How the answer's bytes are to be read. */
export const SyncKind = { json: 0, bytes: 1, error: 2 } as const;

export const SYNC_OPS = ["readFile", "writeFile", "appendFile", "list", "stat", "exists", "mkdir", "remove", "rename", "exec"] as const;
export type SyncOp = (typeof SYNC_OPS)[number];

/** Without cross-origin isolation `SharedArrayBuffer` is not even defined. */
function isShared(value: unknown): value is SharedArrayBuffer {
	return typeof SharedArrayBuffer === "function" && value instanceof SharedArrayBuffer;
}

const data = z.union([z.string(), z.instanceof(Uint8Array)]);
const path = z.string();

/** Each op's arguments, checked on the workspace side. */
export const SYNC_ARGUMENTS: Record<SyncOp, z.ZodType> = {
	readFile: z.tuple([path, z.literal("utf8").optional()]),
	writeFile: z.tuple([path, data]),
	appendFile: z.tuple([path, data]),
	list: z.tuple([path]),
	stat: z.tuple([path]),
	exists: z.tuple([path]),
	mkdir: z.tuple([path, z.object({ recursive: z.boolean().optional() }).optional()]),
	remove: z.tuple([path, z.object({ recursive: z.boolean().optional(), force: z.boolean().optional() }).optional()]),
	rename: z.tuple([path, path]),
	exec: z.tuple([
		z.string(),
		z.object({ cwd: z.string().optional(), env: z.record(z.string(), z.string()).optional(), stdin: z.string().optional(), timeoutMs: z.number().optional() }),
	]),
};

/** Runtime → workspace. */
export const SyncRequest = z.discriminatedUnion("type", [
	z.object({ type: z.literal("attach"), buffer: z.custom<SharedArrayBuffer>(isShared, "not a SharedArrayBuffer") }),
	z.object({ type: z.literal("call"), seq: z.number().int(), op: z.enum(SYNC_OPS), args: z.array(z.unknown()) }),
	z.object({ type: z.literal("next"), seq: z.number().int() }),
]);
export type SyncRequest = z.infer<typeof SyncRequest>;

/**
 * Workspace → runtime, only for the attach handshake; answers go through the buffer. `thread` names the
 * server's thread (see `threadToken`): a caller that finds its own token knows blocking would deadlock.
 */
export type SyncReply = { type: "attached"; thread: string } | { type: "unshared"; reason: string };

const THREAD = Symbol.for("playa.syncThread");

/** A token unique to this thread (its global scope), made on first use. */
export function threadToken(): string {
	const global = globalThis as unknown as Record<symbol, string | undefined>;
	global[THREAD] ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
	return global[THREAD];
}

/** An error as it crosses the buffer: enough to rebuild a `WorkspaceError`. */
export interface SyncError {
	message: string;
	code?: string;
}
