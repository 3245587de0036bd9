/**
 * One command line in a WebContainer: `spawn('jsh', ['-c', script])`. The process has a terminal, not
 * pipes: `output` mixes stdout and stderr and turns "\n" into "\r\n", and writing to `input` would echo.
 * So the script sends stderr to a scratch file and reads stdin from one (or /dev/null, so a command
 * that reads stdin cannot wait forever on the terminal); `output` is stdout, streamed as it arrives.
 * Timeout and abort kill the process.
 *
 * The scratch files live outside the user's working directory, in a hidden sibling folder
 * (`/home/.playa-exec` for `/home/workspace`), so the command itself never sees them (`ls -a`).
 * `webcontainer.fs` cannot reach that folder (it is scoped to the working directory), but the shell
 * can: stdin is written by the fs API into the working directory and the script's first step moves it
 * out; after the command, a second `jsh` moves stderr back in for the fs API to read and remove. That
 * step is a separate process so that a command that calls `exit`, or is killed, still has it done.
 */
import { dirname } from "../workspace-path.ts";
import type { ExecOptions, ExecResult, KillReason } from "../workspace.ts";
import type { ProcessSurface, WebContainerSurface } from "./surface.ts";

export interface RunOptions extends ExecOptions {
	/** Working directory relative to the container's workdir. */
	cwd: string;
	/** This command's id, unique in the container: it names the command's scratch files. */
	scratch: string;
}

/** Scratch files staged in the working directory (stdin before the command, stderr after it); hidden from listings. */
export const SCRATCH_PREFIX = ".playa-exec-";

export function isScratchName(name: string): boolean {
	return name.startsWith(SCRATCH_PREFIX);
}

/** The folder where a running command's scratch files are: a hidden sibling of the working directory. */
export function scratchFolder(workdir: string): string {
	const parent = dirname(workdir.replace(/\/$/, "") || "/");
	return `${parent === "/" ? "" : parent}/.playa-exec`;
}

/** Exit code reported for a command the backend killed (as `timeout` does). */
const KILLED_EXIT_CODE = 124;
/** How long output may trail the exit code before the stream is let go. */
const OUTPUT_GRACE_MS = 200;

