/**
 * Upstream pi's CLI in RPC mode as a child process (`pi --mode rpc`, docs/rpc.md of @earendil-works/pi-coding-agent):
 * JSON lines out (commands, dialog answers), JSON lines in (responses, session events, extension UI requests).
 * Runs in the runner's thread under Node; pi runs in its own process.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export type PiRecord = { type: string; [key: string]: unknown };

export interface PiProcessOptions {
	node: string;
	cli: string;
	args: string[];
	cwd: string;
	env: NodeJS.ProcessEnv;
	/** Every record pi writes but command responses. */
	onRecord(record: PiRecord): void;
}

export class PiProcess {
	private readonly child: ChildProcessWithoutNullStreams;
	private readonly pending = new Map<string, (record: PiRecord) => void>();
	private nextId = 0;
	private stderr = "";
	private exited: string | undefined;
	private readonly exitWaiters = new Set<(problem: string) => void>();

	constructor(options: PiProcessOptions) {
		this.child = spawn(options.node, [options.cli, "--mode", "rpc", ...options.args], { cwd: options.cwd, env: options.env, stdio: "pipe" });
		this.child.stderr.on("data", (chunk) => {
			this.stderr = (this.stderr + String(chunk)).slice(-4_000);
		});
		createInterface({ input: this.child.stdout }).on("line", (line) => {
			let record: PiRecord;
			try {
				record = JSON.parse(line) as PiRecord;
			} catch {
				return;
			}
			if (record.type === "response" && typeof record.id === "string" && this.pending.has(record.id)) {
				const resolve = this.pending.get(record.id)!;
				this.pending.delete(record.id);
				resolve(record);
				return;
			}
			options.onRecord(record);
		});
		this.child.on("exit", (code, signal) => {
			this.exited = `pi exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.trim().split("\n").slice(-5).join("\n")}` : ""}`;
			for (const resolve of this.pending.values()) resolve({ type: "response", success: false, error: this.exited });
			this.pending.clear();
			for (const waiter of this.exitWaiters) waiter(this.exited);
		});
	}

	/** Sends a command; resolves with pi's response (a failed one when pi is gone). */
	command(command: Record<string, unknown>): Promise<PiRecord> {
		if (this.exited) return Promise.resolve({ type: "response", success: false, error: this.exited });
		const id = `playa-${++this.nextId}`;
		return new Promise((resolve) => {
			this.pending.set(id, resolve);
			this.child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
		});
	}

	/** Sends a record that has no response (a dialog's answer). */
	send(record: Record<string, unknown>): void {
		if (!this.exited) this.child.stdin.write(`${JSON.stringify(record)}\n`);
	}

	/** Resolves with a sentence when pi exits. */
	whenExited(): Promise<string> {
		if (this.exited) return Promise.resolve(this.exited);
		return new Promise((resolve) => this.exitWaiters.add(resolve));
	}

	async stop(): Promise<void> {
		if (this.exited) return;
		const gone = this.whenExited();
		this.child.stdin.end();
		const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
		this.child.kill("SIGTERM");
		await gone;
		clearTimeout(timer);
	}
}
