/**
 * Node's built-ins for extension code, made over one `NodeBackend` (the session's workspace and cwd) when an
 * extension first imports one; the module table loads this file lazily. `require` (a global of
 * extension modules, and `module.createRequire`) returns the same instances synchronously.
 */
import { Buffer } from "buffer";
import { createBun } from "./bun.ts";
import * as events from "events";
import * as crypto from "./crypto.ts";
import { createChildProcess } from "./child-process.ts";
import { createFs } from "./fs.ts";
import { notInBrowser, syncOf, type NodeBackend } from "./support/backend.ts";
import { createModule } from "./module.ts";
import { NODE_BUILTINS, NODE_GLOBALS, type NodeModuleName } from "./support/names.ts";
import { createOs } from "./os.ts";
import { createPath } from "./path.ts";
import { createProcess } from "./process.ts";
import * as readline from "./readline.ts";
import type { SyncWorkspace } from "./support/sync-client.ts";
import * as url from "./url.ts";
import * as util from "./util.ts";
import * as zlib from "./zlib.ts";

const withDefault = (namespace: object): Record<string, unknown> => ({ ...namespace, default: (namespace as { default?: unknown }).default ?? namespace });

const setImmediate = (callback: (...args: unknown[]) => void, ...args: unknown[]) => setTimeout(callback, 0, ...args);
const clearImmediate = (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle);

class NodeModules {
	private readonly made = new Map<string, Record<string, unknown>>();

	constructor(
		private readonly host: NodeBackend,
		private readonly sync: SyncWorkspace,
	) {}

	get(name: NodeModuleName): Record<string, unknown> {
		let module = this.made.get(name);
		if (!module) {
			module = this.make(name);
			this.made.set(name, module);
		}
		return module;
	}

	private make(name: NodeModuleName): Record<string, unknown> {
		switch (name) {
			case "node:fs":
				return this.files().fs;
			case "node:fs/promises":
				return this.files().promises;
			case "node:path":
			case "node:path/posix":
				return createPath(this.host);
			case "node:os":
				return createOs(this.host);
			case "node:url":
				return withDefault(url);
			case "node:util":
				return withDefault(util);
			case "node:events": {
				// The `events` package is CommonJS: its namespace is the EventEmitter class.
				const EventEmitter = ((events as { default?: unknown }).default ?? events.EventEmitter) as typeof events.EventEmitter & Record<string, unknown>;
				return { EventEmitter, once: EventEmitter.once, on: EventEmitter.on, defaultMaxListeners: 10, default: EventEmitter };
			}
			case "node:crypto":
				return withDefault(crypto);
			case "node:child_process":
				return createChildProcess(this.host, this.sync);
			case "node:buffer":
				return { Buffer, default: { Buffer } };
			case "node:readline":
				return withDefault(readline);
			case "node:zlib":
				return withDefault(zlib);
			case "node:module":
				return createModule(this.require);
			case "node:process": {
				const process = this.get(NODE_GLOBALS).process as Record<string, unknown>;
				return { ...process, default: process };
			}
			case "node:timers":
				return withDefault({ setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate });
			case "node:timers/promises": {
				const wait = (ms = 0, value?: unknown) => new Promise((resolve) => setTimeout(resolve, ms, value));
				return withDefault({ setTimeout: wait, setImmediate: (value?: unknown) => wait(0, value) });
			}
			case NODE_GLOBALS: {
				const process = createProcess(this.host);
				const Bun = createBun(() => this.get("node:fs/promises") as never, process as never);
				return { process, Buffer, setImmediate, clearImmediate, require: this.require, global: globalThis, Bun };
			}
		}
	}

	private files() {
		const both = createFs(this.host, this.sync);
		this.made.set("node:fs", both.fs);
		this.made.set("node:fs/promises", both.promises);
		return both;
	}

	/** `require` for built-ins; anything else must be imported. */
	readonly require = (specifier: string): unknown => {
		const name = (specifier.startsWith("node:") ? specifier : `node:${specifier}`) as NodeModuleName;
		if (!NODE_BUILTINS.includes(name as never)) throw notInBrowser(`require("${specifier}")`, "only Node's built-ins can be required here; use import");
		const module = this.get(name);
		return module.default ?? module;
	};
}

const byHost = new WeakMap<NodeBackend, Promise<NodeModules>>();

/** The built-in `name` over `host`; the synchronous channel is opened first, once per host. */
export async function loadNodeModule(name: NodeModuleName, host: NodeBackend): Promise<Record<string, unknown>> {
	let modules = byHost.get(host);
	if (!modules) {
		modules = syncOf(host).then((sync) => new NodeModules(host, sync));
		byHost.set(host, modules);
	}
	return (await modules).get(name);
}
