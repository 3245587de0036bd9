/**
 * A playground made from a snapshot, opened the first time (share-materialize.ts wrote the record): the files
 * the user said yes to are trusted as they were shown (a file changed since asks again), the snapshot's panels
 * open, its first files open in the editor, and its first prompt waits for the runtime to be ready once.
 */
import type { RuntimeApi } from "../../protocol/runtime.ts";
import { join } from "../../workspace/workspace-path.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { ProjectTrust } from "../trust/project-trust.ts";
import type { PlaygroundWorkspace } from "../workspace/playground-workspace.ts";
import { takeSharedStart } from "./share-materialize.ts";

/** What the first start is built from. */
export interface SharedFirstStartParts {
	databases: Pick<PlaygroundDatabases, "current">;
	/** The workspace, whose working directory the shared files are trusted under once it is ready. */
	workspace: Pick<PlaygroundWorkspace, "ready" | "sessionCwd">;
	trust: Pick<ProjectTrust, "trustFiles">;
	store: Pick<Store<PlaygroundState>, "get" | "set">;
	/** The editor desk (editor/editor-desk.ts): opens the playground's first files. */
	editor: { requestOpen(path: string, line?: number, how?: { besides?: string[] }): void };
	/** The runtime the first prompt goes to (runtime-runner.ts): none while none runs. */
	runtime: { readonly api: Pick<RuntimeApi, "submit"> | undefined };
}

export class SharedFirstStart {
	/** The snapshot's first prompt, until it is sent. */
	private prompt?: string;

	constructor(private readonly parts: SharedFirstStartParts) {}

	/** Reads (and removes) the first-start record, if this playground has one. */
	async take(): Promise<void> {
		const start = await takeSharedStart(this.parts.databases.current);
		if (!start) return;
		await this.parts.workspace.ready;
		const cwd = this.parts.workspace.sessionCwd;
		await this.parts.trust.trustFiles(start.files.map((file) => ({ path: join(cwd, file.path), hash: file.hash })));
		this.prompt = start.prompt;
		this.parts.store.set({ openPanels: start.panels });
		const [first, ...besides] = (start.open ?? []).map((path) => join(cwd, path));
		if (first) this.parts.editor.requestOpen(first, undefined, { besides });
	}

	/** Sends the first prompt once, when the runtime is ready. */
	async sendPrompt(): Promise<void> {
		const prompt = this.prompt;
		if (!prompt || this.parts.store.get().phase !== "ready") return;
		this.prompt = undefined;
		await this.parts.runtime.api?.submit(prompt);
	}
}
