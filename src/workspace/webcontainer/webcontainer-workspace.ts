/**
 * The WebContainer backend: the `Workspace` contract over `webcontainer.fs` and `spawn('jsh', ['-c', …])`.
 * It runs on the main thread (WebContainer lives there) and reaches runtimes through `serveWorkspace`.
 * `webcontainer.fs` only sees the working directory, so the workspace is that directory: paths outside
 * it fail with EINVAL (commands can still reach them). The fs API has no `stat` and its error codes are
 * not documented, so types come from the parent's `readdir` and the contract's errors are decided here,
 * before each call, rather than read from messages.
 */
import { ancestorsAndSelf, basename, dirname, isWithin, normalize, relative, resolve } from "../workspace-path.ts";
import {
	WorkspaceError,
	type EntryType,
	type ExecOptions,
	type ExecResult,
	type MkdirOptions,
	type RemoveOptions,
	type Workspace,
	type WorkspaceDirent,
	type WorkspaceStat,
} from "../workspace.ts";
import { isScratchName, runInWebContainer } from "./webcontainer-exec.ts";
import type { DirEnt, WebContainerSurface } from "./surface.ts";

function direntType(entry: DirEnt<string>): EntryType {
	return entry.isDirectory() ? "directory" : entry.isFile() ? "file" : "symlink";
}

export class WebContainerWorkspace implements Workspace {
	readonly kind = "webcontainer";
	readonly cwd: string;
	private readonly listeners = new Set<(paths: string[]) => void>();
	/** Modification times of what this API wrote; the fs API cannot tell them. */
	private readonly mtimes = new Map<string, number>();
	private readonly startedAt = Date.now();
	private nextExec = 1;

	constructor(private readonly container: WebContainerSurface) {
		this.cwd = normalize(container.workdir);
	}

	/** Listens for changed paths: after each write through this API and after each command. */
	onChange(listener: (paths: string[]) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private announce(paths: string[]): void {
		for (const listener of this.listeners) {
			try {
				listener(paths);
			} catch (error) {
				console.error("workspace change listener failed", error);
			}
		}
	}

	/** The absolute path, checked to be inside the working directory. */
	private path(path: string, syscall: string): string {
		const absolute = resolve(this.cwd, path);
		if (!isWithin(this.cwd, absolute)) {
			throw new WorkspaceError("EINVAL", syscall, absolute, `outside the WebContainer's working directory ${this.cwd}`);
		}
		return absolute;
	}

	/** The path `webcontainer.fs` takes: relative to the working directory. */
	private fsPath(absolute: string): string {
		return relative(this.cwd, absolute) || ".";
	}

	private async typeOf(absolute: string): Promise<EntryType | null> {
		if (absolute === this.cwd) return "directory";
		if (!isWithin(this.cwd, absolute)) return null;
		let entries: DirEnt<string>[];
		try {
			entries = await this.container.fs.readdir(this.fsPath(dirname(absolute)), { withFileTypes: true });
		} catch {
			return null;
		}
		const entry = entries.find((candidate) => candidate.name === basename(absolute));
		return entry ? direntType(entry) : null;
	}

	/** Runs an fs call; an error the checks did not foresee keeps its code when it has one. */
	private async op<T>(syscall: string, path: string, run: () => Promise<T>): Promise<T> {
		try {
			return await run();
		} catch (error) {
			if (error instanceof WorkspaceError) throw error;
			const message = error instanceof Error ? error.message : String(error);
			const code = (error as { code?: unknown }).code ?? /\b(E[A-Z]{2,})\b/.exec(message)?.[1];
			const known = ["ENOENT", "EISDIR", "ENOTDIR", "EEXIST", "ENOTEMPTY", "EINVAL"];
			throw new WorkspaceError(typeof code === "string" && known.includes(code) ? (code as "ENOENT") : "EIO", syscall, path, message);
		}
	}

	/** Creates `absolute` and its missing ancestors; a file in the way is ENOTDIR. */
	private async ensureDirectory(absolute: string, syscall: string): Promise<void> {
		for (const candidate of ancestorsAndSelf(absolute)) {
			if (!isWithin(this.cwd, candidate) || candidate === this.cwd) continue;
			const type = await this.typeOf(candidate);
			if (type === "directory") continue;
			if (type !== null) throw new WorkspaceError("ENOTDIR", syscall, candidate);
			await this.container.fs.mkdir(this.fsPath(candidate));
		}
	}

	readFile(path: string): Promise<Uint8Array>;
	readFile(path: string, encoding: "utf8"): Promise<string>;
	async readFile(path: string, encoding?: "utf8"): Promise<Uint8Array | string> {
		const target = this.path(path, "open");
		return this.op("open", target, async () => {
			const type = await this.typeOf(target);
			if (type === null) throw new WorkspaceError("ENOENT", "open", target);
			if (type === "directory") throw new WorkspaceError("EISDIR", "read", target);
			const bytes = await this.container.fs.readFile(this.fsPath(target));
			// ignoreBOM keeps a leading BOM, as the contract asks.
			return encoding === "utf8" ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) : bytes;
		});
	}

	async writeFile(path: string, data: string | Uint8Array): Promise<void> {
		const target = this.path(path, "open");
		await this.op("open", target, async () => {
			if ((await this.typeOf(target)) === "directory") throw new WorkspaceError("EISDIR", "open", target);
			await this.ensureDirectory(dirname(target), "open");
			await this.container.fs.writeFile(this.fsPath(target), data);
			this.mtimes.set(target, Date.now());
		});
		this.announce([target]);
	}

