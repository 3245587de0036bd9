// Upstream pi's CLI for the side-by-side benchmarks: one `--print` run against the mock OpenAI-compatible server,
// timed, with its CPU and peak memory (/usr/bin/time) and the messages of the session it stored. pi needs
// Node >= 22: taken from the npm registry (`npm exec --package=node@22`) unless PLAYA_BENCH_NODE22 names a binary.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../setup.mjs";

export function node22() {
	if (process.env.PLAYA_BENCH_NODE22) return process.env.PLAYA_BENCH_NODE22;
	return execFileSync("npm", ["exec", "--yes", "--package=node@22", "--", "node", "-e", "process.stdout.write(process.execPath)"], {
		cwd: ROOT,
		encoding: "utf8",
	}).trim();
}

/**
 * Runs pi once in `work` (its agent directory and sessions go there) with the mock as its only provider. `args`:
 * pi's options before the prompt (extensions, `--no-extensions`…). The mock must be scripted already. Resolves
 * with the wall time from spawn to exit (ms), CPU (s), peak memory (bytes), `ended` (the exit, as `Date.now()`, to
 * set against the mock's request times), the session's messages, and `problem` when pi failed.
 */
export async function piRun({ node, mockUrl, work, args, prompt }) {
	const agentDir = join(work, "pi-agent");
	const sessions = join(work, `pi-sessions-${Date.now()}`);
	mkdirSync(agentDir, { recursive: true });
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({ providers: { mock: { baseUrl: `${mockUrl}/openai/v1`, api: "openai-completions", apiKey: "bench", models: [{ id: "bench-model" }] } } }),
	);
	const cli = join(ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
	const piArgs = [cli, "--print", "--offline", "--provider", "mock", "--model", "bench-model", ...args];
	piArgs.push("--session-dir", sessions, "--no-skills", "--no-context-files", prompt);
	const started = performance.now();
	const child = spawn("/usr/bin/time", ["-f", "%U %S %M", node, ...piArgs], {
		cwd: work,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk) => (stdout += chunk));
	child.stderr.on("data", (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on("close", resolve));
	const ended = Date.now();
	const wall = performance.now() - started;
	const [user, sys, maxKb] = stderr.trim().split("\n").at(-1).split(" ").map(Number);
	let messages = [];
	const file = existsSync(sessions) ? readdirSync(sessions).find((name) => name.endsWith(".jsonl")) : undefined;
	if (file)
		messages = readFileSync(join(sessions, file), "utf8")
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line))
			.filter((entry) => entry.type === "message")
			.map((entry) => entry.message);
	rmSync(sessions, { recursive: true, force: true });
	const problem = code !== 0 ? `pi exited with ${code}: ${stderr.slice(-500)}` : undefined;
	return { wall, ended, cpu: user + sys, peak: maxKb * 1024, messages, problem, stdout };
}
