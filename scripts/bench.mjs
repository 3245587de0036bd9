// `npm run bench`: the budgets of docs/contributing.md ("The bench") that can be measured here.
//   first-load JavaScript (gzip) of the production build, the runtime worker's size, and the editor's
//   and its TypeScript worker's chunks (loaded on first use);
//   runtime overhead per turn, under Node (Vitest bench);
//   in Chromium against the build: start → ready and 20 extensions (bench-start.mjs), a 10,000-entry session
//   (bench-session.mjs), a 50,000-token reply's time and long tasks (bench-stream.mjs), and the tool-call workload,
//   the last two side by side with upstream pi's CLI (bench-turns.mjs; pi runs on Node 22 from the npm registry).
import { readFileSync, readdirSync } from "node:fs";
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

const browserStatuses = ["bench-start.mjs", "bench-session.mjs", "bench-stream.mjs", "bench-turns.mjs"].map((script) => {
	const args = script === "bench-turns.mjs" ? ["--calls", "100", "--runs", "5"] : script === "bench-stream.mjs" ? ["--runs", "5"] : [];
	return run("node", [join(ROOT, "scripts", script), ...args]);
});
const turns300 = run("node", [join(ROOT, "scripts", "bench-turns.mjs"), "--calls", "300", "--runs", "3"]);
const vitestStatus = run(npxBin("vitest"), ["bench", "--run", "--project", "node"]);
process.exit(vitestStatus || turns300 || browserStatuses.find((status) => status !== 0) || 0);
