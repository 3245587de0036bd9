/**
 * The runtime side of the synchronous workspace channel (protocol/workspace/workspace-sync.ts): the shared buffer
 * is made here, in the runtime's own thread, and sent to the workspace on its own port. `open` settles
 * whether blocking calls can work: shared memory must reach the workspace (same agent cluster) and the
 * workspace must answer from another thread (its thread token is not this one's). When they cannot, every
 * synchronous call throws, naming itself and why; the async API is unaffected.
 */
import {
	SYNC_DATA_BYTES,
	SYNC_HEADER_BYTES,
	SYNC_KIND,
	SYNC_LENGTH,
	SYNC_MAGIC,
	SYNC_MAGIC_SLOT,
	SYNC_STATE,
	SYNC_TOTAL,
	SyncKind,
	SyncState,
	type SyncError,
	type SyncOp,
	type SyncReply,
	threadToken,
} from "../../../protocol/workspace/workspace-sync.ts";

/** How long the handshake waits for the workspace. */
const ATTACH_TIMEOUT_MS = 10_000;
/** A synchronous call longer than this gives up (a command's own limits end sooner). */
const CALL_TIMEOUT_MS = 120_000;

export class SyncCallError extends Error {
	constructor(
		message: string,
		readonly code?: string,
	) {
		super(message);
		this.name = "Error";
	}
}

export interface SyncWorkspace {
	/** Null when synchronous calls cannot work here, with the reason in `unavailable`. */
	call(op: SyncOp, args: unknown[], member: string): unknown;
	readonly unavailable?: string;
}

const decoder = new TextDecoder();

class SharedChannel implements SyncWorkspace {
	private readonly header: Int32Array;
	private readonly data: Uint8Array;
	private seq = 1;

	constructor(
		private readonly port: MessagePort,
		buffer: SharedArrayBuffer,
	) {
		this.header = new Int32Array(buffer, 0, SYNC_HEADER_BYTES / Int32Array.BYTES_PER_ELEMENT);
		this.data = new Uint8Array(buffer, SYNC_HEADER_BYTES, SYNC_DATA_BYTES);
	}

	/** Posts and blocks; false when the workspace did not answer in time. */
	private wait(message: unknown, timeoutMs: number): boolean {
		Atomics.store(this.header, SYNC_STATE, SyncState.waiting);
		this.port.postMessage(message);
		return Atomics.wait(this.header, SYNC_STATE, SyncState.waiting, timeoutMs) !== "timed-out" || Atomics.load(this.header, SYNC_STATE) === SyncState.ready;
	}

	call(op: SyncOp, args: unknown[], member: string): unknown {
		const seq = this.seq++;
		if (!this.wait({ type: "call", seq, op, args }, CALL_TIMEOUT_MS)) throw new SyncCallError(`${member}: the workspace did not answer in time`, "ETIMEDOUT");
		const kind = Atomics.load(this.header, SYNC_KIND);
		const total = Atomics.load(this.header, SYNC_TOTAL);
		const bytes = new Uint8Array(total);
		let received = 0;
		for (;;) {
			const length = Atomics.load(this.header, SYNC_LENGTH);
			bytes.set(this.data.subarray(0, length), received);
			received += length;
			if (received >= total || length === 0) break;
			if (!this.wait({ type: "next", seq }, CALL_TIMEOUT_MS)) throw new SyncCallError(`${member}: the workspace did not answer in time`, "ETIMEDOUT");
		}
		if (kind === SyncKind.bytes) return bytes;
		const value = JSON.parse(decoder.decode(bytes)) as unknown;
		if (kind === SyncKind.error) {
			const error = value as SyncError;
			throw new SyncCallError(error.message, error.code);
		}
		return value;
	}
}

class Unavailable implements SyncWorkspace {
	constructor(readonly unavailable: string) {}

	call(_op: SyncOp, _args: unknown[], member: string): never {
		throw new Error(`${member} is not available in the browser here: ${this.unavailable}; use the asynchronous form (fs/promises, exec)`);
	}
}

export function unavailableSync(reason: string): SyncWorkspace {
	return new Unavailable(reason);
}

/** Attaches a fresh shared buffer to the workspace behind `port`. */
export async function openSyncWorkspace(port: MessagePort | undefined): Promise<SyncWorkspace> {
	if (!port) return new Unavailable("this workspace answers on the runtime's own thread");
	const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
	if (typeof SharedArrayBuffer !== "function" || isolated === false) return new Unavailable("the page is not cross-origin isolated (no SharedArrayBuffer)");
	const buffer = new SharedArrayBuffer(SYNC_HEADER_BYTES + SYNC_DATA_BYTES);
	const reply = new Promise<SyncReply>((resolve) => {
		const timer = setTimeout(() => resolve({ type: "unshared", reason: "the workspace did not answer the handshake" }), ATTACH_TIMEOUT_MS);
		port.addEventListener(
			"message",
			(event: MessageEvent) => {
				clearTimeout(timer);
				resolve(event.data as SyncReply);
			},
			{ once: true },
		);
	});
	port.start();
	try {
		port.postMessage({ type: "attach", buffer });
	} catch (error) {
		return new Unavailable(`the shared buffer cannot be sent (${(error as Error).message})`);
	}
	const answer = await reply;
	if (answer?.type !== "attached") return new Unavailable(String((answer as { reason?: unknown })?.reason ?? "the workspace refused the shared buffer"));
	const header = new Int32Array(buffer, 0, SYNC_HEADER_BYTES / Int32Array.BYTES_PER_ELEMENT);
	// A copy (not shared memory) would not carry the workspace's mark.
	if (Atomics.load(header, SYNC_MAGIC_SLOT) !== SYNC_MAGIC) return new Unavailable("the workspace got a copy of the buffer, not shared memory");
	// Blocking only works when the workspace answers from another thread (Node tests serve it on this one).
	if (answer.thread === threadToken()) return new Unavailable("the workspace answers on the runtime's own thread");
	return new SharedChannel(port, buffer);
}
