/**
 * Which files of a shared snapshot run as code once it opens: its project's extensions, found among its files
 * by pi's discovery rules (workspace/project-discovery.ts), read from the snapshot itself; nothing is written.
 * The consent lists them first, as code that runs: each extension's entry, then the other files of its folder
 * (what the entry may import), each with the extension it belongs to.
 */
import type { WorkspaceDirent, WorkspaceStat } from "../../protocol/workspace/workspace.ts";
import type { SnapshotFile } from "../../share/snapshot.ts";
import { discoverProjectExtensions } from "../../workspace/project-discovery.ts";
import { WorkspaceError } from "../../workspace/workspace.ts";

/** A file of the snapshot that runs, or belongs to an extension that does; paths as in the snapshot. */
export interface SnapshotCodeFile {
	path: string;
	/** The entry of the extension it is part of (itself, for an entry). */
	extension: string;
}

/** Where the snapshot's files are put for discovery: any folder would do, none is real. */
const ROOT = "/snapshot";

function bytesOf(file: SnapshotFile): Uint8Array {
	if (file.encoding !== "base64") return new TextEncoder().encode(file.content);
	try {
		return Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0));
	} catch {
		return new Uint8Array();
	}
}

/** The snapshot's files as the read-only file system discovery needs. */
function snapshotFs(files: readonly SnapshotFile[]) {
	const contents = new Map<string, SnapshotFile>(files.map((file) => [`${ROOT}/${file.path}`, file]));
	const folders = new Set<string>([ROOT]);
	for (const path of contents.keys()) {
		for (let end = path.lastIndexOf("/"); end > ROOT.length; end = path.lastIndexOf("/", end - 1)) folders.add(path.slice(0, end));
	}
	const typeOf = (path: string) => (contents.has(path) ? "file" : folders.has(path) ? "directory" : undefined);
	return {
		async stat(path: string): Promise<WorkspaceStat> {
			const type = typeOf(path);
			if (!type) throw new WorkspaceError("ENOENT", "stat", path);
			return { type, size: 0, mtimeMs: 0 };
		},
		async list(dir: string): Promise<WorkspaceDirent[]> {
			if (!folders.has(dir)) throw new WorkspaceError("ENOENT", "scandir", dir);
			const names = new Set<string>();
			for (const path of [...contents.keys(), ...folders]) {
				if (path.startsWith(`${dir}/`)) names.add(path.slice(dir.length + 1).split("/")[0]);
			}
			return [...names].sort().map((name) => {
				const path = `${dir}/${name}`;
				return { name, path, type: typeOf(path) ?? "file" };
			});
		},
		readFile: (async (path: string, encoding?: "utf8") => {
			const file = contents.get(path);
			if (!file) throw new WorkspaceError(folders.has(path) ? "EISDIR" : "ENOENT", "open", path);
			return encoding === "utf8" ? new TextDecoder().decode(bytesOf(file)) : bytesOf(file);
		}) as {
			(path: string): Promise<Uint8Array>;
			(path: string, encoding: "utf8"): Promise<string>;
		},
	};
}

/** The snapshot's files that run as code (see the module comment): the extensions' entries in load order, then their folders' other files. */
export async function snapshotCode(files: readonly SnapshotFile[]): Promise<SnapshotCodeFile[]> {
	const { extensions } = await discoverProjectExtensions(snapshotFs(files), ROOT);
	const relative = (path: string) => path.slice(ROOT.length + 1);
	const entries = extensions.map(({ path }) => ({ path: relative(path), extension: relative(path) }));
	const listed = new Set(entries.map((entry) => entry.path));
	const parts: SnapshotCodeFile[] = [];
	for (const extension of extensions) {
		for (const file of extension.files) {
			const path = relative(file.path);
			if (listed.has(path)) continue;
			listed.add(path);
			parts.push({ path, extension: relative(extension.path) });
		}
	}
	return [...entries, ...parts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))];
}
