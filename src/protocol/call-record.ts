/**
 * Which extension code the runtime is running, written to shared memory before each call, so the
 * host can name the culprit while the worker is stuck in a synchronous loop and cannot answer.
 * Layout: Int32 [0] = byte length of the record, then UTF-8 JSON of the innermost running call.
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

/** The worker side: a stack of calls; the innermost one is what the buffer shows. */
export class CallRecorder {
	private readonly stack: RunningCall[] = [];
	private readonly length: Int32Array | undefined;
	private readonly bytes: Uint8Array | undefined;
	private readonly encoder = new TextEncoder();

	constructor(buffer?: SharedArrayBuffer) {
		this.length = buffer ? new Int32Array(buffer, 0, 1) : undefined;
		this.bytes = buffer ? new Uint8Array(buffer, HEADER_BYTES) : undefined;
	}

	/** Runs `call` recorded as running until it (or the promise it returns) settles. */
	track<T>(running: RunningCall, call: () => T): T {
		this.stack.push(running);
		this.write();
		let result: T;
		try {
			result = call();
		} catch (error) {
			this.leave(running);
			throw error;
		}
		if (result instanceof Promise) {
			return result.finally(() => this.leave(running)) as T;
		}
		this.leave(running);
		return result;
	}

	private leave(running: RunningCall): void {
		const index = this.stack.lastIndexOf(running);
		if (index >= 0) this.stack.splice(index, 1);
		this.write();
	}

	private write(): void {
		if (!this.length || !this.bytes) return;
		const top = this.stack.at(-1);
		if (!top) return void Atomics.store(this.length, 0, 0);
		// encodeInto refuses shared memory: encode, then copy in.
		const encoded = this.encoder.encode(JSON.stringify(top));
		if (encoded.length > this.bytes.length) return void Atomics.store(this.length, 0, 0);
		this.bytes.set(encoded);
		Atomics.store(this.length, 0, encoded.length);
	}
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
