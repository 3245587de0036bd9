// The same agent workload in Playa (Chromium) and in upstream pi's CLI (Node 22), side by side: a local
// OpenAI-compatible mock server answers N replies that each call the extension tool `tick`, then a last reply
// of text; three more extensions hook before_agent_start, context, tool_call and tool_result. Runs alternate
// between the two. Each run is verified from its session (Playa: the page's IndexedDB; pi: its session file)
// and from the mock's request log (N + 1 requests, each carrying the previous tick's result). A third column is
// Chromium's floor: the same replies fetched by a bare loop in a worker, with no agent (bench/floor.mjs).
//
//   node scripts/bench-turns.mjs [--calls 100] [--runs 5] [--dist dist] [--no-pi] [--profile | --alloc] [--trace] [--summary file] [--port 4184]
//
// It ends with issue 32's targets beside their figures: the last 10 turns against the first 10 (client time and
// CPU), the time per turn against Chromium's floor, and Playa's own memory against pi's. `--profile` profiles every
// thread over the first 10 turns and over the last 10 apart (`--alloc`: what each allocates, garbage included, instead);
// `--trace` names the main thread's work in the last 10.
//
// pi needs Node >= 22: the bench takes it from the npm registry (`npm exec --package=node@22`) unless
// PLAYA_BENCH_NODE22 names a binary. Exits non-zero when a run did not verify.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import {
	cpuByKind,
	descendants,
	launch,
	median,
	pageWithEndpoint,
	preview,
	profiled,
	runPrompt,
	startMockProviders,
	staticFiles,
	storedEntries,
	usage,
} from "./bench/browser.mjs";
import { floorRun, floorServer } from "./bench/floor.mjs";
import { heapsByContext, MB, processMemory } from "./bench/memory.mjs";
import { mainThreadSelfTimes, TRACE_CATEGORIES } from "./bench/trace.mjs";
import { node22, piRun } from "./bench/pi.mjs";
import { args, option } from "./bench/args.mjs";

const CALLS = Number(option("--calls", 100));
const RUNS = Number(option("--runs", 5));
const PORT = Number(option("--port", 4184));
const withPi = !args.includes("--no-pi");
/** Where the page's main thread spends its time during each Playa run (see bench/browser.mjs `profiled`). */
const profile = args.includes("--profile") || (args.includes("--alloc") && "alloc");
/** `--trace`: the page's main thread during the last 10 turns, by kind of work (layout, style, script…). */
const trace = args.includes("--trace");

const TICK = `import { Type } from "@earendil-works/pi-ai";
export default function (pi) {
	pi.registerTool({
		name: "tick",
		label: "Tick",
		description: "Counts one tick",
		parameters: Type.Object({ n: Type.Number() }),
		async execute(_id, params) {
			return { content: [{ type: "text", text: \`tick \${params.n}\` }], details: { n: params.n } };
		},
	});
}
`;
const hooks = (name) => `export default function (pi) {
	let seen = 0;
	pi.on("before_agent_start", () => undefined);
	pi.on("context", (event) => {
		seen = event.messages.length;
		return undefined;
	});
	pi.on("tool_call", (event) => (event.toolName === "${name}-never" ? { block: true, reason: "never" } : undefined));
	pi.on("tool_result", () => undefined);
}
`;

const work = mkdtempSync(join(tmpdir(), "playa-bench-turns-"));
const extDir = join(work, "extensions");
mkdirSync(extDir);
const files = { "tick.ts": TICK, "hook-a.ts": hooks("a"), "hook-b.ts": hooks("b"), "hook-c.ts": hooks("c") };
for (const [name, text] of Object.entries(files)) writeFileSync(join(extDir, name), text);

const replies = () => [...Array.from({ length: CALLS }, (_, i) => ({ toolCalls: [{ name: "tick", arguments: { n: i } }] })), { text: `done ${CALLS}` }];

