/**
 * just-bash's in-memory file system, remembering what changed so the host can persist it: just-bash
 * needs `getAllPaths` to answer synchronously, so the live tree stays in memory and IndexedDB only
 * mirrors it. Changes are recorded as "roots" (the highest path a call created or touched), so a stored
 * copy is updated by replacing each root's subtree. just-bash's own layout (/bin, /usr/bin, /dev, /proc),
 * which it rewrites on every construction, is never recorded or exported.
 * Mutating calls only record paths: they run while just-bash executes a script, when its defence-in-depth
 * mode blocks many globals, so listeners are called later, by the workspace.
 */
import { InMemoryFs, type BufferEncoding, type ByteString } from "just-bash";
import type { FsChangeSet, FsEntrySnapshot, FsSnapshot } from "../workspace.ts";
import { ancestorsAndSelf, isWithin, normalize } from "../workspace-path.ts";

const SYSTEM_TREES = ["/bin", "/usr/bin", "/dev", "/proc"];

/** just-bash's layout, and "/" and "/usr" themselves (recreated as parents when needed). */
export function isSystemPath(path: string): boolean {
	return path === "/" || path === "/usr" || SYSTEM_TREES.some((tree) => isWithin(tree, path));
}

/** Bytes per `String.fromCharCode` call: few enough arguments for a worker's small stack. */
const CHAR_CODE_CHUNK = 8192;

/**
 * The bytes as a latin1 string (one char per byte). just-bash's own conversion, without Node's
 * `Buffer`, spreads 64 KB into one call, which overflows a browser worker's stack: every command
 * reading a file of 64 KB or more said "No such file or directory".
 */
export function latin1String(bytes: Uint8Array): string {
	const parts: string[] = [];
	for (let start = 0; start < bytes.length; start += CHAR_CODE_CHUNK) {
		parts.push(String.fromCharCode.apply(null, bytes.subarray(start, start + CHAR_CODE_CHUNK) as unknown as number[]));
	}
	return parts.join("");
}

type ReadOptions = Parameters<InMemoryFs["readFile"]>[1];

function encodingOf(options: ReadOptions): BufferEncoding | null | undefined {
	return typeof options === "string" ? options : options?.encoding;
}

type WriteOptions = Parameters<InMemoryFs["writeFile"]>[2];
type Content = Parameters<InMemoryFs["writeFile"]>[1];

export class MemoryFs extends InMemoryFs {
	/** Roots changed since the last `takeChanges`. */
	private changed = new Set<string>();
	/** Roots changed since the last `drainNotifications`. */
	private unannounced = new Set<string>();
	/** While set, calls are not recorded (just-bash's own setup when a `Bash` is built). */
	private untracked = false;

	constructor(options?: { maxTotalBytes?: number }) {
		super(undefined, options);
	}

	private record(path: string): void {
		const normalized = normalize(path);
		if (this.untracked || isSystemPath(normalized)) return;
		this.changed.add(normalized);
		this.unannounced.add(normalized);
	}

	/** Records the highest ancestor the call is about to create, or the path itself. */
	private async recordCreating(path: string): Promise<void> {
		for (const candidate of ancestorsAndSelf(path)) {
			if (!(await super.exists(candidate))) {
				this.record(candidate);
				return;
			}
		}
		this.record(path);
	}

	/** What commands read files with (`cat`, `wc`, `md5sum`, ...). */
	override async readFileBytes(path: string): Promise<ByteString> {
		return latin1String(await this.readFileBuffer(path)) as unknown as ByteString;
	}

	override async readFile(path: string, options?: ReadOptions): Promise<string> {
		const encoding = encodingOf(options);
		if (encoding === "binary" || encoding === "latin1") return latin1String(await this.readFileBuffer(path));
		if (encoding === "base64") return btoa(latin1String(await this.readFileBuffer(path)));
		return super.readFile(path, options);
	}

	override async writeFile(path: string, content: Content, options?: WriteOptions): Promise<void> {
		await this.recordCreating(path);
		return super.writeFile(path, content, options);
	}

	override async appendFile(path: string, content: Content, options?: WriteOptions): Promise<void> {
		await this.recordCreating(path);
		return super.appendFile(path, content, options);
	}

