/**
 * Just enough of Node's streams for child processes and file streams: a readable that emits `data`,
 * `end` and `close` (strings once `setEncoding` is called, Buffers before), iterates with `for await`
 * and pipes; a writable whose `write`/`end` collect what is written.
 */
import { Buffer } from "buffer";
import { EventEmitter } from "events";

export class SimpleReadable extends EventEmitter {
	readable = true;
	private encoding: BufferEncoding | undefined;
	private ended = false;
	private readonly chunks: Array<Buffer | string> = [];
	private flowing = false;

	setEncoding(encoding: BufferEncoding): this {
		this.encoding = encoding;
		return this;
	}

	override on(event: string | symbol, listener: (...args: any[]) => void): this {
		super.on(event, listener);
		// As in Node, adding a data listener starts the flow.
		if (event === "data" && !this.flowing) this.resume();
		return this;
	}

	resume(): this {
		this.flowing = true;
		queueMicrotask(() => this.drain());
		return this;
	}

	pause(): this {
		this.flowing = false;
		return this;
	}

	/** Called by the producer. */
	push(chunk: string | Uint8Array | null): void {
		if (chunk === null) this.ended = true;
		else this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
		if (this.flowing) queueMicrotask(() => this.drain());
	}

	private drain(): void {
		while (this.flowing && this.chunks.length > 0) {
			const chunk = this.chunks.shift() as Buffer;
			this.emit("data", this.encoding ? chunk.toString(this.encoding) : chunk);
		}
		if (this.ended && this.chunks.length === 0 && this.readable) {
			this.readable = false;
			this.emit("end");
			this.emit("close");
		}
	}

	pipe<T extends { write(chunk: unknown): unknown; end?(): unknown }>(destination: T): T {
		this.on("data", (chunk) => destination.write(chunk));
		this.once("end", () => destination.end?.());
		return destination;
	}

	destroy(): this {
		this.chunks.length = 0;
		this.ended = true;
		this.readable = false;
		this.emit("close");
		return this;
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<Buffer | string> {
		const queue: Array<Buffer | string> = [];
		let done = false;
		let wake: (() => void) | undefined;
		this.on("data", (chunk: Buffer | string) => (queue.push(chunk), wake?.()));
		this.once("end", () => ((done = true), wake?.()));
		for (;;) {
			if (queue.length > 0) yield queue.shift() as Buffer | string;
			else if (done) return;
			else await new Promise<void>((resolve) => (wake = resolve));
		}
	}
}

export class SimpleWritable extends EventEmitter {
	writable = true;

	constructor(
		private readonly sink: (chunk: string | Uint8Array) => void,
		private readonly finish?: () => void | Promise<void>,
	) {
		super();
	}

	write(chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: () => void): boolean {
		if (this.writable) this.sink(chunk);
		const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
		if (typeof done === "function") queueMicrotask(done as () => void);
		return true;
	}

	end(chunk?: string | Uint8Array | (() => void), callback?: () => void): this {
		if (typeof chunk === "function") callback = chunk;
		else if (chunk !== undefined) this.write(chunk);
		if (!this.writable) return this;
		this.writable = false;
		Promise.resolve(this.finish?.()).then(
			() => {
				this.emit("finish");
				this.emit("close");
				callback?.();
			},
			(error: unknown) => this.emit("error", error),
		);
		return this;
	}

	destroy(): this {
		this.writable = false;
		this.emit("close");
		return this;
	}
}
