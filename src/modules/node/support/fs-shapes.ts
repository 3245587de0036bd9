/** Node's shapes of what the workspace answers: `Stats`, `Dirent`, errors with `code`, paths and encodings. */
import { Buffer } from "buffer";
import * as pathe from "pathe";
import type { WorkspaceDirent, WorkspaceStat } from "../../../protocol/workspace/workspace.ts";

export type PathLike = string | URL | Uint8Array;
export type EncodingOption =
	| BufferEncoding
	| { encoding?: BufferEncoding | null; flag?: string; withFileTypes?: boolean; recursive?: boolean }
	| null
	| undefined;

export function toPath(path: PathLike, cwd: string): string {
	const text = path instanceof URL ? decodeURIComponent(path.pathname) : typeof path === "string" ? path : new TextDecoder().decode(path);
	return pathe.resolve(cwd, text);
}

export function encodingOf(options: EncodingOption): BufferEncoding | undefined {
	const encoding = typeof options === "string" ? options : (options?.encoding ?? undefined);
	return encoding === null ? undefined : encoding;
}

export const isUtf8 = (encoding: string | undefined) => encoding === "utf8" || encoding === "utf-8";

/** Bytes as the caller asked: a Buffer, or text in `encoding`. */
export function withEncoding(bytes: Uint8Array, encoding: BufferEncoding | undefined): Buffer | string {
	const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return encoding ? buffer.toString(encoding) : buffer;
}

export function toBytes(data: unknown, options: EncodingOption): string | Uint8Array {
	const encoding = encodingOf(options);
	if (typeof data === "string") return !encoding || isUtf8(encoding) ? data : Buffer.from(data, encoding);
	if (data instanceof Uint8Array) return data;
	if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
	return String(data);
}

export class Stats {
	readonly size: number;
	readonly mode: number;
	readonly mtimeMs: number;
	readonly atimeMs: number;
	readonly ctimeMs: number;
	readonly birthtimeMs: number;
	readonly mtime: Date;
	readonly atime: Date;
	readonly ctime: Date;
	readonly birthtime: Date;
	readonly uid = 1000;
	readonly gid = 1000;
	readonly dev = 0;
	readonly ino = 0;
	readonly nlink = 1;
	readonly blksize = 4096;
	readonly blocks: number;

	constructor(private readonly stat: WorkspaceStat) {
		this.size = stat.size;
		this.mode = stat.mode ?? (stat.type === "directory" ? 0o40755 : 0o100644);
		this.mtimeMs = this.atimeMs = this.ctimeMs = this.birthtimeMs = stat.mtimeMs;
		this.mtime = this.atime = this.ctime = this.birthtime = new Date(stat.mtimeMs);
		this.blocks = Math.ceil(stat.size / 512);
	}

	isFile(): boolean {
		return this.stat.type === "file";
	}
	isDirectory(): boolean {
		return this.stat.type === "directory";
	}
	isSymbolicLink(): boolean {
		return this.stat.type === "symlink";
	}
	isFIFO(): boolean {
		return false;
	}
	isSocket(): boolean {
		return false;
	}
	isBlockDevice(): boolean {
		return false;
	}
	isCharacterDevice(): boolean {
		return false;
	}
}

export class Dirent {
	readonly name: string;
	readonly parentPath: string;
	readonly path: string;

	constructor(private readonly entry: WorkspaceDirent) {
		this.name = entry.name;
		this.parentPath = this.path = pathe.dirname(entry.path);
	}

	isFile(): boolean {
		return this.entry.type === "file";
	}
	isDirectory(): boolean {
		return this.entry.type === "directory";
	}
	isSymbolicLink(): boolean {
		return this.entry.type === "symlink";
	}
	isFIFO(): boolean {
		return false;
	}
	isSocket(): boolean {
		return false;
	}
	isBlockDevice(): boolean {
		return false;
	}
	isCharacterDevice(): boolean {
		return false;
	}
}

/** `ENOENT: no such file or directory, access '/x'` with `code`, `syscall` and `path`, as Node's are. */
export function fsError(code: string, syscall: string, path: string, description: string): Error {
	return Object.assign(new Error(`${code}: ${description}, ${syscall} '${path}'`), { code, syscall, path, errno: -2 });
}

export const constants = {
	F_OK: 0,
	R_OK: 4,
	W_OK: 2,
	X_OK: 1,
	O_RDONLY: 0,
	O_WRONLY: 1,
	O_RDWR: 2,
	O_CREAT: 64,
	O_EXCL: 128,
	O_TRUNC: 512,
	O_APPEND: 1024,
	COPYFILE_EXCL: 1,
};
