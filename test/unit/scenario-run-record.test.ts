import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { startSession } from "../../src/headless/headless-session.ts";
import { parseScenario, runHeadless, type Scenario } from "../../src/headless/index.ts";
import type { ObservedEvent } from "../../src/scenario/observe.ts";
import { answerFor, answerOf, replyOf, scenarioFromRun, type WatchedRun } from "../../src/scenario/run-record.ts";
import { testFileName, vitestFileText } from "../../src/scenario/vitest-file.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function shipped(name: string): Scenario {
	return parseScenario(readFileSync(join(ROOT, "scenarios", name), "utf8"), name);
}

/**
 * Plays a scenario's inputs as the page does (one script, answers in order, a part per prompt submitted) and keeps
 * every event the page's run log keeps: what "Save as scenario" records from.
 */
async function watch(scenario: Scenario): Promise<WatchedRun> {
	const run: WatchedRun = { start: [], steps: [] };
	const push = (event: ObservedEvent) => (run.steps.at(-1)?.events ?? run.start).push(event);
	const answers = [...(scenario.start?.answers ?? []), ...scenario.steps.flatMap((step) => step.answers ?? [])];
	const session = await startSession({
		extensions: scenario.extensions.map((spec) => pathToFileURL(join(ROOT, "scenarios", spec)).href),
		script: scenario.steps.flatMap((step) => step.replies ?? []),
		inspect: true,
		emit: (event) => push(event as ObservedEvent),
		answer(id, request) {
			const response = answerFor(request, answers.shift());
			push({ type: "ui_request", id, request, response });
			return response;
		},
	});
	const flush = () => session.runtime.parts.inspector?.flush();
	flush();
	for (const step of scenario.steps) {
		if (!("prompt" in step)) throw new Error("a prompt step");
		run.steps.push({ prompt: step.prompt, events: [] });
		await session.runtime.submit(step.prompt);
		flush();
	}
	await session.runtime.shutdown();
	return run;
}

describe("a watched run saved as a scenario (the page's Save as scenario)", () => {
	for (const name of ["tool-guard.json", "dialog-deploy.json", "tool-results.json"]) {
		it(`${name}: the same prompts, replies, answers and expectations the headless recorder wrote`, async () => {
			const original = shipped(name);
			const saved = scenarioFromRun(await watch(original), { extensions: original.extensions, name: original.name, match: original.match });
			expect(saved.start).toEqual(original.start ?? {});
			expect(saved.steps).toEqual(original.steps);
			// And it replays green through the headless runner.
			const replay = await runHeadless({ scenario: saved, cwd: join(ROOT, "scenarios") });
			expect(replay.report).toMatch(/matches/);
		});
	}

	it("reads a reply back from any model's message: text, thinking, tool calls, an error", () => {
		const message = {
			content: [
				{ type: "thinking", thinking: "hm" },
				{ type: "text", text: "Calling." },
				{ type: "toolCall", id: "c1", name: "greet", arguments: { name: "Ada" } },
			],
			errorMessage: "overloaded",
		};
		expect(replyOf(message)).toEqual({ thinking: "hm", text: "Calling.", toolCalls: [{ name: "greet", arguments: { name: "Ada" } }], error: "overloaded" });
		expect(replyOf({ content: "plain" })).toEqual({ text: "plain" });
	});

	it("writes answers as the scenario reads them", () => {
		expect([answerOf({ confirmed: true }), answerOf({ confirmed: false }), answerOf({ value: "production" }), answerOf({ cancelled: true })]).toEqual([
			"yes",
			"no",
			"production",
			null,
		]);
	});
});

describe("Export as test", () => {
	it("names the test after the scenario", () => {
		expect(testFileName("a-run.scenario.json")).toBe("a-run.test.ts");
		expect(testFileName("guard.json")).toBe("guard.test.ts");
	});

	it("writes a Vitest file that runs green against its scenario, and fails with the diff once the extension changed", async () => {
		const original = shipped("tool-guard.json");
		const saved = scenarioFromRun(await watch(original), { extensions: ["./tool-guard.ts"], name: "the guard" });
		// Inside the repository, so the test imports the headless entry from source with the repository's Vitest config.
		const dir = mkdtempSync(join(ROOT, "test", "unit", ".export-"));
		onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
		// As exported, in a folder each: the scenario, its test and the extension; the second with the guard's pattern gone.
		for (const [folder, change] of [
			["same", (text: string) => text],
			["changed", (text: string) => text.replace("/\\brm\\s+-rf\\b/, ", "")],
		] as const) {
			const at = join(dir, folder);
			mkdirSync(at);
			const entry = relative(at, join(ROOT, "src", "headless", "index.ts"))
				.split("\\")
				.join("/");
			writeFileSync(join(at, "tool-guard.ts"), change(readFileSync(join(ROOT, "extensions", "tool-guard.ts"), "utf8")));
			writeFileSync(join(at, "guard.scenario.json"), JSON.stringify(saved, null, "\t"));
			writeFileSync(join(at, testFileName("guard.scenario.json")), vitestFileText("guard.scenario.json", folder, entry));
		}
		expect(readFileSync(join(dir, "changed", "tool-guard.ts"), "utf8")).not.toContain("rm\\s+-rf");
		const vitest = join(ROOT, "node_modules", "vitest", "vitest.mjs");
		const child = spawnSync(process.execPath, [vitest, "run", "--project", "node", relative(ROOT, dir)], {
			cwd: ROOT,
			encoding: "utf8",
			timeout: 120_000,
			env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
		});
		const output = `${child.stdout}\n${child.stderr}`;
		expect(output).toMatch(/✓ .*same\/guard\.test\.ts/);
		expect(output).toMatch(/FAIL .*changed\/guard\.test\.ts/);
		expect(output).toContain("toolCalls[1] (run) › blocked: missing");
		expect(child.status).toBe(1);
	}, 180_000);
});
