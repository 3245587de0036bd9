/** The corpus checks' setting under Node: files from disk, the esm.sh stand-in over HTTP, workspaces on the test's thread. */
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import type { CorpusEnvironment } from "./environment.ts";
import { exampleFiles } from "./examples.ts";
import { ompFiles } from "./omp-tree.ts";

export const nodeEnvironment: CorpusEnvironment = {
	name: "node",
	files: exampleFiles,
	ompFiles,
	cdn: cdnStandIn,
	workspace: (init = {}) => EmbeddedWorkspace.create(init),
	defaultWorkspace: async () => undefined,
	cleanUp() {},
};
