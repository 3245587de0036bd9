/**
 * The embedded backend: just-bash over an in-memory file system, offline and in-process. It runs in its
 * own worker in the browser (worker.ts) and directly under Node in tests. A new `Bash` is built for
 * every command line: just-bash resets env and cwd per `exec` anyway, and its limits (including the time
 * limit that takes the call's timeout) are fixed per instance. With `onStdout`, the stdout of the commands
 * that write straight to the command line's stdout arrives as each returns (live-output.ts); stderr
 * arrives at the end, as WebContainer's does. Files persist in the `MemoryFs`; the host keeps a copy
 * through `serialize`/`takeChanges` and `onChange`.
 */
import { Bash } from "just-bash";
import { ancestorsAndSelf, dirname, isWithin, join, normalize, resolve } from "../workspace-path.ts";
import {
	WorkspaceError,
	type EmbeddedInit,
	type EmbeddedLimits,
	type EntryType,
	type ExecOptions,
	type ExecResult,
	type FsChangeSet,
	type FsSnapshot,
	type MkdirOptions,
	type RemoveOptions,
	type SeedFiles,
	type Workspace,
	type WorkspaceDirent,
	type WorkspaceStat,
} from "../workspace.ts";
import { interruptibleSignal } from "./interrupt.ts";
import { COMMAND_SHIMS } from "./command-shims.ts";
import { createLiveOutput } from "./live-output.ts";
import { applyClassification, classify, resolveLimits, toExecutionLimits } from "./limits.ts";
import { MemoryFs } from "./memory-fs.ts";

export const DEFAULT_EMBEDDED_CWD = "/workspace";

export interface EmbeddedExecOptions extends ExecOptions {
	/** See `ExecRequest.interrupt`. */
	interrupt?: { flags: Int32Array; index: number };
}

type FsStat = Awaited<ReturnType<MemoryFs["stat"]>>;

function typeOf(stat: FsStat): EntryType {
	return stat.isSymbolicLink ? "symlink" : stat.isDirectory ? "directory" : "file";
}

export class EmbeddedWorkspace implements Workspace {
	readonly kind = "embedded";
	readonly cwd: string;
	readonly limits: EmbeddedLimits;
	private readonly env: Record<string, string>;
	private readonly listeners = new Set<(paths: string[]) => void>();
	/** Set by restore and reset: the next change set replaces everything. */
	private replaced = false;

	private constructor(
		private fs: MemoryFs,
		options: EmbeddedInit,
	) {
		this.cwd = normalize(options.cwd ?? DEFAULT_EMBEDDED_CWD);
		this.limits = resolveLimits(options.limits);
		this.env = { HOME: this.cwd, TMPDIR: "/tmp", USER: "user", ...options.env };
	}

	static async create(options: EmbeddedInit & { files?: SeedFiles } = {}): Promise<EmbeddedWorkspace> {
		const maxTotalBytes = resolveLimits(options.limits).fileSystemBytes;
		const fs = options.snapshot ? await MemoryFs.fromSnapshot(options.snapshot, { maxTotalBytes }) : new MemoryFs({ maxTotalBytes });
		const workspace = new EmbeddedWorkspace(fs, options);
		await workspace.ensureBaseDirectories();
		if (options.files) await workspace.seed(options.files);
		workspace.fs.drainNotifications();
		return workspace;
	}

	private async ensureBaseDirectories(): Promise<void> {
		await this.fs.mkdir(this.cwd, { recursive: true });
		await this.fs.mkdir("/tmp", { recursive: true });
	}

	private path(path: string): string {
		return resolve(this.cwd, path);
	}

	private async statOrNull(path: string, follow = true): Promise<FsStat | null> {
		try {
			return follow ? await this.fs.stat(path) : await this.fs.lstat(path);
		} catch {
			return null;
		}
	}

	/** Runs a file operation: errors become `WorkspaceError`s, and listeners hear about changes. */
	private async op<T>(syscall: string, path: string, run: () => Promise<T>): Promise<T> {
		try {
			return await run();
		} catch (error) {
			throw WorkspaceError.from(error, syscall, path);
		} finally {
			this.announce();
		}
	}

