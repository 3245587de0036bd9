/**
 * The page's one embedded workspace: started from the files kept in IndexedDB, each change written
 * back, and a port for every runtime that starts. Without it sessions have no shell or file tools.
 */
import { startEmbeddedWorkspace, type EmbeddedWorkspaceHandle } from "../workspace/embedded/start.ts";
import type { Storage } from "./storage.ts";

export class WorkspaceHost {
	private handle?: EmbeddedWorkspaceHandle;
	private saving = Promise.resolve();

	constructor(
		private readonly storage: Storage,
		/** Told the workspace's file paths whenever they change. */
		private readonly onFiles: (paths: string[]) => void,
		private readonly onError: (message: string) => void,
	) {}

	async open(): Promise<void> {
		try {
			this.handle = await startEmbeddedWorkspace({ snapshot: await this.storage.loadFiles() });
			const { workspace } = this.handle;
			await workspace.onChange(() => {
				this.saving = this.saving
					.then(async () => {
						await this.storage.applyFileChanges(await workspace.takeChanges());
						await this.publishFiles();
					})
					.catch((error) => this.onError(`Could not save the workspace: ${(error as Error).message}`));
			});
			await this.publishFiles();
		} catch (error) {
			this.handle = undefined;
			this.onError(`The workspace did not start, so commands and file tools are off: ${(error as Error).message}`);
		}
	}

	private async publishFiles(): Promise<void> {
		const snapshot = await this.storage.loadFiles();
		this.onFiles(snapshot.entries.filter((entry) => entry.type === "file").map((entry) => entry.path));
	}

	/** A port for a runtime worker; undefined when there is no workspace. */
	createPort(): Promise<MessagePort> | undefined {
		return this.handle?.workspace.createPort();
	}

	readFile(path: string): Promise<string> {
		if (!this.handle) return Promise.reject(new Error("There is no workspace"));
		return this.handle.workspace.readFile(path, "utf8");
	}
}
