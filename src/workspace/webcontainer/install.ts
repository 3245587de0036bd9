/**
 * `npm install` when a WebContainer starts: the stored workspace keeps no `node_modules` (file-tree.ts), so a
 * project with a `package.json` gets its packages back before anything runs in it. What the install prints
 * is followed line by line, for the page to show what it is doing.
 */
import { join } from "../workspace-path.ts";
import { isWorkspaceError, type Workspace } from "../workspace.ts";

export const INSTALL_COMMAND = "npm install";

export type InstallOutcome = { ran: false } | { ran: true; exitCode: number; lastLine?: string };

/** ANSI escapes (colours, cursor moves) npm's terminal output carries. */
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** The last line with text in it, of output that redraws lines with "\r" (npm's spinner) and colours them. */
export function lastLineOf(output: string): string | undefined {
	const lines = output.replace(ANSI, "").split(/\r\n|\r|\n/);
	for (let index = lines.length - 1; index >= 0; index--) {
		const line = lines[index].trim();
		if (line) return line;
	}
	return undefined;
}

/** Runs `npm install` in the workspace's folder if it has a `package.json`; `onLine` gets each latest line it prints. */
export async function installDependencies(workspace: Workspace, onLine: (line: string) => void): Promise<InstallOutcome> {
	try {
		await workspace.stat(join(workspace.cwd, "package.json"));
	} catch (error) {
		if (isWorkspaceError(error, "ENOENT")) return { ran: false };
		throw error;
	}
	let output = "";
	let shown: string | undefined;
	const follow = (chunk: string) => {
		// Only the tail matters: a long install must not grow this without bound.
		output = (output + chunk).slice(-4096);
		const line = lastLineOf(output);
		if (line !== undefined && line !== shown) onLine((shown = line));
	};
	const result = await workspace.exec(INSTALL_COMMAND, { cwd: workspace.cwd, onStdout: follow, onStderr: follow });
	return { ran: true, exitCode: result.exitCode, lastLine: shown };
}
