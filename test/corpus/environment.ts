/**
 * Where the corpus behaviour checks run: under Node (test/unit/corpus-behaviour.test.ts and
 * corpus-omp-behaviour.test.ts, the headless runner's setting) or in Chromium (test/browser/corpus-behaviour.test.ts
 * and corpus-omp-behaviour.test.ts: the runtime in a worker and the workspace in its own worker, as the page runs
 * them). The checks and their kit stay the same in both; what differs (how the example files are read, the ESM CDN
 * stand-in, how a workspace starts) comes from here.
 */
import type { SeedFiles, Workspace } from "../../src/workspace/workspace.ts";

export interface WorkspaceInit {
	cwd?: string;
	/** Files to write first: absolute paths, or relative to `cwd`. */
	files?: SeedFiles;
}

export interface CorpusEnvironment {
	name: "node" | "chromium";
	/** The examples' file tree (path relative to examples/extensions/ → source). */
	files(): Record<string, string>;
	/** oh-my-pi's example tree (path relative to test/corpus/omp-examples/ → source), for its corpus (omp-kit.ts). */
	ompFiles(): Record<string, string>;
	/** The base URL of the offline esm.sh stand-in. */
	cdn(): Promise<string>;
	/** The base URL of the mock LLM providers (test/mock-providers/), for checks of what reaches a provider through the gateway. */
	mockProviders(): Promise<string>;
	/** A fresh embedded workspace. */
	workspace(init?: WorkspaceInit): Promise<Workspace>;
	/** The workspace of a session that names none: none under Node (as the headless runner without one), the page's in Chromium. */
	defaultWorkspace(): Promise<Workspace | undefined>;
	/** Called after each check: stops the workspaces it started. */
	cleanUp(): void;
}

let current: CorpusEnvironment | undefined;

export function setCorpusEnvironment(environment: CorpusEnvironment): void {
	current = environment;
}

export function environment(): CorpusEnvironment {
	if (!current) throw new Error("no corpus environment: call setCorpusEnvironment first (environment-node.ts, or the browser worker's)");
	return current;
}
