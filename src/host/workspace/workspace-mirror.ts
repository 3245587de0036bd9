/**
 * Persistence for the WebContainer backend, which keeps no files across reloads: the tree is mirrored
 * into the same IndexedDB store the embedded backend uses, re-rooted at the embedded cwd, and a new
 * container is seeded from it. So files survive a reload, and a change of backend, either way.
 * `node_modules` is not kept (see `UNWALKED_DIRECTORIES`).
 */
import { isWithin, join, relative } from "../../workspace/workspace-path.ts";
import { walk } from "../../workspace/file-tree.ts";
import { isWorkspaceError, type FsChangeSet, type FsEntrySnapshot, type FsSnapshot, type Workspace } from "../../workspace/workspace.ts";

/** Where workspace files are stored: the embedded backend's cwd. */
export const STORED_ROOT = "/workspace";

/** Writes the stored files under `STORED_ROOT` into `workspace`'s cwd. */
export async function seedFromStore(workspace: Workspace, snapshot: FsSnapshot): Promise<void> {
	for (const entry of snapshot.entries) {
		if (entry.path === STORED_ROOT || !isWithin(STORED_ROOT, entry.path)) continue;
		const target = join(workspace.cwd, relative(STORED_ROOT, entry.path));
		if (entry.type === "directory") await workspace.mkdir(target, { recursive: true });
		else if (entry.type === "file") await workspace.writeFile(target, entry.data ?? new Uint8Array());
	}
}

/** The workspace's tree as stored entries, replacing everything under `STORED_ROOT`. */
export async function storedCopy(workspace: Workspace): Promise<FsChangeSet> {
	const entries: FsEntrySnapshot[] = [{ path: STORED_ROOT, type: "directory", mode: 0o755, mtimeMs: Date.now() }];
	for (const entry of await walk(workspace)) {
		const path = join(STORED_ROOT, relative(workspace.cwd, entry.path));
		if (entry.type === "directory") entries.push({ path, type: "directory", mode: 0o755, mtimeMs: Date.now() });
		else if (entry.type === "file") {
			const data = await workspace.readFile(entry.path).catch((error: unknown) => {
				// Removed since the walk listed it: the removal's own change saves again.
				if (isWorkspaceError(error, "ENOENT")) return undefined;
				throw error;
			});
			if (data) entries.push({ path, type: "file", mode: 0o644, mtimeMs: Date.now(), data });
		}
	}
	return { roots: [STORED_ROOT], entries };
}

/** Saves the tree after changes; changes that arrive while saving make one more save, not one each. */
export class WorkspaceMirror {
	private saving?: Promise<void>;
	private dirty = false;

	constructor(
		private readonly workspace: Workspace,
		private readonly save: (changes: FsChangeSet) => Promise<void>,
		private readonly onError: (error: Error) => void,
	) {}

	schedule(): Promise<void> {
		this.dirty = true;
		this.saving ??= this.run().finally(() => (this.saving = undefined));
		return this.saving;
	}

	private async run(): Promise<void> {
		while (this.dirty) {
			this.dirty = false;
			try {
				await this.save(await storedCopy(this.workspace));
			} catch (error) {
				this.onError(error as Error);
			}
		}
	}
}
