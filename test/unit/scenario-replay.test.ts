import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/headless/cli.ts";
import { parseScenario, runHeadless, type Scenario, ScenarioError } from "../../src/headless/index.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCENARIOS = join(ROOT, "scenarios");
const EXAMPLES = readdirSync(SCENARIOS).filter((name) => name.endsWith(".json") && name !== "scenario.schema.json");

async function cli(args: string[], cwd = ROOT) {
	const lines: string[] = [];
	const code = await main(args, (line) => lines.push(line), cwd);
	return { code, output: lines.join("\n") };
}

function readExample(name: string): Scenario {
	return parseScenario(readFileSync(join(SCENARIOS, name), "utf8"), name);
}

describe("the example scenarios", () => {
	it("cover a tool call with its result, a command with dialogs answered, and a tool_call guard that blocks", () => {
		const all = EXAMPLES.map(readExample);
		const expectations = all.flatMap((scenario) => scenario.steps.map((step) => step.expect ?? {}));
		expect(expectations.some((e) => e.toolCalls?.some((call) => call.result && !call.result.isError))).toBe(true);
		expect(expectations.some((e) => e.dialogs?.some((dialog) => dialog.answer !== null))).toBe(true);
		expect(expectations.some((e) => e.toolCalls?.some((call) => call.blocked))).toBe(true);
		for (const scenario of all) for (const ext of scenario.extensions) expect(ext).toMatch(/^\.\.\/extensions\/[\w-]+\.ts$/);
	});

	for (const name of EXAMPLES) {
		it(`${name} replays against extensions/ and matches`, async () => {
			const result = await runHeadless({ scenario: join("scenarios", name), cwd: ROOT });
			expect(result.report).toBe(`✓ scenarios/${name}: matches (${readExample(name).steps.length} step${readExample(name).steps.length === 1 ? "" : "s"})`);
			expect(result.divergences).toEqual([]);
			expect(result.exitCode).toBe(0);
		});
	}
});

describe("a replay that diverges", () => {
	it("exits 1 with a diff naming the step, the tool call and the field when a one-line change lets rm -rf through", async () => {
		const dir = mkdtempSync(join(tmpdir(), "playa-scenario-"));
		mkdirSync(join(dir, "extensions"));
		const source = readFileSync(join(ROOT, "extensions", "tool-guard.ts"), "utf8");
		const changed = source.replace("const DANGEROUS = [/\\brm\\s+-rf\\b/, /\\bmkfs\\b/", "const DANGEROUS = [/\\bmkfs\\b/");
		expect(changed).not.toBe(source);
		writeFileSync(join(dir, "extensions", "tool-guard.ts"), changed);
		mkdirSync(join(dir, "scenarios"));
		copyFileSync(join(SCENARIOS, "tool-guard.json"), join(dir, "scenarios", "tool-guard.json"));

		const { code, output } = await cli(["--scenario", "scenarios/tool-guard.json"], dir);
		expect(code).toBe(1);
		expect(output).toMatch(/^✗ scenarios\/tool-guard\.json: \d+ differences from the scenario/);
		expect(output).toContain('step 1 "List the files, then clean up" › toolCalls[1] (run) › blocked: missing');
		expect(output).toContain("toolCalls[1] (run) › result.isError: changed\n    expected: true\n    actual:   false");
		expect(output).toContain('actual:   "$ rm -rf /\\n(pretend output)"');

		// The same from the library, with the divergences as data.
		const result = await runHeadless({ scenario: "scenarios/tool-guard.json", cwd: dir });
		expect(result.exitCode).toBe(1);
		expect(result.divergences).toContainEqual(
			expect.objectContaining({ step: 1, list: "toolCalls", item: { index: 1, label: "run" }, field: "blocked", kind: "missing", expected: true }),
		);
	});

	it("plays each step's own replies, however many requests the steps before made", async () => {
		const dir = mkdtempSync(join(tmpdir(), "playa-scenario-"));
		copyFileSync(join(ROOT, "extensions", "tool-guard.ts"), join(dir, "guard.ts"));
		const scenario: Scenario = {
			version: 1,
			extensions: ["./guard.ts"],
			match: "subset",
			steps: [
				// Recorded when the model was asked twice here; it is asked once now.
				{ prompt: "one", replies: [{ text: "first" }, { text: "never played" }], expect: { entries: [{ role: "user" }, { text: "first" }] } },
				{ prompt: "two", replies: [{ text: "second" }], expect: { entries: [{ role: "user" }, { text: "second" }] } },
			],
		};
		const result = await runHeadless({ scenario, cwd: dir });
		expect(result.report).toBe("✓ scenario: matches (2 steps)");
	});
});

