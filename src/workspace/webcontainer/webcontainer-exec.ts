/**
 * One command line in a WebContainer: `spawn('jsh', ['-c', script])`. The process has a terminal, not
 * pipes: `output` mixes stdout and stderr and turns "\n" into "\r\n", and writing to `input` would echo.
 * So the script sends stderr to a scratch file and reads stdin from one (or /dev/null, so a command
 * that reads stdin cannot wait forever on the terminal); `output` is stdout, streamed as it arrives.
 * Timeout and abort kill the process.
 */
import type { ExecOptions, ExecResult, KillReason } from "../types.ts";
import type { ProcessSurface, WebContainerSurface } from "./surface.ts";

export interface RunOptions extends ExecOptions {
	/** Working directory relative to the container's workdir. */
	cwd: string;
	/** Base name of this command's scratch files in the workdir. */
	scratch: string;
}

/** Exit code reported for a command the backend killed (as `timeout` does). */
const KILLED_EXIT_CODE = 124;
/** How long output may trail the exit code before the stream is let go. */
const OUTPUT_GRACE_MS = 200;

/** POSIX single quoting. */
export function shellQuote(text: string): string {
	return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The user's command grouped, so one redirection covers all of it; the newline ends a trailing comment. */
export function wrapCommand(command: string, stdinPath: string | undefined, stderrPath: string): string {
	return `{ ${command}\n} < ${stdinPath ? shellQuote(stdinPath) : "/dev/null"} 2> ${shellQuote(stderrPath)}`;
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
	const workdir = container.workdir.replace(/\/$/, "");
	const stdinName = options.stdin !== undefined ? `${options.scratch}.in` : undefined;
	const stderrName = `${options.scratch}.err`;
	if (stdinName) await container.fs.writeFile(stdinName, options.stdin ?? "");
	const script = wrapCommand(command, stdinName && `${workdir}/${stdinName}`, `${workdir}/${stderrName}`);

	let stdout = "";
	let killReason: KillReason | undefined;
	let markKilled!: () => void;
	const killed = new Promise<void>((resolve) => (markKilled = resolve));
	const process = await container.spawn("jsh", ["-c", script], { cwd: options.cwd, env: options.env });
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
		const stderr = await readScratch(container, stderrName);
		if (stderr) options.onStderr?.(stderr);
		if (killReason) return { stdout, stderr, exitCode: KILLED_EXIT_CODE, killed: true, killReason };
		return { stdout, stderr, exitCode: code };
	} finally {
		clearTimeout(timer);
		options.signal?.removeEventListener("abort", onAbort);
		await Promise.all(
			[stdinName, stderrName].map((name) => (name ? container.fs.rm(name, { force: true }).catch(() => undefined) : undefined)),
		);
	}
}

async function readScratch(container: WebContainerSurface, name: string): Promise<string> {
	try {
		return new TextDecoder().decode(await container.fs.readFile(name));
	} catch {
		// A killed command may not have created it.
		return "";
	}
}
