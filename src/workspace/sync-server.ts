/**
 * The workspace side of the synchronous channel (protocol/workspace/workspace-sync.ts): answers each call a
 * blocked runtime posts by running it on the workspace (asynchronously: only the runtime waits) and
 * writing the answer into the shared buffer, then waking the runtime. Messages are checked first: the
 * runtime runs extension code. One call at a time, in order.
 */
import {
	SYNC_ARGUMENTS,
	SYNC_DATA_BYTES,
	SYNC_HEADER_BYTES,
	SYNC_KIND,
	SYNC_LENGTH,
	SYNC_MAGIC,
	SYNC_MAGIC_SLOT,
	SYNC_STATE,
	SYNC_TOTAL,
	SyncKind,
	SyncRequest,
	SyncState,
	type SyncError,
	type SyncOp,
	type SyncReply,
	threadToken,
} from "../protocol/workspace/workspace-sync.ts";
import type { Workspace } from "./workspace.ts";

type Answer = { kind: number; bytes: Uint8Array };

const encoder = new TextEncoder();
const json = (value: unknown): Answer => ({ kind: SyncKind.json, bytes: encoder.encode(JSON.stringify(value ?? null)) });

async function run(workspace: Workspace, op: SyncOp, args: unknown[]): Promise<Answer> {
	const a = args as never[];
	switch (op) {
		case "readFile":
			return a[1] === "utf8" ? json(await workspace.readFile(a[0], "utf8")) : { kind: SyncKind.bytes, bytes: await workspace.readFile(a[0]) };
		case "writeFile":
			return json(await workspace.writeFile(a[0], a[1]));
		case "appendFile": {
			const before = (await workspace.exists(a[0])) ? await workspace.readFile(a[0]) : new Uint8Array();
			const added = typeof a[1] === "string" ? encoder.encode(a[1]) : (a[1] as Uint8Array);
			const joined = new Uint8Array(before.length + added.length);
			joined.set(before);
			joined.set(added, before.length);
			return json(await workspace.writeFile(a[0], joined));
		}
		case "list":
			return json(await workspace.list(a[0]));
		case "stat":
			return json(await workspace.stat(a[0]));
		case "exists":
			return json(await workspace.exists(a[0]));
		case "mkdir":
			return json(await workspace.mkdir(a[0], a[1]));
		case "remove":
			return json(await workspace.remove(a[0], a[1]));
		case "rename":
			return json(await workspace.rename(a[0], a[1]));
		case "exec":
			return json(await workspace.exec(a[0], a[1]));
	}
}

function errorAnswer(error: unknown): Answer {
	const e = error as { message?: unknown; code?: unknown };
	const body: SyncError = { message: String(e?.message ?? error), code: typeof e?.code === "string" ? e.code : undefined };
	return { kind: SyncKind.error, bytes: encoder.encode(JSON.stringify(body)) };
}

/** A served channel: `busy` while a caller is blocked waiting for an answer (it cannot answer pings then). */
export interface SyncChannelServer {
	readonly busy: boolean;
}

/** Serves synchronous calls on `port` (from `WorkspacePortApi.openSyncChannel`). */
export function serveSyncChannel(port: MessagePort, workspace: Workspace): SyncChannelServer {
	let waiting = 0;
	let header: Int32Array | undefined;
	let data: Uint8Array | undefined;
	let pending: { seq: number; answer: Answer; sent: number } | undefined;
	let queue = Promise.resolve();
	const reply = (message: SyncReply) => port.postMessage(message);

	const write = () => {
		if (!header || !data || !pending) return;
		const { answer, sent } = pending;
		const chunk = answer.bytes.subarray(sent, sent + SYNC_DATA_BYTES);
		data.set(chunk);
		pending.sent += chunk.length;
		Atomics.store(header, SYNC_KIND, answer.kind);
		Atomics.store(header, SYNC_LENGTH, chunk.length);
		Atomics.store(header, SYNC_TOTAL, answer.bytes.length);
		if (pending.sent >= answer.bytes.length) pending = undefined;
		Atomics.store(header, SYNC_STATE, SyncState.ready);
		Atomics.notify(header, SYNC_STATE);
	};

	port.addEventListener("messageerror", () => reply({ type: "unshared", reason: "the shared buffer could not reach the workspace (another agent cluster)" }));
	port.addEventListener("message", (event: MessageEvent) => {
		const parsed = SyncRequest.safeParse(event.data);
		if (!parsed.success) {
			if ((event.data as { type?: unknown })?.type === "attach") reply({ type: "unshared", reason: "no SharedArrayBuffer arrived" });
			return;
		}
		const request = parsed.data;
		if (request.type === "attach") {
			if (request.buffer.byteLength < SYNC_HEADER_BYTES + SYNC_DATA_BYTES) return reply({ type: "unshared", reason: "the shared buffer is too small" });
			header = new Int32Array(request.buffer, 0, SYNC_HEADER_BYTES / Int32Array.BYTES_PER_ELEMENT);
			data = new Uint8Array(request.buffer, SYNC_HEADER_BYTES, SYNC_DATA_BYTES);
			Atomics.store(header, SYNC_MAGIC_SLOT, SYNC_MAGIC);
			return reply({ type: "attached", thread: threadToken() });
		}
		if (request.type === "next") {
			if (pending?.seq === request.seq) write();
			return;
		}
		const { seq, op, args } = request;
		waiting++;
		queue = queue.then(async () => {
			const checked = SYNC_ARGUMENTS[op].safeParse(args);
			let answer: Answer;
			if (!checked.success) answer = errorAnswer(new Error(`invalid arguments for ${op}: ${checked.error.issues[0]?.message ?? "refused"}`));
			else {
				try {
					answer = await run(workspace, op, checked.data as unknown[]);
				} catch (error) {
					answer = errorAnswer(error);
				}
			}
			pending = { seq, answer, sent: 0 };
			waiting--;
			write();
		});
	});
	port.start();
	return {
		get busy() {
			return waiting > 0;
		},
	};
}
