// The benchmarks run small here so that they cannot rot: each run must verify (the reply stored whole, every tool
// call in the session and in the mock's request log). Their times are `npm run bench`'s business, not asserted.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { APP_PORT } from "../../playwright.config.ts";

const ROOT = process.cwd();

function bench(script: string, args: string[]): Promise<{ code: number; output: string }> {
	return new Promise((resolve) => {
		execFile(process.execPath, [join(ROOT, "scripts", script), ...args], { cwd: ROOT, timeout: 170_000 }, (error, stdout, stderr) => {
			resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
		});
	});
}

test("the tool-call benchmark runs 10 calls through the page and verifies them", async () => {
	test.setTimeout(180_000);
	// The build the e2e server serves; pi's side needs Node 22 from the registry and is left to `npm run bench`.
	const { code, output } = await bench("bench-turns.mjs", ["--calls", "10", "--runs", "1", "--no-pi", "--dist", "dist", "--port", String(APP_PORT + 5)]);
	console.log(output.trim());
	expect(output).toContain("verified: yes");
	// Issue 32's targets, each beside its figure.
	expect(output).toMatch(/targets \(issue 32\), 10 calls:\n {2}flat: client time of the last 10 turns \/ the first 10: [\d.]+ .*target ≤ 1\.2/);
	expect(output).toMatch(/per turn: [\d.]+ ms, [\d.]+× Chromium's floor .*target ≤ 2×/);
	expect(output).toMatch(/memory: Playa's own .* \d+ MB .*target ≤ 1×/);
	expect(code).toBe(0);
});

test("the long-reply benchmark streams a reply through the gateway and finds it stored whole", async () => {
	test.setTimeout(180_000);
	const { code, output } = await bench("bench-stream.mjs", ["--tokens", "3000", "--no-pi", "--dist", "dist", "--port", String(APP_PORT + 6)]);
	console.log(output.trim());
	expect(output).toMatch(/long reply \(3,000 tokens, full speed\): \d+ ms send→end, whole;/);
	expect(code).toBe(0);
});

test("the authoring benchmark types, runs and times an edit in a fresh playground, and finds each step done", async () => {
	test.setTimeout(180_000);
	const { code, output } = await bench("bench-authoring.mjs", ["--runs", "1", "--dist", "dist", "--port", String(APP_PORT + 7)]);
	console.log(output.trim());
	// Each figure is printed only once its step was seen through: the edit loaded, the problem listed and cleared.
	expect(output).toMatch(/ {2}Run \(Ctrl\+S → the card lists the edit, loaded\): \d+ ms .*target 300 ms: (met|not met)/);
	expect(output).toMatch(/ {2}TypeScript's problem after the last key, warm: \d+ ms .*target 500 ms: (met|not met)\); fixed → cleared: \d+ ms/);
	expect(output).toMatch(/the first one after the editor opens \(TypeScript's worker cold\): \d+ ms after the last key/);
	expect(code).toBe(0);
});
