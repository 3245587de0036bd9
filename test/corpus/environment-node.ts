/**
 * The corpus checks' setting under Node: files from disk, the esm.sh stand-in and the mock providers over HTTP
 * (one of each per test process), workspaces on the test's thread.
 */
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { startMockProviders } from "../mock-providers/server.mjs";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import type { CorpusEnvironment } from "./environment.ts";
import { exampleFiles } from "./examples.ts";
import { ompFiles } from "./omp-tree.ts";

let mock: Promise<string> | undefined;

export const nodeEnvironment: CorpusEnvironment = {
	name: "node",
	files: exampleFiles,
	ompFiles,
	cdn: cdnStandIn,
	mockProviders: () => {
		mock ??= startMockProviders().then((providers) => providers.url);
		return mock;
	},
	workspace: (init = {}) => EmbeddedWorkspace.create(init),
	defaultWorkspace: async () => undefined,
	cleanUp() {},
};