	async list(path: string): Promise<WorkspaceDirent[]> {
		const target = this.path(path, "scandir");
		return this.op("scandir", target, async () => {
			const type = await this.typeOf(target);
			if (type === null) throw new WorkspaceError("ENOENT", "scandir", target);
			if (type !== "directory") throw new WorkspaceError("ENOTDIR", "scandir", target);
			const entries = await this.container.fs.readdir(this.fsPath(target), { withFileTypes: true });
			return entries
				.filter((entry) => !isScratchName(entry.name))
				.map((entry) => ({ name: entry.name, path: resolve(target, entry.name), type: direntType(entry) }))
				.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		});
	}

	async stat(path: string): Promise<WorkspaceStat> {
		const target = this.path(path, "stat");
		return this.op("stat", target, async () => {
			const type = await this.typeOf(target);
			if (type === null) throw new WorkspaceError("ENOENT", "stat", target);
			// No stat in the fs API: a file's size is its length; directories count 0.
			const size = type === "file" ? (await this.container.fs.readFile(this.fsPath(target))).byteLength : 0;
			return { type, size, mtimeMs: this.mtimes.get(target) ?? this.startedAt };
		});
	}

	async exists(path: string): Promise<boolean> {
		const target = resolve(this.cwd, path);
		return (await this.typeOf(target)) !== null;
	}

	async mkdir(path: string, options: MkdirOptions = {}): Promise<void> {
		const target = this.path(path, "mkdir");
		await this.op("mkdir", target, async () => {
			const type = await this.typeOf(target);
			if (type !== null && !(options.recursive && type === "directory")) throw new WorkspaceError("EEXIST", "mkdir", target);
			if (options.recursive) return this.ensureDirectory(target, "mkdir");
			const parent = await this.typeOf(dirname(target));
			if (parent === null) throw new WorkspaceError("ENOENT", "mkdir", target);
			if (parent !== "directory") throw new WorkspaceError("ENOTDIR", "mkdir", target);
			await this.container.fs.mkdir(this.fsPath(target));
		});
		this.announce([target]);
	}

	async remove(path: string, options: RemoveOptions = {}): Promise<void> {
		const target = this.path(path, "rm");
		if (target === this.cwd) throw new WorkspaceError("EINVAL", "rm", target, "the working directory itself cannot be removed");
		const removed = await this.op("rm", target, async () => {
			const type = await this.typeOf(target);
			if (type === null) {
				if (options.force) return false;
				throw new WorkspaceError("ENOENT", "rm", target);
			}
			if (type === "directory" && !options.recursive) {
				const entries = await this.container.fs.readdir(this.fsPath(target), { withFileTypes: true });
				if (entries.length > 0) throw new WorkspaceError("ENOTEMPTY", "rm", target);
			}
			await this.container.fs.rm(this.fsPath(target), { recursive: type === "directory" });
			this.forgetTimes(target);
			return true;
		});
		if (removed) this.announce([target]);
	}

	async rename(from: string, to: string): Promise<void> {
		const source = this.path(from, "rename");
		const destination = this.path(to, "rename");
		await this.op("rename", source, async () => {
			const type = await this.typeOf(source);
			if (type === null) throw new WorkspaceError("ENOENT", "rename", source);
			if (source === destination) return;
			if (isWithin(source, destination)) throw new WorkspaceError("EINVAL", "rename", destination, "cannot move a directory into itself");
			const parent = await this.typeOf(dirname(destination));
			if (parent === null) throw new WorkspaceError("ENOENT", "rename", destination);
			if (parent !== "directory") throw new WorkspaceError("ENOTDIR", "rename", destination);
			const existing = await this.typeOf(destination);
			if (existing === "directory" && type !== "directory") throw new WorkspaceError("EISDIR", "rename", destination);
			// Replacing a file is what rename(2) does; removing it first does not rely on the fs API doing so.
			if (existing !== null) await this.container.fs.rm(this.fsPath(destination), { recursive: existing === "directory" });
			await this.container.fs.rename(this.fsPath(source), this.fsPath(destination));
			this.forgetTimes(source);
			this.mtimes.set(destination, Date.now());
		});
		this.announce([source, destination]);
	}

	private forgetTimes(root: string): void {
		for (const path of this.mtimes.keys()) if (isWithin(root, path)) this.mtimes.delete(path);
	}

	async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
		const cwd = resolve(this.cwd, options.cwd ?? this.cwd);
		if (isWithin(this.cwd, cwd)) {
			const type = await this.typeOf(cwd);
			if (type === null) throw new WorkspaceError("ENOENT", "chdir", cwd, "working directory does not exist");
			if (type !== "directory") throw new WorkspaceError("ENOTDIR", "chdir", cwd);
		}
		const { timeoutMs } = options;
		if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
			throw new WorkspaceError("EINVAL", "exec", undefined, "timeoutMs must be a positive number");
		}
		if (options.signal?.aborted) return { stdout: "", stderr: "", exitCode: 124, killed: true, killReason: "aborted" };
		try {
			return await runInWebContainer(this.container, command, {
				...options,
				cwd: relative(this.cwd, cwd) || ".",
				scratch: `${this.startedAt.toString(36)}-${this.nextExec++}`,
			});
		} finally {
			// A command may change anything under the working directory.
			this.announce([this.cwd]);
		}
	}
}
