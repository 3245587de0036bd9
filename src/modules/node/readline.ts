/**
 * `node:readline`: `createInterface` over a readable (a file stream, a child's stdout) gives its lines
 * as `line` events and `for await`. There is no terminal: `question` and a stdin without data throw or
 * never answer, as they would with nothing typed.
 */
import { EventEmitter } from "events";
import { unsupported } from "./support/backend.ts";

interface Input {
	on(event: "data" | "end" | "close" | "error", listener: (...args: any[]) => void): unknown;
}

class Interface extends EventEmitter {
	private buffered = "";
	private closed = false;
	private readonly lines: string[] = [];
	private wake: (() => void) | undefined;

	constructor(input: Input | undefined) {
		super();
		if (!input || typeof input.on !== "function") return;
		input.on("data", (chunk: unknown) => this.feed(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array)));
		input.on("end", () => this.close());
		input.on("error", (error: unknown) => this.emit("error", error));
	}

	private feed(text: string): void {
		this.buffered += text;
		const parts = this.buffered.split(/\r?\n/);
		this.buffered = parts.pop() ?? "";
		for (const line of parts) this.deliver(line);
	}

	private deliver(line: string): void {
		this.lines.push(line);
		this.emit("line", line);
		this.wake?.();
	}

	close(): void {
		if (this.closed) return;
		if (this.buffered) this.deliver(this.buffered);
		this.buffered = "";
		this.closed = true;
		this.emit("close");
		this.wake?.();
	}

	question = unsupported("readline.Interface.question", "there is no terminal to ask on");
	setPrompt(): void {}
	prompt(): void {}
	pause(): this {
		return this;
	}
	resume(): this {
		return this;
	}
	write(): void {}

	async *[Symbol.asyncIterator](): AsyncGenerator<string> {
		let index = 0;
		for (;;) {
			if (index < this.lines.length) yield this.lines[index++];
			else if (this.closed) return;
			else await new Promise<void>((resolve) => (this.wake = resolve));
		}
	}
}

export function createInterface(options: { input?: Input } | Input): Interface {
	const input = (options as { input?: Input }).input ?? (typeof (options as Input).on === "function" ? (options as Input) : undefined);
	return new Interface(input);
}

export const clearLine = () => true;
export const cursorTo = () => true;
export const moveCursor = () => true;
export const emitKeypressEvents = () => undefined;
export { Interface };
export default { createInterface, Interface, clearLine, cursorTo, moveCursor, emitKeypressEvents };
