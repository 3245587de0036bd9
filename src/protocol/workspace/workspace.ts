/**
 * The workspace's messages across threads: the data a backend's calls carry, the port the runtime
 * worker reaches a workspace through (`WorkspacePortApi`), the embedded worker's API for the host, and
 * the snapshots the host persists. Everything here must survive structured clone.
 */
import { methodsOf } from "../guard.ts";

export type WorkspaceKind = "embedded" | "webcontainer";

export function isWorkspaceKind(value: unknown): value is WorkspaceKind {
	return value === "embedded" || value === "webcontainer";
}

export type EntryType = "file" | "directory" | "symlink";

export interface WorkspaceDirent {
	name: string;
	/** Absolute path of the entry. */
	path: string;
	type: EntryType;
}

export interface WorkspaceStat {
	/** The target's type for `stat`: symlinks are followed. */
	type: EntryType;
	/** Bytes for files, 0 for directories. */
	size: number;
	mtimeMs: number;
	mode?: number;
}

export interface MkdirOptions {
	/** Create missing parents, and succeed when the directory already exists. */
	recursive?: boolean;
}

export interface RemoveOptions {
	/** Remove a directory with everything in it. Without it, removing a non-empty directory fails. */
	recursive?: boolean;
	/** Succeed when the path does not exist. */
	force?: boolean;
}

/** Why a command did not end on its own. */
export type KillReason = "timeout" | "aborted" | "limit";

export interface ExecResult {
	stdout: string;
	stderr: string;
	exitCode: number;
	/** The command was stopped: by its timeout, its signal, or a backend limit (time, commands, output). */
	killed?: boolean;
	killReason?: KillReason;
}

/* ---- Persistence: what a backend hands the host to keep its files (IndexedDB), and takes back. ---- */

export interface FsEntrySnapshot {
	path: string;
	type: EntryType;
	mode: number;
	mtimeMs: number;
	/** File content. */
	data?: Uint8Array;
	/** Symlink target. */
	target?: string;
}

export interface FsSnapshot {
	version: 1;
	/** Sorted by path, so parents come before their children. */
	entries: FsEntrySnapshot[];
}

/** To update a stored copy: delete everything at or under each root, then put `entries`. */
export interface FsChangeSet {
	roots: string[];
	entries: FsEntrySnapshot[];
}

/** Files to seed a workspace with, by path (relative paths are under its cwd). */
export type SeedFiles = Record<string, string | Uint8Array>;

/* ---- The embedded backend's worker: the host and the runtime reach it through Comlink. ---- */

export interface EmbeddedLimits {
	/** Wall time of one command line. */
	timeMs: number;
	/** Commands one command line may run (stops endless loops early). */
	commands: number;
	/** Bytes of output one command line may produce. */
	outputBytes: number;
	/** Iterations of one shell loop. */
	loopIterations: number;
	/** Bytes all files together may hold. */
	fileSystemBytes: number;
}

export interface EmbeddedInit {
	cwd?: string;
	env?: Record<string, string>;
	limits?: Partial<EmbeddedLimits>;
	/** Files to start from (a stored snapshot); without it the workspace starts empty but for `cwd`. */
	snapshot?: FsSnapshot;
}

/** `ExecOptions` without the parts that cannot be cloned; output is returned, not streamed. */
export interface ExecRequest {
	cwd?: string;
	env?: Record<string, string>;
	stdin?: string;
	timeoutMs?: number;
	/**
	 * A shared flag the caller sets to non-zero to abort: seen even while a busy loop keeps the worker
	 * from reading messages. Needs a cross-origin isolated page (SharedArrayBuffer).
	 */
	interrupt?: { flags: Int32Array; index: number };
}

/**
 * A workspace served on a port, as the runtime worker reaches it (any backend: see `serveWorkspace`).
 * Aborts go by call id since an `AbortSignal` cannot be sent; output is returned, not streamed.
 */
export interface WorkspacePortApi {
	/** The embedded worker starts its workspace on the first call; every server reports cwd and kind. */
	init(options: EmbeddedInit): Promise<{ cwd: string; kind?: WorkspaceKind }>;
	readFile(path: string, encoding?: "utf8"): Promise<Uint8Array | string>;
	writeFile(path: string, data: string | Uint8Array): Promise<void>;
	list(path: string): Promise<WorkspaceDirent[]>;
	stat(path: string): Promise<WorkspaceStat>;
	exists(path: string): Promise<boolean>;
	mkdir(path: string, options?: MkdirOptions): Promise<void>;
	remove(path: string, options?: RemoveOptions): Promise<void>;
	rename(from: string, to: string): Promise<void>;
	/** `output` (a Comlink proxy) gets the output as the backend delivers it, all of it before the result. */
	exec(id: string, command: string, request: ExecRequest, output?: ExecOutput): Promise<ExecResult>;
	abort(id: string): void;
	/**
	 * Serve synchronous calls on `port` (see workspace-sync.ts): the runtime sends its shared buffer there
	 * and blocks on it while the workspace answers.
	 */
	openSyncChannel(port: MessagePort): Promise<void>;
}

