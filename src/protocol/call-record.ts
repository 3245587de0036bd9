/**
 * Which extension code the runtime is running, written to shared memory before each call, so the
 * host can name the culprit while the worker is stuck in a synchronous loop and cannot answer.
 * Layout: Int32 [0] = byte length of the record, Int32 [1] = the worker's heartbeat, then UTF-8 JSON of the
 * innermost running call.
 */

export interface RunningCall {
	/** URL of the extension whose code is running. */
	url: string;
	name: string;
	/** The event, command, tool or phase: "tool_call", "/deploy", "tool hello", "factory"… */
	where: string;
}

const HEADER_BYTES = 8;
export const CALL_RECORD_BYTES = 4096;

export function createCallRecordBuffer(): SharedArrayBuffer {
	return new SharedArrayBuffer(CALL_RECORD_BYTES);
}

// Extension code shares the worker and may replace globals (`Atomics.store`, `JSON.stringify`,
// `Array.prototype.push`…) to forge or clear the record. The recorder uses the originals, taken when
// this module is evaluated, before any extension loads; its state is in #private fields.
const apply = Reflect.apply;
const atomicsStore = Atomics.store;
const freeze = Object.freeze;
const toText = String;
const stringify = JSON.stringify;
const encode = TextEncoder.prototype.encode;
const setBytes = Uint8Array.prototype.set;

/** The worker side: a stack of calls; the innermost one is what the buffer shows. */
export class CallRecorder {
	readonly #stack: (RunningCall | undefined)[] = [];
	#depth = 0;
	readonly #length: Int32Array | undefined;
	readonly #bytes: Uint8Array | undefined;
	readonly #encoder = new TextEncoder();

	constructor(buffer?: SharedArrayBuffer) {
		this.#length = buffer ? new Int32Array(buffer, 0, 1) : undefined;
		this.#bytes = buffer ? new Uint8Array(buffer, HEADER_BYTES) : undefined;
	}

	/** Runs `call` recorded as running until it (or the promise it returns) settles. */
	track<T>(running: RunningCall, call: () => T): T {
		// A frozen copy: the caller's object may be one extension code can reach and change.
		const record: RunningCall = freeze({ url: toText(running.url), name: toText(running.name), where: toText(running.where) });
		this.#stack[this.#depth++] = record;
		this.#write();
		let result: T;
		try {
			result = call();
		} catch (error) {
			this.#leave(record);
			throw error;
		}
		if (result instanceof Promise) {
			return result.finally(() => this.#leave(record)) as T;
		}
		this.#leave(record);
		return result;
	}

	#leave(running: RunningCall): void {
		for (let index = this.#depth - 1; index >= 0; index--) {
			if (this.#stack[index] !== running) continue;
			for (let next = index; next < this.#depth - 1; next++) this.#stack[next] = this.#stack[next + 1];
			this.#stack[--this.#depth] = undefined;
			break;
		}
		this.#write();
	}

	#write(): void {
		const length = this.#length;
		const bytes = this.#bytes;
		if (!length || !bytes) return;
		const top = this.#depth > 0 ? this.#stack[this.#depth - 1] : undefined;
		// encodeInto refuses shared memory: encode, then copy in.
		const encoded: Uint8Array | undefined = top ? apply(encode, this.#encoder, [apply(stringify, JSON, [top])]) : undefined;
		if (!encoded || encoded.length > bytes.length) {
			return void atomicsStore(length, 0, 0);
		}
		apply(setBytes, bytes, [encoded]);
		atomicsStore(length, 0, encoded.length);
	}
}

/** How often the worker's heartbeat counts (ms). */
export const HEARTBEAT_MS = 100;

const setTimer = setInterval;
const atomicsAdd = Atomics.add;

/**
 * The worker's side of the heartbeat: a counter its event loop adds to while it turns. Read from shared memory,
 * it tells a busy worker (its answers queue behind a stream of messages) from a stuck one (a synchronous loop
 * holds its only thread, so no timer runs), without a message that could wait in a queue. Started at boot,
 * with the built-ins taken before any extension loads.
 */
export function startHeartbeat(buffer: SharedArrayBuffer): void {
	const beat = new Int32Array(buffer, 4, 1);
	setTimer(() => atomicsAdd(beat, 0, 1), HEARTBEAT_MS);
}

/** The heartbeat's count now. */
export function readHeartbeat(buffer: SharedArrayBuffer): number {
	return Atomics.load(new Int32Array(buffer, 4, 1), 0);
}

/** The host side: what the stuck worker was running, if anything. */
export function readCallRecord(buffer: SharedArrayBuffer): RunningCall | undefined {
	const length = Atomics.load(new Int32Array(buffer, 0, 1), 0);
	if (length <= 0) return undefined;
	try {
		// TextDecoder refuses views on shared memory: copy first.
		return JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, HEADER_BYTES, length).slice())) as RunningCall;
	} catch {
		return undefined;
	}
}
