// `npm run bench`: the budgets of docs/contributing.md ("The bench") that can be measured here.
//   first-load JavaScript (gzip) of the production build, the runtime worker's size, and the editor's
//   and its TypeScript worker's chunks (loaded on first use);
//   runtime overhead per turn, under Node (Vitest bench);
//   in Chromium against the build: start → ready and 20 extensions (bench-start.mjs), a 10,000-entry session
//   (bench-session.mjs), a 20,000-entry session file imported (bench-import.mjs), the authoring loop: Run and TypeScript's
//   problems after a keystroke pause (bench-authoring.mjs), a 50,000-token reply's time and long tasks (bench-stream.mjs), and the tool-call workload,
//   the last two side by side with upstream pi's CLI (bench-turns.mjs; pi runs on Node 22 from the npm registry);
//   then issue 32's targets beside their figures (each bench-turns run prints its own; growth from 100 to 300 here).
//   `npm run bench -- --profile` profiles the threads too.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureDependencies, mustRunOrExit, npxBin, ROOT, run } from "./setup.mjs";

ensureDependencies();
mustRunOrExit(npxBin("vite"), ["build", "--logLevel", "warn"]);

const dist = join(ROOT, "dist");
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="\.?\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);
console.log(`first-load JavaScript: ${kb(initialBytes)} gzip in ${initial.length} file(s) (budget 200 KB)`);
const worker = readdirSync(join(dist, "assets")).find((file) => /^runtime\.worker-.*\.js$/.test(file));
if (worker) console.log(`runtime worker entry: ${kb(gz(`assets/${worker}`))} gzip (loaded when the runtime starts)`);
// The editor and its TypeScript worker load when the editor first opens.
const assets = readdirSync(join(dist, "assets"));
for (const [label, pattern] of [
	["editor chunk", /^Workbench-.*\.js$/],
	["TypeScript worker", /^typescript\.worker-.*\.js$/],
]) {
	const file = assets.find((name) => pattern.test(name));
	if (file) console.log(`${label}: ${kb(gz(`assets/${file}`))} gzip (loaded when the editor first opens)`);
}

// `--profile`: where each thread's time goes (bench-start: the 20 extensions' load; bench-stream: the long reply;
// bench-turns: the first 10 and the last 10 turns of the 300-call run). Readable with `vite build --minify false`.
const profile = process.argv.includes("--profile") ? ["--profile"] : [];
const summaries = mkdtempSync(join(tmpdir(), "playa-bench-"));
const summary = (calls) => join(summaries, `turns-${calls}.json`);
const authoringSummary = join(summaries, "authoring.json");
/** Each browser bench and its arguments; `PROFILED` take `--profile`. */
const BROWSER_BENCHES = {
	"bench-start.mjs": [],
	"bench-session.mjs": [],
	"bench-import.mjs": [],
	"bench-authoring.mjs": ["--summary", authoringSummary],
	"bench-stream.mjs": ["--runs", "5"],
	"bench-turns.mjs": ["--calls", "100", "--runs", "5", "--summary", summary(100)],
};
const PROFILED = ["bench-start.mjs", "bench-authoring.mjs", "bench-stream.mjs"];
const browserStatuses = Object.entries(BROWSER_BENCHES).map(([script, args]) =>
	run("node", [join(ROOT, "scripts", script), ...args, ...(PROFILED.includes(script) ? profile : [])]),
);
const turns300 = run("node", [join(ROOT, "scripts", "bench-turns.mjs"), "--calls", "300", "--runs", "3", "--summary", summary(300), ...profile]);

// What grows from 100 calls to 300, per turn: Playa's own memory (PSS less a blank page's) and wall time, beside pi's.
const readJson = (file) => {
	try {
		return JSON.parse(readFileSync(file, "utf8"));
	} catch {
		return undefined;
	}
};
const read = (calls) => readJson(summary(calls));
const [at100, at300] = [read(100), read(300)];
if (at100 && at300) {
	const perTurn = (key, scale) => (at300[key] - at100[key]) / 200 / scale;
	const memory = perTurn("own", 2 ** 20);
	const piMemory = perTurn("piPeak", 2 ** 20);
	const show = (value, unit, digits) => (Number.isFinite(value) ? `${value.toFixed(digits)} ${unit}` : "not measured");
	console.log("\ntargets (issue 32), 100 → 300 calls:");
	console.log(
		`  memory growth per turn: Playa's own ${show(memory, "MB", 2)}, pi's ${show(piMemory, "MB", 2)}; target ≤ pi's: ${
			Number.isFinite(memory) && Number.isFinite(piMemory) ? (memory <= piMemory ? "met" : "not met") : "not measured"
		}`,
	);
	console.log(`  wall growth per turn: Playa ${show(perTurn("wall", 1), "ms", 1)}, pi ${show(perTurn("piWall", 1), "ms", 1)}`);
	console.log(
		`  per turn ≤ 2× Chromium's floor: ${(at100.perTurn / at100.floorPerTurn).toFixed(1)}× at 100 calls, ${(at300.perTurn / at300.floorPerTurn).toFixed(1)}× at 300`,
	);
}
// The authoring loop (bench-authoring.mjs): Run and TypeScript's problems, medians of its runs.
const authoring = readJson(authoringSummary);
if (authoring) {
	const against = (value, target) => `${Math.round(value)} ms; target ≤ ${target} ms: ${value <= target ? "met" : "not met"}`;
	console.log("\ntargets (issue 32), the authoring loop:");
	console.log(`  Run (Ctrl+S → the card lists the edit, loaded): ${against(authoring.run, 300)}`);
	console.log(
		`  TypeScript's problem after a keystroke pause: ${against(authoring.problem, 500)} (the first, TypeScript's worker cold: ${Math.round(authoring.problemCold)} ms)`,
	);
} else console.log("\nthe authoring loop was not measured (bench-authoring.mjs failed)");
rmSync(summaries, { recursive: true, force: true });
const vitestStatus = run(npxBin("vitest"), ["bench", "--run", "--project", "node"]);
process.exit(vitestStatus || turns300 || browserStatuses.find((status) => status !== 0) || 0);
