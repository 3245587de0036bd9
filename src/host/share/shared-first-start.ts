/**
 * A playground made from a snapshot, opened the first time (share-materialize.ts wrote the record): the files
 * the user said yes to are trusted as they were shown (a file changed since asks again), the snapshot's panels
 * open, and its first prompt waits for the runtime to be ready once.
 */
import { join } from "../../workspace/path.ts";
import type { PlayaDatabase } from "../storage/database.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { ProjectTrust } from "../trust/project-trust.ts";
import { takeSharedStart } from "./share-materialize.ts";

export interface SharedFirstStartDeps {
	storage(): PlayaDatabase;
	/** The workspace's working directory, once it is ready. */
	sessionCwd(): Promise<string>;
	trust: Pick<ProjectTrust, "trustFiles">;
	state(): PlaygroundState;
	set(patch: Partial<PlaygroundState>): void;
	submit(text: string): Promise<void>;
}

export class SharedFirstStart {
	/** The snapshot's first prompt, until it is sent. */
	private prompt?: string;

	constructor(private readonly deps: SharedFirstStartDeps) {}

	/** Reads (and removes) the first-start record, if this playground has one. */
	async take(): Promise<void> {
		const start = await takeSharedStart(this.deps.storage());
		if (!start) return;
		const cwd = await this.deps.sessionCwd();
		await this.deps.trust.trustFiles(start.files.map((file) => ({ path: join(cwd, file.path), hash: file.hash })));
		this.prompt = start.prompt;
		this.deps.set({ openPanels: start.panels });
	}

	/** Sends the first prompt once, when the runtime is ready. */
	async sendPrompt(): Promise<void> {
		const prompt = this.prompt;
		if (!prompt || this.deps.state().phase !== "ready") return;
		this.prompt = undefined;
		await this.deps.submit(prompt);
	}
}
