/**
 * `node:fs` and `node:fs/promises` over the session's workspace. The promise and callback forms call the
 * workspace; the `*Sync` forms go through the synchronous channel (sync-client.ts) and block until the
 * workspace answers, or throw, naming the call, where the channel could not be opened. `watch` and
 * `watchFile` poll the file's stat. File descriptors do not exist here: `open`, `read`, … throw.
 */
import { Buffer } from "buffer";
import type { WorkspaceDirent, WorkspaceStat } from "../../protocol/workspace/workspace.ts";
import { requireWorkspace, unsupported, type NodeBackend, type NodeWorkspace } from "./support/backend.ts";
import { SimpleReadable, SimpleWritable } from "./support/streams.ts";
import { Dirent, Stats, constants, encodingOf, fsError, toBytes, toPath, withEncoding, type EncodingOption, type PathLike } from "./support/fs-shapes.ts";
import { createWatchers } from "./fs-watch.ts";
import type { SyncWorkspace } from "./support/sync-client.ts";

type Options = EncodingOption;
type MkdirOptions = { recursive?: boolean; mode?: number } | number | undefined;
type RmOptions = { recursive?: boolean; force?: boolean } | undefined;

const randomSuffix = () => Math.random().toString(36).slice(2, 8).padEnd(6, "0");

