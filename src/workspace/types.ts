/**
 * The workspace boundary, in one place: the file system and shell the agent's tools, `pi.exec` and the
 * user's `!cmd` run on. Every backend (embedded just-bash, WebContainer) implements `Workspace`, and the
 * contract suite in test/unit/workspace checks them all against the same expectations.
 * Paths are POSIX; relative paths resolve against `cwd`. Failures are `WorkspaceError`s with a code, so
 * callers branch on `code`, never on message text; errors that crossed a worker boundary are revived
 * with `WorkspaceError.from`.
 */
import type { ExecResult, MkdirOptions, RemoveOptions, WorkspaceDirent, WorkspaceKind, WorkspaceStat } from "../protocol/workspace.ts";

export type * from "../protocol/workspace.ts";

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
	 * Output as it arrives. Backends that cannot stream (embedded) call these once, with all the output,
	 * just before `exec` resolves; the result still carries the full output.
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

export type WorkspaceErrorCode = "ENOENT" | "EISDIR" | "ENOTDIR" | "EEXIST" | "ENOTEMPTY" | "EINVAL" | "EIO";

const DESCRIPTIONS: Record<WorkspaceErrorCode, string> = {
	ENOENT: "no such file or directory",
	EISDIR: "illegal operation on a directory",
	ENOTDIR: "not a directory",
	EEXIST: "file already exists",
	ENOTEMPTY: "directory not empty",
	EINVAL: "invalid argument",
	EIO: "input/output error",
};

const CODES = Object.keys(DESCRIPTIONS) as WorkspaceErrorCode[];

/** `ENOENT: no such file or directory, read '/x'`: the shape Node uses, so messages read as usual. */
export class WorkspaceError extends Error {
	override readonly name = "WorkspaceError";

	constructor(
		readonly code: WorkspaceErrorCode,
		readonly syscall: string,
		readonly path?: string,
		detail?: string,
	) {
		super(`${code}: ${detail ?? DESCRIPTIONS[code]}, ${syscall}${path === undefined ? "" : ` '${path}'`}`);
	}

	/**
	 * The error as a `WorkspaceError`: itself, or rebuilt from an error whose code only survived in its
	 * message (Comlink keeps `name` and `message` only), or `EIO` wrapping anything else.
	 */
	static from(error: unknown, syscall = "workspace", path?: string): WorkspaceError {
		if (error instanceof WorkspaceError) return error;
		const message = error instanceof Error ? error.message : String(error);
		const match = /^(E[A-Z]+): (.*?), (\w+)(?: '(.*)')?$/s.exec(message);
		if (match && CODES.includes(match[1] as WorkspaceErrorCode)) {
			return new WorkspaceError(match[1] as WorkspaceErrorCode, match[3], match[4], match[2]);
		}
		const code = /^(E[A-Z]+)\b/.exec(message)?.[1] as WorkspaceErrorCode | undefined;
		return new WorkspaceError(code && CODES.includes(code) ? code : "EIO", syscall, path, message);
	}
}

export function isWorkspaceError(error: unknown, code?: WorkspaceErrorCode): error is WorkspaceError {
	if (!(error instanceof Error)) return false;
	if (!(error instanceof WorkspaceError) && error.name !== "WorkspaceError") return false;
	return code === undefined || WorkspaceError.from(error).code === code;
}