/** The mock's log checked: N + 1 requests, request k carrying tick k - 1's result. Returns the requests' times. */
function verifyRequests(mock) {
	const posts = mock.requests.filter((request) => request.method === "POST");
	if (posts.length !== CALLS + 1) return { problem: `${posts.length} requests, expected ${CALLS + 1}` };
	for (let k = 1; k < posts.length; k++) {
		const last = posts[k].body?.messages?.at(-1);
		const text = typeof last?.content === "string" ? last.content : JSON.stringify(last?.content);
		if (last?.role !== "tool" || !text.includes(`tick ${k - 1}`)) return { problem: `request ${k} does not carry tick ${k - 1}'s result` };
	}
	return { times: posts.map((post) => post.time) };
}

/** Tool results `tick 0` … `tick N-1` in order, then the last reply: the session as stored. */
function verifyMessages(messages) {
	const ticks = messages.filter((m) => m.role === "toolResult" && m.toolName === "tick").map((m) => m.content.map((c) => c.text).join(""));
	if (ticks.length !== CALLS || ticks.some((text, i) => text !== `tick ${i}`)) return `${ticks.length} tick results stored, expected ${CALLS} in order`;
	const last = messages.filter((m) => m.role === "assistant").at(-1);
	if (!JSON.stringify(last?.content ?? "").includes(`done ${CALLS}`)) return "the last reply is not stored";
	return undefined;
}

/** How many model requests the mock has answered so far. */
const asked = (mock) => mock.requests.filter((request) => request.method === "POST").length;

/**
 * CPU time of all Chromium's processes, by kind of process, taken as the mock's request count reaches each of
 * `marks` (sampled every 2 ms): `cpuAt.get(mark)`. `perTurn(from, to)`: all of it per turn between two marks (ms).
 */
function cpuAtRequests(mock, marks) {
	const cpuAt = new Map();
	const timer = setInterval(() => {
		const count = asked(mock);
		for (const mark of marks) if (count >= mark && !cpuAt.has(mark)) cpuAt.set(mark, cpuByKind(descendants(process.pid)));
	}, 2);
	const sum = (byKind) => Object.values(byKind ?? {}).reduce((a, b) => a + b, 0);
	const perTurn = (from, to) => (cpuAt.has(from) && cpuAt.has(to) ? ((sum(cpuAt.get(to)) - sum(cpuAt.get(from))) * 1000) / (to - from) : Number.NaN);
	return { cpuAt, perTurn, stop: () => clearInterval(timer) };
}

/** Time between requests: the median per turn, and that of the first 10 turns and of the last 10 (flat: equal). */
function turnFigures(times) {
	const gaps = times.slice(1).map((t, i) => t - times[i]);
	const first10 = median(gaps.slice(0, 10));
	const last10 = median(gaps.slice(-10));
	return { turns: times.at(-1) - times[0], perTurn: median(gaps), first10, last10, lateRatio: last10 / first10 };
}