export type ExecOutput = (stream: "stdout" | "stderr", chunk: string) => void;

export interface EmbeddedWorkerApi extends WorkspacePortApi {
	/** Once per worker; later calls only report the cwd. */
	init(options: EmbeddedInit): Promise<{ cwd: string; kind?: WorkspaceKind }>;
	/** Serve the same workspace on another port (for example the runtime worker's). */
	connect(port: MessagePort): void;
	serialize(): Promise<FsSnapshot>;
	restore(snapshot: FsSnapshot): Promise<void>;
	/** Empty the workspace (but for `cwd`), then write `files`. */
	reset(files?: SeedFiles): Promise<void>;
	/** Changes since the last call, for incremental persistence. */
	takeChanges(): Promise<FsChangeSet>;
	/** Called with the changed roots after each operation that changed files (a Comlink proxy). */
	watch(listener: (paths: string[]) => void): Promise<number>;
	unwatch(id: number): void;
}

/** All the runtime worker may call on a workspace port (see guard.ts); only `exec` takes a callback. */
export const WORKSPACE_PORT_METHODS = methodsOf<WorkspacePortApi>()([
	"init",
	"readFile",
	"writeFile",
	"list",
	"stat",
	"exists",
	"mkdir",
	"remove",
	"rename",
	"exec",
	"abort",
	"openSyncChannel",
]);

/** All the host may call on the embedded worker; `exec` and `watch` take callbacks. */
export const EMBEDDED_WORKER_METHODS = methodsOf<EmbeddedWorkerApi>()([
	...WORKSPACE_PORT_METHODS,
	"connect",
	"serialize",
	"restore",
	"reset",
	"takeChanges",
	"watch",
	"unwatch",
]);

/** What every backend implements (see workspace/workspace.ts); Node's built-ins for extensions stand on it too. */
export interface ExecOptions {
	/** Working directory; it must exist. Defaults to the workspace's `cwd`. */
	cwd?: string;
	/** Added to the backend's base environment for this command only. */
	env?: Record<string, string>;
	stdin?: string;
	/** Aborting ends the command; the result then has `killed: true, killReason: "aborted"`. */
	signal?: AbortSignal;
	/** Ends the command after this long; the result then has `killed: true, killReason: "timeout"`. */
	timeoutMs?: number;
	/**
	 * Output as it arrives; the chunks of each stream together are the result's. WebContainer streams
	 * stdout as the process writes it; the embedded shell sends the stdout of each command that writes
	 * straight to the command line's stdout when that command returns, and the rest at the end. Both send
	 * stderr just before `exec` resolves.
	 */
	onStdout?(chunk: string): void;
	onStderr?(chunk: string): void;
}

export interface Workspace {
	readonly kind: WorkspaceKind;
	/** Default working directory, and the base of relative paths. */
	readonly cwd: string;
	/** Raw bytes; with "utf8", text (invalid sequences become U+FFFD, a BOM is kept). Fails ENOENT, EISDIR. */
	readFile(path: string): Promise<Uint8Array>;
	readFile(path: string, encoding: "utf8"): Promise<string>;
	/** Creates or replaces the file and creates missing parent directories. Fails EISDIR, ENOTDIR. */
	writeFile(path: string, data: string | Uint8Array): Promise<void>;
	/** Entries of a directory, sorted by name. Fails ENOENT, ENOTDIR. */
	list(path: string): Promise<WorkspaceDirent[]>;
	/** Fails ENOENT. */
	stat(path: string): Promise<WorkspaceStat>;
	exists(path: string): Promise<boolean>;
	/** Fails EEXIST (without `recursive`), ENOENT (missing parent, without `recursive`), ENOTDIR. */
	mkdir(path: string, options?: MkdirOptions): Promise<void>;
	/** Fails ENOENT (without `force`), ENOTEMPTY (non-empty directory without `recursive`), EINVAL for "/". */
	remove(path: string, options?: RemoveOptions): Promise<void>;
	/** Moves a file or directory, replacing a file at `to`. Fails ENOENT, EINVAL (into itself). */
	rename(from: string, to: string): Promise<void>;
	/** Runs a shell command line. A non-zero exit is a result, not an error; fails ENOENT for a missing cwd. */
	exec(command: string, options?: ExecOptions): Promise<ExecResult>;
}
