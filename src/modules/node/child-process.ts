/**
 * `node:child_process` over the workspace's shell: `exec`, `execFile`, `spawn` (stdout/stderr as
 * streams, `close`/`exit` events, `kill`), their promisified forms, and `execSync`/`execFileSync`/
 * `spawnSync` through the synchronous channel. A spawned command's stdin is what was written to it by
 * the time the command starts (the next task): the shell takes its input whole.
 */
import { Buffer } from "buffer";
import { EventEmitter } from "events";
import type { ExecResult } from "../../protocol/workspace/workspace.ts";
import { requireWorkspace, unsupported, type NodeBackend } from "./support/backend.ts";
import type { SyncWorkspace } from "./support/sync-client.ts";
import { SimpleReadable, SimpleWritable } from "./support/streams.ts";

interface Options {
	cwd?: string;
	env?: Record<string, string | undefined>;
	timeout?: number;
	signal?: AbortSignal;
	encoding?: BufferEncoding | "buffer" | null;
	shell?: boolean | string;
	input?: string | Uint8Array;
	stdio?: unknown;
}

type ExecCallback = (error: (Error & { code?: number; stdout?: unknown; stderr?: unknown }) | null, stdout: string | Buffer, stderr: string | Buffer) => void;

const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
export const commandLine = (file: string, args: readonly string[] = []) => [file, ...args].map(quote).join(" ");