/** POSIX single quoting. */
export function shellQuote(text: string): string {
	return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** One scratch file: where it is while the command runs, and where the fs API meets it. */
export interface ScratchFile {
	/** Absolute, in the scratch folder. */
	path: string;
	/** In the working directory: relative, as the fs API takes it. */
	staged: string;
	/** The same, absolute, as the shell takes it. */
	stagedPath: string;
}

/** One command's scratch files (stdin only when it has some). */
export interface ScratchPaths {
	folder: string;
	stdin?: ScratchFile;
	stderr: ScratchFile;
}

export function scratchPaths(workdir: string, id: string, withStdin: boolean): ScratchPaths {
	const root = workdir.replace(/\/$/, "");
	const folder = scratchFolder(root);
	const file = (suffix: string): ScratchFile => ({
		path: `${folder}/${id}.${suffix}`,
		staged: `${SCRATCH_PREFIX}${id}.${suffix}`,
		stagedPath: `${root}/${SCRATCH_PREFIX}${id}.${suffix}`,
	});
	return { folder, stdin: withStdin ? file("in") : undefined, stderr: file("err") };
}

/**
 * The user's command grouped, so one redirection covers all of it (the newline ends a trailing
 * comment), after a step that makes the scratch folder and moves stdin into it.
 */
export function wrapCommand(command: string, paths: ScratchPaths): string {
	const prepare = [`mkdir -p ${shellQuote(paths.folder)}`];
	if (paths.stdin) prepare.push(`mv ${shellQuote(paths.stdin.stagedPath)} ${shellQuote(paths.stdin.path)}`);
	const stdin = paths.stdin ? shellQuote(paths.stdin.path) : "/dev/null";
	return `${prepare.join(" && ")}\n{ ${command}\n} < ${stdin} 2> ${shellQuote(paths.stderr.path)}`;
}

/** After the command: stderr back into the working directory, where the fs API reads it; stdin removed. */
export function collectScript(paths: ScratchPaths): string {
	const steps = [`mv ${shellQuote(paths.stderr.path)} ${shellQuote(paths.stderr.stagedPath)} 2> /dev/null`];
	if (paths.stdin) steps.push(`rm -f ${shellQuote(paths.stdin.path)}`);
	return steps.join("; ");
}

/** Terminal output as plain text: "\r\n" back to "\n", even when the pair is split across chunks. */
class TerminalText {
	private pendingCr = false;

	push(chunk: string): string {
		let text = (this.pendingCr ? "\r" : "") + chunk;
		this.pendingCr = text.endsWith("\r");
		if (this.pendingCr) text = text.slice(0, -1);
		return text.replaceAll("\r\n", "\n");
	}

	flush(): string {
		const rest = this.pendingCr ? "\r" : "";
		this.pendingCr = false;
		return rest;
	}
}

async function readOutput(process: ProcessSurface, onText: (text: string) => void, stop: Promise<void>): Promise<void> {
	const reader = process.output.getReader();
	const terminal = new TerminalText();
	const stopped = stop.then(() => ({ done: true as const, value: undefined }));
	try {
		for (;;) {
			const { done, value } = await Promise.race([reader.read(), stopped]);
			if (done) break;
			const text = terminal.push(value);
			if (text) onText(text);
		}
		const rest = terminal.flush();
		if (rest) onText(rest);
	} finally {
		reader.cancel().catch(() => undefined);
	}
}

export async function runInWebContainer(container: WebContainerSurface, command: string, options: RunOptions): Promise<ExecResult> {
	const paths = scratchPaths(container.workdir, options.scratch, options.stdin !== undefined);
	if (paths.stdin) await container.fs.writeFile(paths.stdin.staged, options.stdin ?? "");

	let stdout = "";
	let killReason: KillReason | undefined;
	let markKilled!: () => void;
	const killed = new Promise<void>((resolve) => (markKilled = resolve));
	const process = await container.spawn("jsh", ["-c", wrapCommand(command, paths)], { cwd: options.cwd, env: options.env });
	const kill = (reason: KillReason) => {
		if (killReason) return;
		killReason = reason;
		process.kill();
		markKilled();
	};
	const onAbort = () => kill("aborted");
	options.signal?.addEventListener("abort", onAbort, { once: true });
	const timer = options.timeoutMs !== undefined ? setTimeout(() => kill("timeout"), options.timeoutMs) : undefined;
	if (options.signal?.aborted) onAbort();

	let exited!: () => void;
	const exitSeen = new Promise<void>((resolve) => (exited = resolve));
	const stopReading = Promise.race([killed, exitSeen.then(() => new Promise<void>((resolve) => setTimeout(resolve, OUTPUT_GRACE_MS)))]);
	const reading = readOutput(
		process,
		(text) => {
			stdout += text;
			options.onStdout?.(text);
		},
		stopReading,
	);
	try {
		// A killed process's exit code may never come: the kill decides.
		const code = await Promise.race([process.exit, killed.then(() => KILLED_EXIT_CODE)]);
		exited();
		await reading;
		const stderr = await collectStderr(container, paths);
		if (stderr) options.onStderr?.(stderr);
		if (killReason) return { stdout, stderr, exitCode: KILLED_EXIT_CODE, killed: true, killReason };
		return { stdout, stderr, exitCode: code };
	} finally {
		clearTimeout(timer);
		options.signal?.removeEventListener("abort", onAbort);
		// Whatever is still staged (stdin, if the command never started; stderr, once read).
		await Promise.all(
			[paths.stdin?.staged, paths.stderr.staged].map((name) => (name ? container.fs.rm(name, { force: true }).catch(() => undefined) : undefined)),
		);
	}
}

/** Moves stderr back into reach of the fs API and reads it; "" when there is none (a command killed early). */
async function collectStderr(container: WebContainerSurface, paths: ScratchPaths): Promise<string> {
	try {
		const collector = await container.spawn("jsh", ["-c", collectScript(paths)], { output: false });
		await collector.exit;
		return new TextDecoder().decode(await container.fs.readFile(paths.stderr.staged));
	} catch {
		return "";
	}
}
