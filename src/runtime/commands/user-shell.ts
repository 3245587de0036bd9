/**
 * The workspace as the session uses it outside tools: `pi.exec` and the user's `!cmd` / `!!cmd`
 * (which `user_bash` handlers may answer instead of the shell).
 */
import type { ExecResult as PiExecResult } from "../../api/types.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";
import { truncateTail } from "../../modules/coding-agent/truncate.ts";
import type { Workspace } from "../../workspace/workspace.ts";
import type { BashExecutionMessage } from "../../session/messages.ts";

export const NO_WORKSPACE = "This playground has no workspace to run commands in";

/** POSIX single quotes, so each argument reaches the command as one word. */
export function shellQuote(arg: string): string {
	return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export async function execInWorkspace(
	workspace: Workspace | undefined,
	cwd: string,
	command: string,
	args: string[],
	opts: { signal?: AbortSignal; timeout?: number; cwd?: string } = {},
	/** Gets stdout and stderr as they come (exec-output.ts shows them under a tool call). */
	onOutput?: (chunk: string) => void,
): Promise<PiExecResult> {
	if (!workspace) throw new Error(NO_WORKSPACE);
	const line = [command, ...args].map(shellQuote).join(" ");
	const live = onOutput && { onStdout: onOutput, onStderr: onOutput };
	const result = await workspace.exec(line, { cwd: opts.cwd ?? cwd, signal: opts.signal, timeoutMs: opts.timeout, ...live });
	return { stdout: result.stdout, stderr: result.stderr, code: result.exitCode, killed: result.killed === true };
}

/** Runs a composer `!cmd` and describes it as upstream's bashExecution message. */
export async function runUserBash(
	runner: ExtensionRunner,
	workspace: Workspace | undefined,
	cwd: string,
	command: string,
	excludeFromContext: boolean,
	signal?: AbortSignal,
	/** Gets stdout and stderr as they come, when the shell runs it (not when a `user_bash` handler answers). */
	onOutput?: (chunk: string) => void,
): Promise<BashExecutionMessage> {
	const supplied = await runner.dispatch("user_bash", { command, excludeFromContext, cwd });
	const base = { role: "bashExecution" as const, command, timestamp: Date.now(), ...(excludeFromContext && { excludeFromContext }) };
	if (supplied?.result) {
		const { output, exitCode, cancelled = false, truncated = false } = supplied.result;
		return { ...base, output, exitCode, cancelled, truncated };
	}
	if (!workspace) return { ...base, output: NO_WORKSPACE, exitCode: undefined, cancelled: false, truncated: false };
	const result = await workspace.exec(command, { cwd, signal, ...(onOutput && { onStdout: onOutput, onStderr: onOutput }) });
	const tail = truncateTail([result.stdout, result.stderr].filter(Boolean).join(""));
	return { ...base, output: tail.content, exitCode: result.exitCode, cancelled: result.killReason === "aborted", truncated: tail.truncated };
}
