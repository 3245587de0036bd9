/**
 * The corpus checks' setting in Chromium (see test/corpus/environment.ts): the examples from Vite's glob,
 * the esm.sh stand-in and the mock providers the browser project starts, and each workspace in its own embedded workspace worker,
 * reached over Comlink with the synchronous channel, as the page gives the runtime worker its workspace.
 */
import { type EmbeddedWorkspaceHandle, startEmbeddedWorkspace } from "../../../src/workspace/embedded/start.ts";
import type { CorpusEnvironment } from "../../corpus/environment.ts";
import { exampleFiles } from "./example-files.ts";
import { ompExampleFiles } from "./omp-example-files.ts";

/** `cdn` and `mockProviders`: the URLs the browser project's global setups provide. */
export function chromiumEnvironment(cdn: string, mockProviders: string): CorpusEnvironment {
	const started: EmbeddedWorkspaceHandle[] = [];
	const environment: CorpusEnvironment = {
		name: "chromium",
		files: () => exampleFiles,
		ompFiles: () => ompExampleFiles,
		cdn: async () => cdn,
		mockProviders: async () => mockProviders,
		async workspace({ cwd, files } = {}) {
			const handle = await startEmbeddedWorkspace({ cwd });
			started.push(handle);
			const { workspace } = handle;
			for (const [path, data] of Object.entries(files ?? {})) await workspace.writeFile(path.startsWith("/") ? path : `${workspace.cwd}/${path}`, data);
			return workspace;
		},
		defaultWorkspace: () => environment.workspace(),
		cleanUp() {
			for (const handle of started.splice(0)) handle.terminate();
		},
	};
	return environment;
}
