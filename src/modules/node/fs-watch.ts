/**
 * `fs.watch` and `fs.watchFile` by polling the file's stat (the workspace port has no change events for
 * the runtime): a change of size, mtime or existence calls the listener, as Node's `change`/`rename`.
 */
import { EventEmitter } from "events";
import * as pathe from "pathe";
import type { WorkspaceStat } from "../../protocol/workspace/workspace.ts";
import { requireWorkspace, type NodeBackend } from "./support/backend.ts";
import { Stats, toPath, type PathLike } from "./support/fs-shapes.ts";

const POLL_MS = 250;

type Listener = (event: string, filename: string) => void;

export function createWatchers(host: NodeBackend): Record<string, unknown> {
	const polled = new Map<string, { stop(): void; listeners: Set<(current: Stats, previous: Stats) => void> }>();

	function poll(path: string, interval: number, onChange: (current: WorkspaceStat | undefined, previous: WorkspaceStat | undefined) => void): () => void {
		const workspace = requireWorkspace(host, "fs.watch");
		let previous: WorkspaceStat | undefined;
		let first = true;
		let stopped = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const tick = async () => {
			if (host.alive && !host.alive()) stopped = true;
			if (stopped) return;
			const current = await workspace.stat(path).catch(() => undefined);
			// The runtime may have shut down during the stat: a listener must not run (and call the workspace) after that.
			if (stopped || (host.alive && !host.alive())) return;
			const changed = !first && (current?.mtimeMs !== previous?.mtimeMs || current?.size !== previous?.size || current?.type !== previous?.type);
			const before = previous;
			previous = current;
			first = false;
			if (changed) onChange(current, before);
			timer = setTimeout(tick, interval);
		};
		void tick();
		return () => {
			stopped = true;
			clearTimeout(timer);
		};
	}

	function watch(path: PathLike, optionsOrListener?: unknown, maybeListener?: Listener) {
		const listener = (typeof optionsOrListener === "function" ? optionsOrListener : maybeListener) as Listener | undefined;
		const target = toPath(path, host.cwd);
		const watcher = new EventEmitter() as EventEmitter & { close(): void; ref(): unknown; unref(): unknown };
		if (listener) watcher.on("change", listener);
		const stop = poll(target, POLL_MS, (current, previous) => watcher.emit("change", !current || !previous ? "rename" : "change", pathe.basename(target)));
		watcher.close = () => {
			stop();
			watcher.emit("close");
		};
		watcher.ref = watcher.unref = () => watcher;
		return watcher;
	}

	const empty = new Stats({ type: "file", size: 0, mtimeMs: 0 });
	function watchFile(path: PathLike, optionsOrListener?: unknown, maybeListener?: (current: Stats, previous: Stats) => void) {
		const listener = (typeof optionsOrListener === "function" ? optionsOrListener : maybeListener) as (current: Stats, previous: Stats) => void;
		const interval = (typeof optionsOrListener === "object" && (optionsOrListener as { interval?: number })?.interval) || 5007;
		const target = toPath(path, host.cwd);
		let entry = polled.get(target);
		if (!entry) {
			const listeners = new Set<(current: Stats, previous: Stats) => void>();
			const stop = poll(target, Math.min(interval, 1000), (current, previous) => {
				for (const each of listeners) each(current ? new Stats(current) : empty, previous ? new Stats(previous) : empty);
			});
			entry = { stop, listeners };
			polled.set(target, entry);
		}
		entry.listeners.add(listener);
		return {
			ref() {
				return this;
			},
			unref() {
				return this;
			},
		};
	}

	function unwatchFile(path: PathLike, listener?: (current: Stats, previous: Stats) => void) {
		const target = toPath(path, host.cwd);
		const entry = polled.get(target);
		if (!entry) return;
		if (listener) entry.listeners.delete(listener);
		else entry.listeners.clear();
		if (entry.listeners.size === 0) {
			entry.stop();
			polled.delete(target);
		}
	}

	return { watch, watchFile, unwatchFile };
}
