/**
 * The workspace boundary, in one place: the file system and shell the agent's tools, `pi.exec` and the
 * user's `!cmd` run on. Every backend (embedded just-bash, WebContainer) implements `Workspace`, and the
 * contract suite in test/unit/workspace checks them all against the same expectations.
 * Paths are POSIX; relative paths resolve against `cwd`. Failures are `WorkspaceError`s with a code, so
 * callers branch on `code`, never on message text; errors that crossed a worker boundary are revived
 * with `WorkspaceError.from`.
 */

export type * from "../protocol/workspace/workspace.ts";

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
