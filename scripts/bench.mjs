// `npm run bench`: the budgets of DESIGN.md that can be measured here.
//   first-load JavaScript (gzip) of the production build, and the runtime worker's size;
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

const sessionStatus = run("node", [join(ROOT, "scripts", "bench-session.mjs")]);
process.exit(run(npxBin("vitest"), ["bench", "--run", "--project", "node"]) || sessionStatus);
