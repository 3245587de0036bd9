/**
 * A workspace for tests of extensions that run `git` (or `gh`) through `pi.exec`: the embedded shell, which has
 * neither, with those commands answered by the test (`answer` gets the command line and returns what the
 * command would print and its exit code). Every line run is recorded in `lines`.
 */
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import type { ExecOptions, ExecResult, Workspace } from "../../src/workspace/workspace.ts";

export type CommandAnswer = { stdout?: string; stderr?: string; exitCode?: number };

export interface GitStandIn {
	workspace: Workspace;
	lines: string[];
}

const STANDS_IN = /^(git|gh)(\s|$)/;

/** Over `embedded` when given (e.g. a workspace in its own worker), else a new embedded workspace on this thread. */
export async function gitStandIn(answer?: (line: string) => CommandAnswer | undefined, base?: Workspace): Promise<GitStandIn> {
	const embedded = base ?? (await EmbeddedWorkspace.create());
	const lines: string[] = [];
	const exec = async (line: string, options?: ExecOptions): Promise<ExecResult> => {
		lines.push(line);
		const answered = answer && STANDS_IN.test(line) ? answer(line) : undefined;
		if (!answered) return embedded.exec(line, options);
		return { stdout: answered.stdout ?? "", stderr: answered.stderr ?? "", exitCode: answered.exitCode ?? 0 };
	};
	const workspace = new Proxy(embedded, {
		get: (target, key) => {
			if (key === "exec") return exec;
			const value = Reflect.get(target, key, target);
			return typeof value === "function" ? value.bind(target) : value;
		},
	}) as Workspace;
	return { workspace, lines };
}
