/**
 * Walking a workspace's tree through the `Workspace` interface, so it works on every backend: the files
 * panel's list, the WebContainer backend's persistence and the workspace download use it.
 */
import { relative } from "./workspace-path.ts";
import { isWorkspaceError, type Workspace, type WorkspaceDirent } from "./workspace.ts";

/** An entry removed while the walk ran (a command, a reset): skipped, since its change comes next. */
function vanished(error: unknown): boolean {
	return isWorkspaceError(error, "ENOENT") || isWorkspaceError(error, "ENOTDIR");
}

/** Folders not walked: package installs are large, and come back with `npm install`. */
export const UNWALKED_DIRECTORIES = new Set(["node_modules"]);

/** Every file and directory under `root` (not `root` itself), parents before children. */
export async function walk(workspace: Workspace, root = workspace.cwd): Promise<WorkspaceDirent[]> {
	const found: WorkspaceDirent[] = [];
	const visit = async (directory: string): Promise<void> => {
		let entries: WorkspaceDirent[];
		try {
			entries = await workspace.list(directory);
		} catch (error) {
			if (directory !== root && vanished(error)) return;
			throw error;
		}
		for (const entry of entries) {
			if (entry.type === "directory" && UNWALKED_DIRECTORIES.has(entry.name)) continue;
			found.push(entry);
			if (entry.type === "directory") await visit(entry.path);
		}
	};
	await visit(root);
	return found;
}

/** The files under `root`, by path relative to it, with their bytes. */
export async function readTree(workspace: Workspace, root = workspace.cwd): Promise<Record<string, Uint8Array>> {
	const files: Record<string, Uint8Array> = {};
	for (const entry of await walk(workspace, root)) {
		if (entry.type !== "file") continue;
		try {
			files[relative(root, entry.path)] = await workspace.readFile(entry.path);
		} catch (error) {
			if (!vanished(error)) throw error;
		}
	}
	return files;
}