function plainEnv(env: Options["env"]): Record<string, string> | undefined {
	if (!env) return undefined;
	return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function failure(command: string, result: ExecResult, stdout: unknown, stderr: unknown): Error & Record<string, unknown> {
	const error = new Error(`Command failed: ${command}\n${result.stderr}`) as Error & Record<string, unknown>;
	Object.assign(error, {
		code: result.exitCode,
		status: result.exitCode,
		killed: result.killed ?? false,
		signal: result.killed ? "SIGTERM" : null,
		cmd: command,
		stdout,
		stderr,
	});
	return error;
}

const decode = (text: string, encoding: Options["encoding"]) => (encoding === "buffer" || encoding === null ? Buffer.from(text) : text);

export function createChildProcess(host: NodeBackend, sync: SyncWorkspace): Record<string, unknown> {
	let pid = 1000;

	class ChildProcess extends EventEmitter {
		readonly pid = pid++;
		readonly stdout = new SimpleReadable();
		readonly stderr = new SimpleReadable();
		readonly stdin: SimpleWritable;
		exitCode: number | null = null;
		signalCode: string | null = null;
		killed = false;
		private input = "";
		private readonly controller = new AbortController();

		constructor(command: string, options: Options) {
			super();
			this.stdin = new SimpleWritable((chunk) => (this.input += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk)));
			options.signal?.addEventListener("abort", () => this.kill(), { once: true });
			setTimeout(() => void this.run(command, options));
		}

		private async run(command: string, options: Options): Promise<void> {
			try {
				const workspace = requireWorkspace(host, "child_process.spawn");
				this.emit("spawn");
				const result = await workspace.exec(command, {
					cwd: options.cwd ?? host.cwd,
					env: plainEnv(options.env),
					stdin: this.input || undefined,
					timeoutMs: options.timeout || undefined,
					signal: this.controller.signal,
					onStdout: (chunk) => this.stdout.push(chunk),
					onStderr: (chunk) => this.stderr.push(chunk),
				});
				this.stdout.push(null);
				this.stderr.push(null);
				this.exitCode = result.killed ? null : result.exitCode;
				this.signalCode = result.killed ? "SIGTERM" : null;
				this.emit("result", result);
				this.emit("exit", this.exitCode, this.signalCode);
				// After the streams have ended, as in Node.
				setTimeout(() => this.emit("close", this.exitCode, this.signalCode));
			} catch (error) {
				this.stdout.push(null);
				this.stderr.push(null);
				this.emit("error", error);
				this.emit("close", null, null);
			}
		}

		kill(signal = "SIGTERM"): boolean {
			if (this.exitCode !== null || this.killed) return false;
			this.killed = true;
			this.signalCode = signal;
			this.controller.abort();
			return true;
		}

		unref(): this {
			return this;
		}

		ref(): this {
			return this;
		}
	}

	function execLine(command: string, options: Options, callback?: ExecCallback): ChildProcess {
		const child = new ChildProcess(command, options);
		if (callback) {
			child.on("result", (result: ExecResult) => {
				const stdout = decode(result.stdout, options.encoding);
				const stderr = decode(result.stderr, options.encoding);
				callback(result.exitCode === 0 && !result.killed ? null : failure(command, result, stdout, stderr), stdout, stderr);
			});
			child.on("error", (error: Error) => callback(error, "", ""));
		}
		return child;
	}

	function exec(command: string, optionsOrCallback?: Options | ExecCallback, callback?: ExecCallback): ChildProcess {
		const options = typeof optionsOrCallback === "object" && optionsOrCallback ? optionsOrCallback : {};
		return execLine(command, options, typeof optionsOrCallback === "function" ? optionsOrCallback : callback);
	}

	function execFile(file: string, argsOrOptions?: unknown, optionsOrCallback?: unknown, callback?: ExecCallback): ChildProcess {
		const args = Array.isArray(argsOrOptions) ? (argsOrOptions as string[]) : [];
		const rest = [argsOrOptions, optionsOrCallback, callback].filter((value) => !Array.isArray(value));
		const options = (rest.find((value) => value && typeof value === "object") as Options | undefined) ?? {};
		const done = rest.find((value) => typeof value === "function") as ExecCallback | undefined;
		return execLine(commandLine(file, args), options, done);
	}

	const promised = (run: (resolve: (value: { stdout: unknown; stderr: unknown }) => void, reject: (error: unknown) => void) => ChildProcess) => {
		let child: ChildProcess | undefined;
		const promise = new Promise<{ stdout: unknown; stderr: unknown }>((resolve, reject) => {
			child = run(resolve, reject);
		});
		return Object.assign(promise, { child });
	};
	const settle =
		(resolve: (value: { stdout: unknown; stderr: unknown }) => void, reject: (error: unknown) => void): ExecCallback =>
		(error, stdout, stderr) =>
			error ? reject(error) : resolve({ stdout, stderr });
	Object.defineProperty(exec, Symbol.for("nodejs.util.promisify.custom"), {
		value: (command: string, options: Options = {}) => promised((resolve, reject) => exec(command, options, settle(resolve, reject))),
	});
	Object.defineProperty(execFile, Symbol.for("nodejs.util.promisify.custom"), {
		value: (file: string, args?: string[], options: Options = {}) =>
			promised((resolve, reject) => execFile(file, args ?? [], options, settle(resolve, reject))),
	});

	function spawn(command: string, argsOrOptions?: unknown, maybeOptions?: Options): ChildProcess {
		const args = Array.isArray(argsOrOptions) ? (argsOrOptions as string[]) : [];
		const options = (Array.isArray(argsOrOptions) ? maybeOptions : (argsOrOptions as Options | undefined)) ?? {};
		const line = options.shell ? [command, ...args].join(" ") : commandLine(command, args);
		return new ChildProcess(line, options);
	}

	/** Runs `command` through the synchronous channel; blocks this thread until it ends. */
	function runSync(command: string, options: Options, member: string): ExecResult {
		requireWorkspace(host, member);
		const input = options.input === undefined ? undefined : typeof options.input === "string" ? options.input : new TextDecoder().decode(options.input);
		return sync.call(
			"exec",
			[command, { cwd: options.cwd ?? host.cwd, env: plainEnv(options.env), stdin: input, timeoutMs: options.timeout || undefined }],
			member,
		) as ExecResult;
	}

	function execSync(command: string, options: Options = {}): string | Buffer {
		const result = runSync(command, options, "child_process.execSync");
		const stdout = decode(result.stdout, options.encoding ?? "buffer");
		if (result.exitCode !== 0 || result.killed) throw failure(command, result, stdout, decode(result.stderr, options.encoding ?? "buffer"));
		return stdout;
	}

	function execFileSync(file: string, args: string[] = [], options: Options = {}): string | Buffer {
		return execSync(commandLine(file, args), options);
	}

	function spawnSync(command: string, argsOrOptions?: unknown, maybeOptions?: Options) {
		const args = Array.isArray(argsOrOptions) ? (argsOrOptions as string[]) : [];
		const options = (Array.isArray(argsOrOptions) ? maybeOptions : (argsOrOptions as Options | undefined)) ?? {};
		const line = options.shell ? [command, ...args].join(" ") : commandLine(command, args);
		const result = runSync(line, options, "child_process.spawnSync");
		const stdout = decode(result.stdout, options.encoding ?? "buffer");
		const stderr = decode(result.stderr, options.encoding ?? "buffer");
		return {
			pid: pid++,
			status: result.killed ? null : result.exitCode,
			signal: result.killed ? "SIGTERM" : null,
			stdout,
			stderr,
			output: [null, stdout, stderr],
		};
	}

	const module: Record<string, unknown> = {
		ChildProcess,
		exec,
		execFile,
		spawn,
		execSync,
		execFileSync,
		spawnSync,
		fork: unsupported("child_process.fork", "there is no Node process to fork"),
	};
	module.default = module;
	return module;
}
