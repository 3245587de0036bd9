/**
 * The `process` extension modules see: cwd is the session's, env the workspace's, platform linux;
 * `stdout`/`stderr.write` go to the console; `exit` throws (a page has no process to end).
 */
import { EventEmitter } from "events";
import type { NodeBackend } from "./support/backend.ts";
import { notInBrowser, unsupported } from "./support/backend.ts";

function consoleStream(write: (text: string) => void) {
	return {
		isTTY: false,
		columns: 80,
		rows: 24,
		write(chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean {
			write(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array));
			const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
			if (typeof done === "function") queueMicrotask(done as () => void);
			return true;
		},
		on() {
			return this;
		},
		once() {
			return this;
		},
		off() {
			return this;
		},
	};
}

export function createProcess(host: NodeBackend): Record<string, unknown> {
	const events = new EventEmitter();
	let cwd = host.cwd;
	const started = performance.now();
	const hrtime = Object.assign(
		(previous?: [number, number]) => {
			const now = performance.now();
			const seconds = Math.floor(now / 1000);
			const nanos = Math.floor((now % 1000) * 1e6);
			return previous ? [seconds - previous[0], nanos - previous[1]] : [seconds, nanos];
		},
		{ bigint: () => BigInt(Math.floor(performance.now() * 1e6)) },
	);
	const process: Record<string, unknown> = {
		title: "pi",
		pid: 1,
		ppid: 0,
		platform: "linux",
		arch: "wasm32",
		version: "v20.0.0",
		versions: { node: "20.0.0", playa: "browser" },
		release: { name: "playa" },
		execPath: "/usr/bin/node",
		argv: ["/usr/bin/node", "/usr/bin/pi"],
		execArgv: [],
		env: { HOME: "/home/user", PATH: "/usr/local/bin:/usr/bin:/bin", SHELL: "/bin/bash", TERM: "xterm-256color", ...host.env, PWD: host.cwd },
		exitCode: undefined,
		cwd: () => cwd,
		chdir: (directory: string) => {
			cwd = directory.startsWith("/") ? directory : `${cwd.replace(/\/$/, "")}/${directory}`;
		},
		exit: (code?: number) => {
			throw notInBrowser(`process.exit(${code ?? ""})`, "the page has no process to end");
		},
		abort: unsupported("process.abort", "the page has no process to end"),
		kill: unsupported("process.kill", "there are no processes to signal"),
		uptime: () => (performance.now() - started) / 1000,
		hrtime,
		memoryUsage: Object.assign(() => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }), { rss: () => 0 }),
		cpuUsage: () => ({ user: 0, system: 0 }),
		nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => callback(...args)),
		emitWarning: (warning: unknown) => console.warn(warning),
		stdout: consoleStream((text) => console.log(text.replace(/\n$/, ""))),
		stderr: consoleStream((text) => console.error(text.replace(/\n$/, ""))),
		stdin: {
			isTTY: false,
			on() {
				return this;
			},
			once() {
				return this;
			},
			off() {
				return this;
			},
			resume() {
				return this;
			},
			pause() {
				return this;
			},
			setRawMode: unsupported("process.stdin.setRawMode", "there is no terminal"),
		},
		on: (event: string, listener: (...args: unknown[]) => void) => (events.on(event, listener), process),
		once: (event: string, listener: (...args: unknown[]) => void) => (events.once(event, listener), process),
		off: (event: string, listener: (...args: unknown[]) => void) => (events.off(event, listener), process),
		removeListener: (event: string, listener: (...args: unknown[]) => void) => (events.off(event, listener), process),
		emit: (event: string, ...args: unknown[]) => events.emit(event, ...args),
		listenerCount: (event: string) => events.listenerCount(event),
	};
	return process;
}