describe("recording a run", () => {
	it("writes what happened as a scenario that replays green, with extension paths from its own folder", async () => {
		const dir = mkdtempSync(join(tmpdir(), "playa-record-"));
		writeFileSync(join(dir, "steps.json"), JSON.stringify([{ toolCalls: [{ name: "run", arguments: { command: "rm -rf /" } }] }, { text: "blocked" }]));
		const recorded = await cli(
			["--ext", join(ROOT, "extensions", "tool-guard.ts"), "--ext", "../../extensions/dialog-demo.ts", "--script", join(dir, "steps.json")].concat([
				"--prompt",
				"clean up",
				"--prompt",
				"/deploy",
				"--answer",
				"staging",
				"--answer",
				"yes",
				"--record",
				join(dir, "out", "run.json"),
			]),
			join(ROOT, "scenarios", "x"),
		);
		expect(recorded).toEqual({ code: 0, output: `recorded ${join(dir, "out", "run.json")}: 2 steps, 1 tool call, 2 dialogs` });
		const scenario = parseScenario(readFileSync(join(dir, "out", "run.json"), "utf8"));
		expect(scenario.extensions.map((ext) => resolve(dir, "out", ext))).toEqual([
			join(ROOT, "extensions", "tool-guard.ts"),
			join(ROOT, "extensions", "dialog-demo.ts"),
		]);
		expect(scenario.extensions[1]).toMatch(/^\.\.\//);
		expect(scenario.steps.map((step) => ["prompt" in step && step.prompt, step.replies?.length ?? 0, step.answers ?? []])).toEqual([
			["clean up", 2, []],
			["/deploy", 0, ["staging", "yes"]],
		]);
		expect(scenario.steps[0].expect?.toolCalls).toMatchObject([{ name: "run", blocked: true, result: { isError: true } }]);
		expect(scenario.steps[1].expect?.entries).toEqual([{ type: "custom", customType: "deploy", data: { target: "staging" } }]);

		const replayed = await cli(["--scenario", join(dir, "out", "run.json")]);
		expect(replayed).toEqual({ code: 0, output: `✓ ${join(dir, "out", "run.json")}: matches (2 steps)` });
	});

	it("records from the library too", async () => {
		const result = await runHeadless({
			extensions: ["extensions/counter-state.ts"],
			prompts: ["/count"],
			cwd: ROOT,
			record: true,
			match: "subset",
			name: "count",
		});
		expect(result.exitCode).toBe(0);
		expect(result.scenario).toMatchObject({
			version: 1,
			name: "count",
			match: "subset",
			extensions: ["extensions/counter-state.ts"],
			steps: [{ prompt: "/count", expect: { entries: [{ type: "custom", customType: "counter", data: { count: 1 } }] } }],
		});
		expect(result.events.some((event) => event.type === "notify")).toBe(true);
	});
});

describe("a scenario that cannot be played exits 2 with an error naming the line or field", () => {
	const dir = mkdtempSync(join(tmpdir(), "playa-bad-"));
	copyFileSync(join(ROOT, "extensions", "tool-guard.ts"), join(dir, "guard.ts"));
	const good = readFileSync(join(SCENARIOS, "tool-guard.json"), "utf8").replace("../extensions/tool-guard.ts", "./guard.ts");
	const write = (name: string, text: string) => {
		writeFileSync(join(dir, name), text);
		return name;
	};

	it.each([
		[
			"not JSON",
			write("syntax.json", good.replace('"version": 1,', '"version": 1')),
			/^playa-headless: syntax\.json:4:2: not JSON: expected ',' or '}' after a property/,
		],
		["cut short", write("short.json", good.slice(0, 400)), /^playa-headless: short\.json:\d+:\d+: not JSON: the text ends inside .*: is the file cut short\?/],
		["another version", write("v2.json", good.replace('"version": 1,', '"version": 2,')), /^playa-headless: v2\.json:3:13: version: 2 is not a version/],
		[
			"an extension that does not exist",
			write("noext.json", good.replace("./guard.ts", "./nowhere.ts")),
			/^playa-headless: noext\.json:6:17: extensions\[0\]: \.\/nowhere\.ts: no such file/,
		],
		[
			"a tool that does not exist",
			write("notool.json", good.replace('"name": "run", "arguments": { "command": "ls" }', '"name": "runn", "arguments": { "command": "ls" }')),
			/^playa-headless: notool\.json:\d+:\d+: steps\[0\]\.replies\[0\]\.toolCalls\[0\]\.name: no tool "runn" \(the tools are: .*run/,
		],
		["a field the schema refuses", write("field.json", good.replace('"prompt": "List', '"promt": "List')), /steps\[0\]: unknown field "promt"/],
		["a file that is code", write("code.json", "export default { version: 1 };\n"), /^playa-headless: code\.json:1:1: not JSON/],
		["no file", "missing.json", /^playa-headless: missing\.json: no such file/],
	])("%s", async (_what, file, message) => {
		const { code, output } = await cli(["--scenario", file], dir);
		expect(output).toMatch(message);
		expect(code).toBe(2);
	});

	it("takes nothing but the file with --scenario", async () => {
		const { code, output } = await cli(["--scenario", "x.json", "--ext", "a.ts"], dir);
		expect(code).toBe(2);
		expect(output).toContain("--scenario takes its extensions, steps and answers from the file: drop --ext");
	});

	it("throws a ScenarioError from the library", async () => {
		await expect(runHeadless({ scenario: "v2.json", cwd: dir })).rejects.toBeInstanceOf(ScenarioError);
	});
});
