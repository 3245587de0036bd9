// `npm test`: install what is missing (packages, a Chromium), then lint, typecheck, unit tests under Node,
// browser tests in Chromium, and end-to-end tests against the production build.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium, ensureDependencies, npxBin, ROOT, run } from "./setup.mjs";

ensureDependencies();
ensureChromium();

// Playwright empties test-results/ when it starts, so the counts live elsewhere.
const reports = join(ROOT, "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// TypeScript 7 by its own path: the editor's JavaScript TypeScript (typescript-js) also installs a `tsc` bin.
const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const steps = [
	["lint and format (biome)", npxBin("biome"), ["check", "."]],
	["typecheck (app)", process.execPath, [tsc, "--noEmit", "-p", "tsconfig.json"]],
	["typecheck (runtime without DOM)", process.execPath, [tsc, "--noEmit", "-p", "tsconfig.runtime.json"]],
	["unit and browser tests (vitest)", npxBin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, "vitest.json")}`]],
	[
		"end-to-end tests (playwright)",
		npxBin("playwright"),
		["test", "--reporter=list,json"],
		{ env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "playwright.json") } },
	],
];

const failedSteps = [];
for (const [name, command, args, options] of steps) {
	console.log(`\n=== ${name}`);
	if (run(command, args, options) !== 0) failedSteps.push(name);
}

function readJson(file) {
	try {
		return JSON.parse(readFileSync(join(reports, file), "utf8"));
	} catch {
		return undefined;
	}
}
const vitest = readJson("vitest.json");
const playwright = readJson("playwright.json");
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log("");
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join("; ")}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 || passed === 0 ? 1 : 0);