async function playaRun(browser, appUrl, mock, extUrl, name) {
	const query = `?${Object.keys(files)
		.map((name) => `ext=${encodeURIComponent(`${extUrl}/${name}`)}`)
		.join("&")}`;
	const { page, context } = await pageWithEndpoint(browser, appUrl, mock.url, query);
	await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Extensions", exact: true }).click();
	await page
		.getByRole("listitem", { name: "Extension tick" })
		.filter({ hasText: "loaded" })
		.waitFor({ timeout: 60_000 })
		.catch(async (error) => {
			console.log((await page.locator("body").innerText()).slice(0, 2000));
			throw error;
		});
	// Memory at ready, extensions loaded, before any turn: what Playa holds whatever the session's length.
	const ready = await memoryNow(page);
	mock.reset();
	mock.script("openai-completions", replies());
	const chromium = () => usage(descendants(process.pid), /chrom/i);
	// Memory of the renderers (the page and its frame, the tab's share), CPU of every Chromium process.
	const renderers = () => usage(descendants(process.pid), /--type=renderer/).rss;
	const before = chromium();
	let peak = renderers();
	const sampler = setInterval(() => (peak = Math.max(peak, renderers())), 100);
	const started = performance.now();
	const allAsked = () => asked(mock) >= CALLS + 1;
	// CPU time of all Chromium's processes over the first 10 turns and over the last 10 (requests 1 → 11 and
	// N - 9 → N + 1): a measure of growth that a loaded machine does not stretch as it does wall time.
	const marks = [1, 11, Math.max(11, CALLS - 9), CALLS + 1];
	const { cpuAt, perTurn: cpuTurns, stop: stopCpu } = cpuAtRequests(mock, marks);
	// `--profile`: the first 10 turns, then the last ones (from request N - 10 on), where a cost that grows with the history shows.
	const late = Math.max(0, CALLS - 10);
	const from = () => asked(mock) >= late;
	const windows = [
		{ from: () => asked(mock) >= 1, until: () => asked(mock) >= 11, label: " (turns 1–10)", turns: 10 },
		{ from, label: ` (turns ${late + 1}–${CALLS + 1})`, turns: CALLS + 1 - late },
	];
	const running = profiled(page, profile, () => runPrompt(page, `run ${CALLS} tool calls`, allAsked), windows);
	if (trace) {
		while (!from()) await new Promise((resolve) => setTimeout(resolve, 10));
		await browser.startTracing(page, { categories: TRACE_CATEGORIES });
	}
	await running;
	if (trace) {
		const times = mainThreadSelfTimes(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
		console.log(`main thread, turns ${late + 1}–${CALLS + 1}, self time by work (trace):`);
		for (const [name, ms] of times.slice(0, 20)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
	}
	const wall = performance.now() - started;
	clearInterval(sampler);
	stopCpu();
	const cpu = chromium().cpu - before.cpu;
	const cpuFirst10 = cpuTurns(marks[0], marks[1]);
	const cpuLast10 = cpuTurns(marks[2], marks[3]);
	// By kind of process: which one's share grows (the page's renderer, the browser's IPC and storage, the GPU).
	const kinds = Object.keys(cpuAt.get(marks[3]) ?? {});
	const perTurn = (kind, from, to) => (((cpuAt.get(to)[kind] ?? 0) - (cpuAt.get(from)[kind] ?? 0)) * 1000) / (to - from);
	console.log(
		`${name}: CPU per turn by process, first 10 → last 10: ${kinds.map((kind) => `${kind} ${perTurn(kind, marks[0], marks[1]).toFixed(1)} → ${perTurn(kind, marks[2], marks[3]).toFixed(1)} ms`).join(", ")}`,
	);
	const requests = verifyRequests(mock);
	const memory = await memoryNow(page);
	const stored = (await storedEntries(page)).filter((entry) => entry.type === "message").map((entry) => entry.message);
	const problem = requests.problem ?? verifyMessages(stored);
	await context.close();
	return {
		wall,
		cpu,
		cpuFirst10,
		cpuLast10,
		cpuRatio: cpuLast10 / cpuFirst10,
		cpuPerTurn: cpuTurns(marks[0], marks[3]),
		peak,
		problem,
		...memory,
		ready,
		...(requests.times ? turnFigures(requests.times) : {}),
	};
}

/** Context names as the rows print them: the page, its sandbox frame, and the workers by name. */
const CONTEXTS = {
	page: "page",
	iframe: "sandbox frame",
	"playa-runtime": "runtime worker",
	"playa-workspace": "workspace worker",
	"playa-gateway": "gateway worker",
	"playa-writer": "session writer worker",
	service_worker: "service worker",
};

/** A context's row name in the table (see CONTEXTS). */
const contextLabel = (context) => CONTEXTS[context.name] ?? CONTEXTS[context.type] ?? "other";

/**
 * Each context's JS heap (allocated; used), and Chromium's processes' proportional memory (PSS: shared pages
 * counted once), the renderers apart from the browser, GPU and utility processes.
 */
async function memoryNow(page) {
	const heaps = {};
	for (const context of await heapsByContext(page)) {
		const name = contextLabel(context);
		heaps[name] ??= { used: 0, total: 0 };
		heaps[name].used += context.usedSize;
		heaps[name].total += context.totalSize;
	}
	const { total, byKind } = processMemory(descendants(process.pid));
	// What each context holds live: its heap used after its garbage is collected (read after PSS, which a GC changes).
	const live = {};
	for (const context of await heapsByContext(page, { collect: true })) live[contextLabel(context)] = (live[contextLabel(context)] ?? 0) + context.usedSize;
	return { heaps, live, pss: total.pss, rendererPss: byKind.renderer?.pss ?? 0, byKind: pssByKind(byKind) };
}

/** PSS by kind of process, the utility processes (network, storage…) apart. */
const pssByKind = (byKind) => Object.fromEntries(Object.entries(byKind).map(([kind, { pss, count }]) => [kind, { pss, count }]));

/** Chromium's own cost: all its processes' PSS with one blank page open (as many renderers as it keeps). */
async function blankPagePss(browser) {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto("about:blank");
	const { total, byKind } = processMemory(descendants(process.pid));
	await context.close();
	return { pss: total.pss, rendererPss: byKind.renderer?.pss ?? 0, byKind: pssByKind(byKind) };
}

/** Chromium's floor: the same replies through a bare fetch loop in a worker (no agent), verified from the mock's log. */
async function floorSide(browser, server, mock) {
	mock.reset();
	mock.script("openai-completions", replies());
	const { perTurn: cpuTurns, stop } = cpuAtRequests(mock, [1, CALLS + 1]);
	const wall = await floorRun(browser, server, mock, `run ${CALLS} tool calls`).finally(stop);
	const requests = verifyRequests(mock);
	return { wall, cpuPerTurn: cpuTurns(1, CALLS + 1), problem: requests.problem, ...(requests.times ? turnFigures(requests.times) : {}) };
}

async function piSide(node, mock) {
	mock.reset();
	mock.script("openai-completions", replies());
	const extensions = Object.keys(files).flatMap((name) => ["-e", join(extDir, name)]);
	const run = await piRun({ node, mockUrl: mock.url, work, args: extensions, prompt: `run ${CALLS} tool calls` });
	const requests = verifyRequests(mock);
	const problem = run.problem ?? requests.problem ?? verifyMessages(run.messages);
	return { wall: run.wall, cpu: run.cpu, peak: run.peak, problem, stdout: run.stdout, ...(requests.times ? turnFigures(requests.times) : {}) };
}

// `--dist a,b` compares builds (say, before and after a change): their runs alternate too.
const dists = option("--dist", "dist").split(",");
const servers = [];
for (const [i, dist] of dists.entries()) servers.push(await preview(PORT + i, dist));
const mock = await startMockProviders();
const ext = await staticFiles(extDir);
const floor = await floorServer();
const browser = await launch();
const label = (i) => (dists.length === 1 ? "Playa" : `Playa ${dists[i]}`);
const FLOOR = "Chromium floor";
const results = { pi: [], [FLOOR]: [] };
for (const i of dists.keys()) results[label(i)] = [];
let failed = false;
let blank;
try {
	blank = await blankPagePss(browser);
	const node = withPi ? node22() : undefined;
	for (let run = 0; run < RUNS; run++) {
		for (const [i, server] of servers.entries()) results[label(i)].push(await playaRun(browser, server.url, mock, ext.url, label(i)));
		results[FLOOR].push(await floorSide(browser, floor, mock));
		if (node) results.pi.push(await piSide(node, mock));
	}
} finally {
	await browser.close();
	await mock.close();
	ext.close();
	floor.close();
	for (const server of servers) server.close();
	rmSync(work, { recursive: true, force: true });
}

const playaLabels = dists.map((_, i) => label(i));
const columns = [FLOOR, ...playaLabels];
const row = (name, pick, unit, digits = 0) => {
	// The floor has no figure for what it does not do (CPU, memory): those cells stay empty.
	const med = (list) => {
		const values = list.map(pick).filter(Number.isFinite);
		return values.length ? median(values) : Number.NaN;
	};
	const pi = med(results.pi);
	const show = (v) => (Number.isFinite(v) ? `${v.toFixed(digits)} ${unit}` : "—");
	const cells = columns.flatMap((key) => {
		const playa = med(results[key]);
		return [show(playa), Number.isFinite(playa) && Number.isFinite(pi) && pi > 0 ? `${(playa / pi).toFixed(2)}×` : "—"];
	});
	return `| ${name} | ${show(pi)} | ${cells.join(" | ")} |`;
};
for (const [who, list] of Object.entries(results)) {
	for (const [i, result] of list.entries()) {
		if (result.problem) {
			failed = true;
			console.log(`${who} run ${i + 1} did not verify: ${result.problem}`);
		}
	}
}
console.log(`\n${CALLS} tool calls, ${RUNS} runs each, interleaved (medians); verified: ${failed ? "NO" : "yes"}`);
console.log(`| | pi CLI | ${columns.map((key) => `${key} | ${key} / pi`).join(" | ")} |\n|---|---|${columns.map(() => "---|---|").join("")}`);
console.log(row("wall (pi: process; floor: first fetch → last reply; Playa: send → end)", (r) => r.wall / 1000, "s", 2));
console.log(row("first request → last request", (r) => r.turns / 1000, "s", 2));
console.log(row("client time per turn (request → next request)", (r) => r.perTurn, "ms", 1));
console.log(row("… first 10 turns", (r) => r.first10, "ms", 1));
console.log(row("… last 10 turns", (r) => r.last10, "ms", 1));
console.log(row("… last 10 / first 10 (flat: 1)", (r) => r.lateRatio, "", 2));
console.log(row("CPU (pi: process; Playa: all Chromium processes)", (r) => r.cpu, "s", 2));
console.log(row("… CPU per turn, first request → last (floor too)", (r) => r.cpuPerTurn, "ms", 1));
console.log(row("… CPU per turn, first 10 turns", (r) => r.cpuFirst10, "ms", 1));
console.log(row("… CPU per turn, last 10 turns", (r) => r.cpuLast10, "ms", 1));
console.log(row("… CPU last 10 / first 10 (flat: 1)", (r) => r.cpuRatio, "", 2));
console.log(row("peak memory (pi: process RSS; Playa: Chromium's renderers' RSS)", (r) => r.peak / 2 ** 20, "MB"));
console.log(row("Playa at ready, before the run: all Chromium processes' PSS", (r) => r.ready?.pss / 2 ** 20, "MB"));
for (const name of Object.values(CONTEXTS))
	console.log(row(`… JS heap of the ${name} at ready, allocated`, (r) => (r.ready ? (r.ready.heaps[name]?.total ?? 0) / 2 ** 20 : Number.NaN), "MB"));
console.log(row("Playa after the run: all Chromium processes' PSS", (r) => r.pss / 2 ** 20, "MB"));
console.log(row("… of which the renderers' PSS", (r) => r.rendererPss / 2 ** 20, "MB"));
for (const name of Object.values(CONTEXTS))
	console.log(
		row(`… JS heap of the ${name}, allocated (used)`, (r) => (r.heaps ? (r.heaps[name]?.total ?? 0) / 2 ** 20 : Number.NaN), "MB"),
		`(${playaLabels.map((key) => median(results[key].map((r) => (r.heaps[name]?.used ?? 0) / 2 ** 20)).toFixed(0)).join(", ")} MB used)`,
	);
for (const name of Object.values(CONTEXTS))
	console.log(
		row(`… live JS heap of the ${name} after a GC: after the run`, (r) => (r.live?.[name] ?? Number.NaN) / 2 ** 20, "MB", 1),
		`(at ready: ${playaLabels.map((key) => median(results[key].map((r) => (r.ready?.live[name] ?? 0) / 2 ** 20)).toFixed(1)).join(", ")} MB)`,
	);
// Where Playa's own memory at ready is, by kind of process, beside a blank page's (the first build's first run).
const first = results[playaLabels[0]]?.[0]?.ready.byKind;
if (first)
	console.log(
		`at ready, PSS by kind of process (count), Playa beside a blank page: ${Object.entries(first)
			.map(([kind, { pss, count }]) => `${kind} ${MB(pss)} (${count}) / ${MB(blank.byKind[kind]?.pss ?? 0)} (${blank.byKind[kind]?.count ?? 0})`)
			.join(", ")}`,
	);
console.log(
	`Chromium with one blank page (its fixed cost): ${(blank.pss / 2 ** 20).toFixed(0)} MB PSS, ${(blank.rendererPss / 2 ** 20).toFixed(0)} MB of it renderers. Summed RSS counts the Chromium binary's shared pages once per process; PSS shares them out.`,
);

// Issue 32's targets beside their figures: medians of this run, for each build compared.
const med = (list, pick) => {
	const values = list.map(pick).filter(Number.isFinite);
	return values.length ? median(values) : Number.NaN;
};
const verdict = (value, limit) => (Number.isFinite(value) ? (value <= limit ? "met" : "not met") : "not measured");
const MiB = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const piPeak = med(results.pi, (r) => r.peak);
const floorPerTurn = med(results[FLOOR], (r) => r.perTurn);
const figures = playaLabels.map((key) => {
	const playa = results[key];
	return {
		key,
		own: med(playa, (r) => r.pss - blank.pss),
		ownAtReady: med(playa, (r) => r.ready.pss - blank.pss),
		perTurn: med(playa, (r) => r.perTurn),
		flat: med(playa, (r) => r.lateRatio),
		flatCpu: med(playa, (r) => r.cpuRatio),
		cpuPerTurn: med(playa, (r) => r.cpuPerTurn),
		wall: med(playa, (r) => r.wall),
	};
});
const floorCpu = med(results[FLOOR], (r) => r.cpuPerTurn);
const cores = availableParallelism();
for (const { key, own, ownAtReady, perTurn, flat, flatCpu, cpuPerTurn } of figures) {
	console.log(`\ntargets (issue 32), ${CALLS} calls${playaLabels.length > 1 ? `, ${key}` : ""}:`);
	console.log(
		`  flat: client time of the last 10 turns / the first 10: ${flat.toFixed(2)} (CPU: ${Number.isFinite(flatCpu) ? flatCpu.toFixed(2) : "—"})${CALLS < 20 ? " (under 20 calls the two overlap)" : ""}; target ≤ 1.2: ${verdict(flat, 1.2)}`,
	);
	console.log(
		`  per turn: ${perTurn.toFixed(1)} ms, ${(perTurn / floorPerTurn).toFixed(1)}× Chromium's floor (${floorPerTurn.toFixed(1)} ms); target ≤ 2×: ${verdict(perTurn / floorPerTurn, 2)}`,
	);
	// A turn's work spread over every core at best: the least time a turn can take here, whatever its threads overlap.
	console.log(
		`  CPU per turn, all Chromium's processes: ${cpuPerTurn.toFixed(1)} ms, ${(cpuPerTurn / floorCpu).toFixed(1)}× the floor's (${floorCpu.toFixed(1)} ms); on ${cores} cores a turn takes at least ${(cpuPerTurn / cores).toFixed(1)} ms, ${(cpuPerTurn / cores / floorPerTurn).toFixed(1)}× the floor's time`,
	);
	console.log(
		`  memory: Playa's own (all Chromium's PSS less a blank page's) ${MiB(own)}${Number.isFinite(piPeak) ? `, ${(own / piPeak).toFixed(2)}× pi's process (${MiB(piPeak)} RSS)` : " (pi not run)"}; target ≤ 1×: ${verdict(own / piPeak, 1)}`,
	);
	// What no shorter session changes: the page, its sandbox frame's process and the workers, before any turn.
	console.log(
		`  … of it at ready, before any turn: ${MiB(ownAtReady)}${Number.isFinite(piPeak) ? `, ${(ownAtReady / piPeak).toFixed(2)}× pi's whole run` : ""}; grown by the run: ${MiB(own - ownAtReady)}, ${((own - ownAtReady) / 2 ** 20 / CALLS).toFixed(2)} MB a turn`,
	);
}
// `--summary file`: the first build's medians as JSON, for bench.mjs to set the 100- and 300-call runs side by side.
const summaryFile = option("--summary", undefined);
if (summaryFile) {
	const { own, perTurn, flat, flatCpu, wall } = figures[0];
	writeFileSync(summaryFile, JSON.stringify({ calls: CALLS, own, piPeak, perTurn, floorPerTurn, flat, flatCpu, wall, piWall: med(results.pi, (r) => r.wall) }));
}
process.exit(failed ? 1 : 0);
