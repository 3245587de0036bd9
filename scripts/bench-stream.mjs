// One long reply from a fast provider: about 50,000 tokens from the mock OpenAI-compatible server at full
// speed, through the page's gateway, and the same reply to upstream pi's CLI (Node 22), runs alternating.
// Reports Playa's time from send to the stored reply, each side's time from the mock's request to the end (the
// stored reply; pi's exit), pi's wall time, and the page's main-thread long tasks; checks each reply was stored
// whole, with no runtime restart. Medians and the Playa/pi ratios close the report.
//
//   node scripts/bench-stream.mjs [--tokens 50000] [--runs 1] [--dist dist] [--no-pi] [--profile] [--trace] [--throttle N] [--port 4183]
//
// `--profile` adds where the main thread's time went (build with `--minify false` into `--dist <dir>` for readable
// names); `--trace` its largest tasks by CPU time, each named by the work inside it. `--throttle N` slows the page's CPU N times (Chromium's emulation), which shows the tasks that a loaded
// machine would make long. Run by `npm run bench`; exits non-zero when a reply was not stored whole.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
	launch,
	longTasks,
	median,
	pageWithEndpoint,
	preview,
	profiled,
	runPrompt,
	startMockProviders,
	storedEntries,
	summarizeLongTasks,
} from "./bench/browser.mjs";
import { node22, piRun } from "./bench/pi.mjs";
import { mainThreadTasks, TRACE_CATEGORIES } from "./bench/trace.mjs";
import { args, option } from "./bench/args.mjs";

const TOKENS = Number(option("--tokens", 50_000));
const RUNS = Number(option("--runs", 1));
const PORT = Number(option("--port", 4183));
const profile = args.includes("--profile");
const THROTTLE = Number(option("--throttle", 1));
const withPi = !args.includes("--no-pi");
const trace = args.includes("--trace");

const tokens = [];
for (let i = 0; i < TOKENS; i++) tokens.push(i % 60 === 59 ? `w${i}.\n\n` : i % 60 === 0 ? `**p${i / 60}** ` : `w${i} `);
const expected = tokens.join("");
const reply = () => [{ text: tokens, usage: { input: 10, output: TOKENS } }];
const textOf = (message) => (message?.content ?? []).map((block) => (block.type === "text" ? block.text : "")).join("");
const requestTime = () => mock.requests.find((request) => request.method === "POST")?.time;

async function playaRun(browser, appUrl) {
	const { page, context } = await pageWithEndpoint(browser, appUrl, mock.url);
	mock.reset();
	mock.script("openai-completions", reply());
	if (THROTTLE > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
	const before = (await longTasks(page)).length;
	const started = performance.now();
	const asked = () => mock.requests.some((request) => request.method === "POST");
	if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
	await profiled(page, profile, () => runPrompt(page, "Write a long answer", asked));
	const ended = Date.now();
	const elapsed = performance.now() - started;
	if (trace) {
		const { tasks, count, cpu } = mainThreadTasks(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
		console.log(`main thread: ${Math.round(cpu)} ms CPU in ${count} tasks; the largest (CPU ms / wall ms: what):`);
		for (const task of tasks) console.log(`  ${task.cpu.toFixed(1).padStart(6)} / ${task.wall.toFixed(1).padStart(6)}  ${task.label}`);
	}
	const tasks = summarizeLongTasks((await longTasks(page)).slice(before));
	const entries = await storedEntries(page);
	const stored = entries.filter((entry) => entry.type === "message" && entry.message.role === "assistant").at(-1);
	const restarted = (await page.getByText(/stopped responding/).count()) > 0;
	const whole = textOf(stored?.message) === expected && !restarted;
	console.log(
		`long reply (${TOKENS.toLocaleString("en")} tokens, full speed${THROTTLE > 1 ? `, CPU ${THROTTLE}× slower` : ""}): ${Math.round(elapsed)} ms send→end, ${whole ? "whole" : restarted ? "CUT (runtime restarted)" : "NOT WHOLE"}; request→end ${ended - requestTime()} ms; main-thread long tasks ${tasks.count} (over 100 ms ${tasks.over100}), longest ${tasks.longest} ms, ${tasks.total} ms in all`,
	);
	await context.close();
	return { whole, elapsed, fromRequest: ended - requestTime(), tasks };
}

async function piSide(node) {
	mock.reset();
	mock.script("openai-completions", reply());
	const run = await piRun({ node, mockUrl: mock.url, work, args: ["--no-extensions"], prompt: "Write a long answer" });
	const whole = !run.problem && textOf(run.messages.filter((message) => message.role === "assistant").at(-1)) === expected;
	console.log(
		`pi CLI: ${Math.round(run.wall)} ms process, request→exit ${run.ended - requestTime()} ms, ${whole ? "whole" : `NOT WHOLE${run.problem ? ` (${run.problem})` : ""}`}`,
	);
	return { whole, wall: run.wall, fromRequest: run.ended - requestTime() };
}

const work = mkdtempSync(join(tmpdir(), "playa-bench-stream-"));
/** The machine's 1-minute load average: wall times and long tasks stretch with it. */
const load = () => loadavg()[0].toFixed(2);
const loadBefore = load();
const server = await preview(PORT, option("--dist", "dist"));
const mock = await startMockProviders();
const browser = await launch();
const playa = [];
const pi = [];
try {
	const node = withPi ? node22() : undefined;
	for (let run = 0; run < RUNS; run++) {
		playa.push(await playaRun(browser, server.url));
		if (node) pi.push(await piSide(node));
	}
} finally {
	await browser.close();
	await mock.close();
	server.close();
	rmSync(work, { recursive: true, force: true });
}
const failed = [...playa, ...pi].some((run) => !run.whole);
if (RUNS > 1 || pi.length > 0) {
	const ms = (values) => `${Math.round(median(values))} ms`;
	/** Playa's median, and beside it pi's with the ratio when pi ran. */
	const against = (mine, theirs, what) =>
		theirs.length ? `${ms(mine)}, ${(median(mine) / median(theirs)).toFixed(2)}× pi's ${what} (${ms(theirs)})` : ms(mine);
	const longest = Math.max(...playa.map((run) => run.tasks.longest));
	const clean = playa.filter((run) => run.tasks.count === 0).length;
	console.log(
		`\nlong reply, ${RUNS} run(s)${pi.length ? " each, interleaved" : ""} (medians); whole: ${failed ? "NO" : "yes"}; load average ${loadBefore} → ${load()}`,
	);
	console.log(
		`Playa send→end ${against(
			playa.map((run) => run.elapsed),
			pi.map((run) => run.wall),
			"process wall",
		)}`,
	);
	console.log(
		`Playa request→end ${against(
			playa.map((run) => run.fromRequest),
			pi.map((run) => run.fromRequest),
			"request→exit",
		)}`,
	);
	console.log(`main-thread long tasks: ${median(playa.map((run) => run.tasks.count))} a run, longest ${longest} ms; runs with none ${clean}/${playa.length}`);
}
process.exit(failed ? 1 : 0);