	override async mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
		await this.recordCreating(path);
		return super.mkdir(path, options);
	}

	override async rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> {
		this.record(path);
		return super.rm(path, options);
	}

	override async cp(src: string, dest: string, options?: { recursive?: boolean }): Promise<void> {
		await this.recordCreating(dest);
		return super.cp(src, dest, options);
	}

	override async mv(src: string, dest: string): Promise<void> {
		this.record(src);
		await this.recordCreating(dest);
		return super.mv(src, dest);
	}

	override async chmod(path: string, mode: number): Promise<void> {
		this.record(path);
		return super.chmod(path, mode);
	}

	override async symlink(target: string, linkPath: string): Promise<void> {
		await this.recordCreating(linkPath);
		return super.symlink(target, linkPath);
	}

	override async link(existingPath: string, newPath: string): Promise<void> {
		await this.recordCreating(newPath);
		return super.link(existingPath, newPath);
	}

	override async utimes(path: string, atime: Date, mtime: Date): Promise<void> {
		this.record(path);
		return super.utimes(path, atime, mtime);
	}

	override writeFileSync(...args: Parameters<InMemoryFs["writeFileSync"]>): void {
		this.record(args[0]);
		super.writeFileSync(...args);
	}

	override mkdirSync(...args: Parameters<InMemoryFs["mkdirSync"]>): void {
		this.record(args[0]);
		super.mkdirSync(...args);
	}

	override writeFileLazy(...args: Parameters<InMemoryFs["writeFileLazy"]>): void {
		this.record(args[0]);
		super.writeFileLazy(...args);
	}

	/** Runs `setup` (synchronous) without recording what it writes. */
	withoutTracking<T>(setup: () => T): T {
		this.untracked = true;
		try {
			return setup();
		} finally {
			this.untracked = false;
		}
	}

	/** Roots changed since the last call, for change listeners. */
	drainNotifications(): string[] {
		const roots = compactRoots(this.unannounced);
		this.unannounced.clear();
		return roots;
	}

	/** What changed since the last call, with the current content of the changed subtrees. */
	async takeChanges(): Promise<FsChangeSet> {
		const roots = compactRoots(this.changed);
		this.changed.clear();
		const paths = this.getAllPaths().filter((path) => roots.some((root) => isWithin(root, path)));
		return { roots, entries: await this.snapshotEntries(paths) };
	}

	async serialize(): Promise<FsSnapshot> {
		return { version: 1, entries: await this.snapshotEntries(this.getAllPaths()) };
	}

	private async snapshotEntries(paths: string[]): Promise<FsEntrySnapshot[]> {
		const entries: FsEntrySnapshot[] = [];
		for (const path of [...paths].sort()) {
			if (isSystemPath(path)) continue;
			const stat = await this.lstat(path);
			const base = { path, mode: stat.mode, mtimeMs: stat.mtime.getTime() };
			if (stat.isSymbolicLink) entries.push({ ...base, type: "symlink", target: await this.readlink(path) });
			else if (stat.isDirectory) entries.push({ ...base, type: "directory" });
			else entries.push({ ...base, type: "file", data: new Uint8Array(await this.readFileBuffer(path)) });
		}
		return entries;
	}

	/** A file system holding `snapshot`, with nothing recorded as changed. */
	static async fromSnapshot(snapshot: FsSnapshot, options?: { maxTotalBytes?: number }): Promise<MemoryFs> {
		if (snapshot.version !== 1) throw new Error(`unknown workspace snapshot version ${String(snapshot.version)}`);
		const fs = new MemoryFs(options);
		const entries = [...snapshot.entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
		const directories: FsEntrySnapshot[] = [];
		for (const entry of entries) {
			const mtime = new Date(entry.mtimeMs);
			if (entry.type === "directory") {
				fs.mkdirSync(entry.path, { recursive: true });
				directories.push(entry);
			} else if (entry.type === "file") {
				fs.writeFileSync(entry.path, entry.data ?? new Uint8Array(0), undefined, { mode: entry.mode, mtime });
			} else {
				await fs.symlink(entry.target ?? "", entry.path);
			}
		}
		// Directory metadata last: adding children does not touch it afterwards.
		for (const entry of directories) {
			await fs.chmod(entry.path, entry.mode);
			await fs.utimes(entry.path, new Date(entry.mtimeMs), new Date(entry.mtimeMs));
		}
		fs.changed.clear();
		fs.unannounced.clear();
		return fs;
	}
}

/** Sorted roots without those inside another root. */
function compactRoots(roots: Set<string>): string[] {
	const sorted = [...roots].sort();
	const result: string[] = [];
	for (const root of sorted) {
		if (!result.some((kept) => isWithin(kept, root))) result.push(root);
	}
	return result;
}
