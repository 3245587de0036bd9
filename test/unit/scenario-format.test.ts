import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { jsonSyntaxProblem, locateJsonPath } from "../../src/scenario/json-text.ts";
import { SCENARIO_SCHEMA_FILE, scenarioJsonSchema } from "../../src/scenario/json-schema.ts";
import { parseScenario, readableJson, ScenarioError, scenarioText } from "../../src/scenario/parse.ts";
import { SCENARIO_LIMITS, type Scenario } from "../../src/scenario/schema.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const SMALL: Scenario = {
	version: 1,
	extensions: ["../extensions/tool-guard.ts"],
	steps: [
		{ prompt: "go", replies: [{ toolCalls: [{ name: "run", arguments: { command: "ls" } }] }], expect: { notifications: [{ level: "info", message: "hi" }] } },
	],
};

function refusal(text: string): ScenarioError {
	try {
		parseScenario(text, "x.json");
	} catch (error) {
		if (error instanceof ScenarioError) return error;
		throw error;
	}
	throw new Error("parsed");
}

describe("the scenario format", () => {
	it("publishes a JSON Schema that matches the zod schema", () => {
		const file = join(ROOT, SCENARIO_SCHEMA_FILE);
		const generated = scenarioJsonSchema();
		// After a change to src/scenario/schema.ts: UPDATE_SCENARIO_SCHEMA=1 npx vitest run --project node test/unit/scenario-format.test.ts
		if (process.env.UPDATE_SCENARIO_SCHEMA) writeFileSync(file, readableJson(generated));
		expect(readFileSync(file, "utf8")).toBe(readableJson(generated));
		expect(generated).toMatchObject({ type: "object", required: expect.arrayContaining(["version", "extensions", "steps"]) });
	});

	it("reads every example scenario, and writes each back as the same data", () => {
		const examples = readdirSync(join(ROOT, "scenarios")).filter((name) => name.endsWith(".json") && name !== "scenario.schema.json");
		expect(examples.length).toBeGreaterThanOrEqual(3);
		for (const name of examples) {
			const scenario = parseScenario(readFileSync(join(ROOT, "scenarios", name), "utf8"), name);
			expect(JSON.parse(scenarioText(scenario))).toEqual(scenario);
			expect(scenario.$schema).toBe("./scenario.schema.json");
		}
	});

	it("writes readable JSON: short values on one line, long ones broken up", () => {
		const text = scenarioText(SMALL);
		expect(text).toContain('\t"extensions": ["../extensions/tool-guard.ts"],\n');
		expect(text).toContain('"replies": [{ "toolCalls": [{ "name": "run", "arguments": { "command": "ls" } }] }]');
		expect(parseScenario(text)).toEqual(SMALL);
	});

	it("says where a file is not JSON: the line and the column", () => {
		const error = refusal('{\n  "version": 1,\n  "steps": [ { "prompt": "go" }, ]\n}');
		expect(error.position).toMatchObject({ line: 3, column: 34 });
		expect(error.message).toMatch(/^x\.json:3:34: not JSON: unexpected ']'/);
		expect(refusal("{\n  // a comment\n}").message).toMatch(/^x\.json:2:3: not JSON: .*no comments/);
		expect(refusal("export default { version: 1 }").message).toMatch(/^x\.json:1:1: not JSON/);
	});

	it("says when a file is cut short", () => {
		const text = scenarioText(SMALL);
		const error = refusal(text.slice(0, text.length / 2));
		expect(error.message).toMatch(/not JSON: the text ends inside .*: is the file cut short\?/);
		expect(jsonSyntaxProblem('{"a": tr')).toMatchObject({ truncated: true });
		expect(jsonSyntaxProblem('{"a": "b')).toMatchObject({ truncated: true, message: expect.stringContaining("inside a string") });
		expect(jsonSyntaxProblem('{"a": 1} x')).toMatchObject({ truncated: false, line: 1, column: 10 });
	});

	it("refuses another version, naming the field and its line", () => {
		const error = refusal('{\n\t"version": 2,\n\t"extensions": ["a.ts"],\n\t"steps": []\n}');
		expect(error.field).toBe("version");
		expect(error.message).toBe("x.json:2:13: version: 2 is not a version this runner reads (it reads 1; a newer playa may read it)");
		expect(refusal('{ "extensions": [], "steps": [] }').message).toContain("version: missing");
	});

	it("names the field the schema refuses, with its line", () => {
		const text = scenarioText({ ...SMALL, steps: [{ prompt: "go", replies: [{ toolCalls: [{ name: "", arguments: {} }] }] }] });
		const error = refusal(text);
		expect(error.field).toBe("steps[0].replies[0].toolCalls[0].name");
		expect(error.position).toEqual(locateJsonPath(text, ["steps", 0, "replies", 0, "toolCalls", 0, "name"]));
		expect(error.message).toMatch(/^x\.json:\d+:\d+: steps\[0\]\.replies\[0\]\.toolCalls\[0\]\.name: /);
		const typo = refusal(JSON.stringify({ ...SMALL, steps: [{ prompt: "go", expect: { toolcalls: [] } }] }, null, 1));
		expect(typo.message).toMatch(/steps\[0\]\.expect: unknown field "toolcalls"/);
		expect(refusal(JSON.stringify({ ...SMALL, extensions: [] })).message).toContain("extensions: at least 1 item");
		expect(refusal(JSON.stringify({ ...SMALL, match: "loose" })).field).toBe("match");
		expect(refusal('{"version": 1, "extensions": ["a.ts"], "steps": [], "__proto__": {"polluted": true}}').message).toContain('unknown field "__proto__"');
		expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
	});

	it("is bounded in size, and refuses an empty file or one that is not an object", () => {
		expect(refusal(" ".repeat(SCENARIO_LIMITS.bytes + 1)).message).toContain(`at most ${SCENARIO_LIMITS.bytes}`);
		expect(refusal("").message).toContain("empty");
		expect(refusal("[1, 2]").message).toContain("a scenario is a JSON object");
	});
});