	readFile(path: string): Promise<Uint8Array>;
	readFile(path: string, encoding: "utf8"): Promise<string>;
	readFile(path: string, encoding?: "utf8"): Promise<Uint8Array | string> {
		const target = this.path(path);
		return this.op("open", target, async () => {
			const stat = await this.statOrNull(target);
			if (!stat) throw new WorkspaceError("ENOENT", "open", target);
			if (stat.isDirectory) throw new WorkspaceError("EISDIR", "read", target);
			const bytes = new Uint8Array(await this.fs.readFileBuffer(target));
			// A byte order mark is kept, as Node keeps it.
			return encoding === "utf8" ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) : bytes;
		});
	}

	writeFile(path: string, data: string | Uint8Array): Promise<void> {
		const target = this.path(path);
		return this.op("open", target, async () => {
			for (const ancestor of ancestorsAndSelf(dirname(target))) {
				const stat = await this.statOrNull(ancestor);
				if (!stat) break;
				if (!stat.isDirectory) throw new WorkspaceError("ENOTDIR", "open", target);
			}
			if (target === "/" || (await this.statOrNull(target))?.isDirectory) throw new WorkspaceError("EISDIR", "open", target);
			await this.fs.mkdir(dirname(target), { recursive: true });
			await this.fs.writeFile(target, data);
		});
	}

	list(path: string): Promise<WorkspaceDirent[]> {
		const target = this.path(path);
		return this.op("scandir", target, async () => {
			const stat = await this.statOrNull(target);
			if (!stat) throw new WorkspaceError("ENOENT", "scandir", target);
			if (!stat.isDirectory) throw new WorkspaceError("ENOTDIR", "scandir", target);
			const entries = await this.fs.readdirWithFileTypes(target);
			return entries
				.map(
					(entry): WorkspaceDirent => ({
						name: entry.name,
						path: join(target, entry.name),
						type: entry.isSymbolicLink ? "symlink" : entry.isDirectory ? "directory" : "file",
					}),
				)
				.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		});
	}

	stat(path: string): Promise<WorkspaceStat> {
		const target = this.path(path);
		return this.op("stat", target, async () => {
			const stat = await this.statOrNull(target);
			if (!stat) throw new WorkspaceError("ENOENT", "stat", target);
			return { type: typeOf(stat), size: stat.isDirectory ? 0 : stat.size, mtimeMs: stat.mtime.getTime(), mode: stat.mode };
		});
	}

	exists(path: string): Promise<boolean> {
		const target = this.path(path);
		return this.op("access", target, () => this.fs.exists(target));
	}

	mkdir(path: string, options: MkdirOptions = {}): Promise<void> {
		const target = this.path(path);
		return this.op("mkdir", target, async () => {
			const existing = await this.statOrNull(target);
			if (existing) {
				if (options.recursive && existing.isDirectory) return;
				throw new WorkspaceError("EEXIST", "mkdir", target);
			}
			for (const ancestor of ancestorsAndSelf(dirname(target))) {
				const stat = await this.statOrNull(ancestor);
				if (!stat && !options.recursive) throw new WorkspaceError("ENOENT", "mkdir", target);
				if (!stat) break;
				if (!stat.isDirectory) throw new WorkspaceError("ENOTDIR", "mkdir", target);
			}
			await this.fs.mkdir(target, { recursive: true });
		});
	}

	remove(path: string, options: RemoveOptions = {}): Promise<void> {
		const target = this.path(path);
		return this.op("rm", target, async () => {
			if (target === "/") throw new WorkspaceError("EINVAL", "rm", target, "refusing to remove the root");
			const stat = await this.statOrNull(target, false);
			if (!stat) {
				if (options.force) return;
				throw new WorkspaceError("ENOENT", "rm", target);
			}
			if (stat.isDirectory && !options.recursive && (await this.fs.readdir(target)).length > 0) {
				throw new WorkspaceError("ENOTEMPTY", "rmdir", target);
			}
			await this.fs.rm(target, { recursive: true, force: true });
		});
	}

	rename(from: string, to: string): Promise<void> {
		const source = this.path(from);
		const target = this.path(to);
		return this.op("rename", source, async () => {
			const sourceStat = await this.statOrNull(source, false);
			if (!sourceStat) throw new WorkspaceError("ENOENT", "rename", source);
			if (source === target) return;
			if (isWithin(source, target)) throw new WorkspaceError("EINVAL", "rename", target, "cannot move a directory into itself");
			const parent = await this.statOrNull(dirname(target));
			if (!parent) throw new WorkspaceError("ENOENT", "rename", target);
			if (!parent.isDirectory) throw new WorkspaceError("ENOTDIR", "rename", target);
			const existing = await this.statOrNull(target, false);
			if (existing?.isDirectory) {
				if (!sourceStat.isDirectory) throw new WorkspaceError("EISDIR", "rename", target);
				if ((await this.fs.readdir(target)).length > 0) throw new WorkspaceError("ENOTEMPTY", "rename", target);
			} else if (existing && sourceStat.isDirectory) {
				throw new WorkspaceError("ENOTDIR", "rename", target);
			}
			if (existing) await this.fs.rm(target, { recursive: true, force: true });
			await this.fs.mv(source, target);
		});
	}

	async exec(command: string, options: EmbeddedExecOptions = {}): Promise<ExecResult> {
		const cwd = this.path(options.cwd ?? this.cwd);
		const cwdStat = await this.statOrNull(cwd);
		if (!cwdStat) throw new WorkspaceError("ENOENT", "chdir", cwd, "working directory does not exist");
		if (!cwdStat.isDirectory) throw new WorkspaceError("ENOTDIR", "chdir", cwd);
		const { timeoutMs } = options;
		if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
			throw new WorkspaceError("EINVAL", "exec", undefined, "timeoutMs must be a positive number");
		}
		const signal = options.interrupt ? interruptibleSignal(options.signal, options.interrupt.flags, options.interrupt.index) : options.signal;
		if (signal?.aborted) return { stdout: "", stderr: "", exitCode: 124, killed: true, killReason: "aborted" };
		const executionLimits = toExecutionLimits(this.limits, Math.min(timeoutMs ?? Infinity, this.limits.timeMs));
		// Building writes just-bash's layout and re-creates cwd: setup, not a change.
		const live = options.onStdout ? createLiveOutput(options.onStdout, { ...this.env, ...options.env }) : undefined;
		const bash = this.fs.withoutTracking(() => new Bash({ fs: this.fs, cwd, env: this.env, executionLimits, customCommands: COMMAND_SHIMS }));
		live?.attach(bash, (register) => this.fs.withoutTracking(register));
		try {
			const raw = await bash.exec(command, { cwd, env: options.env, stdin: options.stdin, signal });
			const classification = classify(raw, { limits: this.limits, timeoutMs, aborted: signal?.aborted === true });
			const result = applyClassification({ stdout: raw.stdout, stderr: raw.stderr, exitCode: raw.exitCode }, classification);
			live?.finish(result.stdout);
			// stderr is not watched live: the interpreter's own messages (errors, traces) would escape the wrappers.
			if (result.stderr) options.onStderr?.(result.stderr);
			return result;
		} finally {
			this.announce();
		}
	}

	/* ---- Persistence and lifecycle, for the host. ---- */

	/** Listens for changed paths (subtree roots), after each operation or command that changed files. */
	onChange(listener: (paths: string[]) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private announce(paths = this.fs.drainNotifications()): void {
		if (paths.length === 0) return;
		for (const listener of this.listeners) {
			try {
				listener(paths);
			} catch (error) {
				console.error("workspace change listener failed", error);
			}
		}
	}

	serialize(): Promise<FsSnapshot> {
		return this.fs.serialize();
	}

	async takeChanges(): Promise<FsChangeSet> {
		const changes = await this.fs.takeChanges();
		if (!this.replaced) return changes;
		this.replaced = false;
		return { roots: ["/"], entries: (await this.fs.serialize()).entries };
	}

	/** Replaces every file with the snapshot's. */
	async restore(snapshot: FsSnapshot): Promise<void> {
		this.fs = await MemoryFs.fromSnapshot(snapshot, { maxTotalBytes: this.limits.fileSystemBytes });
		await this.ensureBaseDirectories();
		this.fs.drainNotifications();
		this.replaced = true;
		this.announce(["/"]);
	}

	/** Empties the workspace, then writes `files`. */
	async reset(files: SeedFiles = {}): Promise<void> {
		await this.restore({ version: 1, entries: [] });
		await this.seed(files);
	}

	/** Writes `files` (relative paths under `cwd`), creating parents. */
	async seed(files: SeedFiles): Promise<void> {
		for (const [path, data] of Object.entries(files)) await this.writeFile(path, data);
	}
}