export function createFs(host: NodeBackend, sync: SyncWorkspace): { fs: Record<string, unknown>; promises: Record<string, unknown> } {
	const ws = (member: string): NodeWorkspace => requireWorkspace(host, `fs.${member}`);
	const resolve = (path: PathLike) => toPath(path, host.cwd);
	const call = <T>(op: Parameters<SyncWorkspace["call"]>[0], args: unknown[], member: string): T => {
		if (!host.workspace) requireWorkspace(host, `fs.${member}`);
		return sync.call(op, args, `fs.${member}`) as T;
	};

	/* ---- fs/promises ---- */
	const promises: Record<string, unknown> = {
		async readFile(path: PathLike, options?: Options) {
			const bytes = await ws("readFile").readFile(resolve(path));
			return withEncoding(bytes, encodingOf(options));
		},
		async writeFile(path: PathLike, data: unknown, options?: Options) {
			await ws("writeFile").writeFile(resolve(path), toBytes(data, options));
		},
		async appendFile(path: PathLike, data: unknown, options?: Options) {
			const target = resolve(path);
			const workspace = ws("appendFile");
			const before = (await workspace.exists(target)) ? await workspace.readFile(target) : new Uint8Array();
			await workspace.writeFile(target, Buffer.concat([before, Buffer.from(toBytes(data, options))]));
		},
		async readdir(path: PathLike, options?: Options) {
			const entries = await ws("readdir").list(resolve(path));
			return dirents(entries, options);
		},
		async stat(path: PathLike) {
			return new Stats(await ws("stat").stat(resolve(path)));
		},
		async lstat(path: PathLike) {
			return new Stats(await ws("lstat").stat(resolve(path)));
		},
		async access(path: PathLike) {
			const target = resolve(path);
			if (!(await ws("access").exists(target))) throw fsError("ENOENT", "access", target, "no such file or directory");
		},
		async mkdir(path: PathLike, options?: MkdirOptions) {
			const target = resolve(path);
			const recursive = typeof options === "object" && options.recursive === true;
			const existed = recursive ? await ws("mkdir").exists(target) : false;
			await ws("mkdir").mkdir(target, { recursive });
			return recursive && !existed ? target : undefined;
		},
		async mkdtemp(prefix: string) {
			const target = resolve(`${prefix}${randomSuffix()}`);
			await ws("mkdtemp").mkdir(target, { recursive: true });
			return target;
		},
		async rm(path: PathLike, options?: RmOptions) {
			await ws("rm").remove(resolve(path), { recursive: options?.recursive, force: options?.force });
		},
		async rmdir(path: PathLike, options?: RmOptions) {
			await ws("rmdir").remove(resolve(path), { recursive: options?.recursive });
		},
		async unlink(path: PathLike) {
			await ws("unlink").remove(resolve(path));
		},
		async rename(from: PathLike, to: PathLike) {
			await ws("rename").rename(resolve(from), resolve(to));
		},
		async copyFile(from: PathLike, to: PathLike) {
			await ws("copyFile").writeFile(resolve(to), await ws("copyFile").readFile(resolve(from)));
		},
		async cp(from: PathLike, to: PathLike) {
			await ws("cp").exec(`cp -R ${JSON.stringify(resolve(from))} ${JSON.stringify(resolve(to))}`);
		},
		async realpath(path: PathLike) {
			const target = resolve(path);
			await ws("realpath").stat(target);
			return target;
		},
		async utimes() {},
		async chmod() {},
		open: unsupported("fs.promises.open", "the workspace has no file descriptors; use readFile/writeFile"),
		constants,
	};

	function dirents(entries: WorkspaceDirent[], options: Options) {
		const withFileTypes = typeof options === "object" && options?.withFileTypes === true;
		return withFileTypes ? entries.map((entry) => new Dirent(entry)) : entries.map((entry) => entry.name);
	}

	/* ---- the *Sync forms ---- */
	const syncForms: Record<string, unknown> = {
		readFileSync(path: PathLike, options?: Options) {
			return withEncoding(call<Uint8Array>("readFile", [resolve(path)], "readFileSync"), encodingOf(options));
		},
		writeFileSync(path: PathLike, data: unknown, options?: Options) {
			call("writeFile", [resolve(path), toBytes(data, options)], "writeFileSync");
		},
		appendFileSync(path: PathLike, data: unknown, options?: Options) {
			call("appendFile", [resolve(path), toBytes(data, options)], "appendFileSync");
		},
		existsSync(path: PathLike) {
			try {
				return call<boolean>("exists", [resolve(path)], "existsSync");
			} catch (error) {
				// Node's existsSync never throws for a missing file; it does here only when it cannot ask.
				if ((error as { code?: string }).code) return false;
				throw error;
			}
		},
		readdirSync(path: PathLike, options?: Options) {
			return dirents(call<WorkspaceDirent[]>("list", [resolve(path)], "readdirSync"), options);
		},
		statSync(path: PathLike, options?: { throwIfNoEntry?: boolean }) {
			try {
				return new Stats(call<WorkspaceStat>("stat", [resolve(path)], "statSync"));
			} catch (error) {
				if (options?.throwIfNoEntry === false && (error as { code?: string }).code === "ENOENT") return undefined;
				throw error;
			}
		},
		lstatSync(path: PathLike) {
			return new Stats(call<WorkspaceStat>("stat", [resolve(path)], "lstatSync"));
		},
		accessSync(path: PathLike) {
			const target = resolve(path);
			if (!call<boolean>("exists", [target], "accessSync")) throw fsError("ENOENT", "access", target, "no such file or directory");
		},
		mkdirSync(path: PathLike, options?: MkdirOptions) {
			const target = resolve(path);
			const recursive = typeof options === "object" && options.recursive === true;
			const existed = recursive ? call<boolean>("exists", [target], "mkdirSync") : false;
			call("mkdir", [target, { recursive }], "mkdirSync");
			return recursive && !existed ? target : undefined;
		},
		mkdtempSync(prefix: string) {
			const target = resolve(`${prefix}${randomSuffix()}`);
			call("mkdir", [target, { recursive: true }], "mkdtempSync");
			return target;
		},
		rmSync(path: PathLike, options?: RmOptions) {
			call("remove", [resolve(path), { recursive: options?.recursive, force: options?.force }], "rmSync");
		},
		rmdirSync(path: PathLike, options?: RmOptions) {
			call("remove", [resolve(path), { recursive: options?.recursive }], "rmdirSync");
		},
		unlinkSync(path: PathLike) {
			call("remove", [resolve(path), {}], "unlinkSync");
		},
		renameSync(from: PathLike, to: PathLike) {
			call("rename", [resolve(from), resolve(to)], "renameSync");
		},
		copyFileSync(from: PathLike, to: PathLike) {
			call("writeFile", [resolve(to), call<Uint8Array>("readFile", [resolve(from)], "copyFileSync")], "copyFileSync");
		},
		realpathSync(path: PathLike) {
			const target = resolve(path);
			call("stat", [target], "realpathSync");
			return target;
		},
		utimesSync() {},
		chmodSync() {},
	};

	/* ---- callback forms, from the promise ones ---- */
	const callbackForms: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(promises)) {
		if (typeof value !== "function" || name === "open") continue;
		callbackForms[name] = (...args: unknown[]) => {
			const callback = typeof args.at(-1) === "function" ? (args.pop() as (error: unknown, value?: unknown) => void) : undefined;
			(value as (...args: unknown[]) => Promise<unknown>)(...args).then(
				(result) => callback?.(null, result),
				(error: unknown) => callback?.(error),
			);
		};
	}
	callbackForms.exists = (path: PathLike, callback: (exists: boolean) => void) => {
		ws("exists")
			.exists(resolve(path))
			.then(callback, () => callback(false));
	};

	function createReadStream(path: PathLike, options?: Options | { encoding?: BufferEncoding; start?: number; end?: number }) {
		const stream = new SimpleReadable();
		const encoding = encodingOf(options as Options);
		if (encoding) stream.setEncoding(encoding);
		ws("createReadStream")
			.readFile(resolve(path))
			.then(
				(bytes) => {
					const { start = 0, end = bytes.length - 1 } = ((typeof options === "object" && options) || {}) as { start?: number; end?: number };
					stream.emit("open");
					stream.emit("ready");
					stream.push(bytes.subarray(start, end + 1));
					stream.push(null);
				},
				(error: unknown) => stream.emit("error", error),
			);
		return stream;
	}

	function createWriteStream(path: PathLike, options?: { flags?: string; encoding?: BufferEncoding } | BufferEncoding) {
		const chunks: Uint8Array[] = [];
		const append = typeof options === "object" && options?.flags?.startsWith("a");
		const target = resolve(path);
		return new SimpleWritable(
			(chunk) => chunks.push(Buffer.from(toBytes(chunk, options as Options))),
			() =>
				append
					? (promises.appendFile as (p: string, d: Uint8Array) => Promise<void>)(target, Buffer.concat(chunks))
					: ws("createWriteStream").writeFile(target, Buffer.concat(chunks)),
		);
	}

	const noDescriptors = "the workspace has no file descriptors; use readFile/writeFile";
	const fs: Record<string, unknown> = {
		...callbackForms,
		...syncForms,
		...createWatchers(host),
		createReadStream,
		createWriteStream,
		promises,
		constants,
		Stats,
		Dirent,
		openSync: unsupported("fs.openSync", noDescriptors),
		open: unsupported("fs.open", noDescriptors),
		readSync: unsupported("fs.readSync", noDescriptors),
		writeSync: unsupported("fs.writeSync", noDescriptors),
		closeSync: unsupported("fs.closeSync", noDescriptors),
		fstatSync: unsupported("fs.fstatSync", noDescriptors),
		symlinkSync: unsupported("fs.symlinkSync", "the workspace API makes no links"),
		symlink: unsupported("fs.symlink", "the workspace API makes no links"),
		F_OK: constants.F_OK,
		R_OK: constants.R_OK,
		W_OK: constants.W_OK,
		X_OK: constants.X_OK,
	};
	fs.default = fs;
	promises.default = promises;
	return { fs, promises };
}
