// `npm run bench`: the budgets of DESIGN.md that can be measured here.
//   first-load JavaScript (gzip) of the production build, the runtime worker's size, and the editor's
//   and its TypeScript worker's chunks (loaded on first use);
//   runtime overhead per turn, under Node (Vitest bench).
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
const worker = readdirSync(join(dist, "assets")).find((file) => /^worker-.*\.js$/.test(file));
if (worker) console.log(`runtime worker entry: ${kb(gz(`assets/${worker}`))} gzip (loaded when the runtime starts)`);
// The editor and its TypeScript worker load when the editor first opens.
const assets = readdirSync(join(dist, "assets"));
for (const [label, pattern] of [["editor chunk", /^Workbench-.*\.js$/], ["TypeScript worker", /^ts-worker-.*\.js$/]]) {
	const file = assets.find((name) => pattern.test(name));
	if (file) console.log(`${label}: ${kb(gz(`assets/${file}`))} gzip (loaded when the editor first opens)`);
}

const sessionStatus = run("node", [join(ROOT, "scripts", "bench-session.mjs")]);
process.exit(run(npxBin("vitest"), ["bench", "--run", "--project", "node"]) || sessionStatus);
