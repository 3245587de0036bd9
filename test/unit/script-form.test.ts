// The Script panel's step form (src/ui/panels/script-form.ts): steps into the form and back, field by field.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ManualToolInfo } from "../../src/protocol/runtime.ts";
import { parseScript, type ScriptStep } from "../../src/protocol/script.ts";
import { draftCall, draftOf, keyMaker, moved, scriptJson, stepsOf } from "../../src/ui/panels/script-form.ts";

const greet: ManualToolInfo = {
	name: "greet",
	description: "Greets someone",
	parameters: {
		type: "object",
		properties: {
			name: { type: "string" },
			times: { type: "integer" },
			loud: { type: "boolean" },
			mood: { anyOf: [{ const: "warm" }, { const: "dry" }] },
			tags: { type: "array", items: { type: "string" } },
		},
		required: ["name"],
	},
};
const tools = [greet];

describe("the step form and the JSON", () => {
	it("reads a script into the form and writes the same script back", () => {
		const script: ScriptStep[] = [
			{ text: "Hello." },
			{ thinking: "hm", toolCalls: [{ name: "greet", arguments: { name: "Ada", times: 2, loud: true, mood: "dry", tags: ["a"] } }] },
			{ error: "rate limited" },
		];
		const draft = draftOf(script, tools, keyMaker());
		expect(draft[1].calls[0].values).toEqual({ name: "Ada", times: "2", loud: "true", mood: "dry", tags: '["a"]' });
		expect(stepsOf(draft)).toEqual({ ok: true, steps: script });
	});

	it("writes what is typed in a field as the argument's type", () => {
		const [step] = draftOf([{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }], tools, keyMaker());
		const call = step.calls[0];
		const edited = { ...step, text: "Greeting.", calls: [{ ...call, values: { ...call.values, times: "3", mood: "warm" } }] };
		const result = stepsOf([edited]);
		expect(result).toEqual({ ok: true, steps: [{ text: "Greeting.", toolCalls: [{ name: "greet", arguments: { name: "Ada", times: 3, mood: "warm" } }] }] });
		expect(result.ok && parseScript(scriptJson(result.steps))).toEqual({ ok: true, steps: result.ok ? result.steps : [] });
	});

	it("says which field cannot be read, and of which step, without writing the JSON", () => {
		const key = keyMaker();
		const draft = draftOf([{ text: "one" }, { toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }], tools, key);
		const call = draft[1].calls[0];
		const broken = [draft[0], { ...draft[1], calls: [{ ...call, values: { ...call.values, times: "two" } }] }];
		const result = stepsOf(broken);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.message).toBe("Step 2, greet: times: Must be a number.");
		expect(result.errors[call.key]).toEqual({ times: "Must be a number" });
	});

	it("a new call starts from the tool's schema, and a required field left empty is an error", () => {
		const call = draftCall(tools, "greet", undefined, 1);
		expect(call.fields.map((field) => field.name)).toEqual(["name", "times", "loud", "mood", "tags"]);
		expect(stepsOf([{ key: 2, text: "", calls: [{ ...call, values: { ...call.values, name: "" } }], rest: {} }])).toMatchObject({ ok: true });
		const number = { ...greet, parameters: { type: "object", properties: { n: { type: "number" } }, required: ["n"] } };
		const missing = draftCall([number], "greet", undefined, 3);
		expect(stepsOf([{ key: 4, text: "", calls: [missing], rest: {} }])).toMatchObject({ ok: false, message: "Step 1, greet: n: Required." });
	});

	it("keeps a call of a tool the session does not have, and arguments its schema does not name, as JSON", () => {
		const script: ScriptStep[] = [
			{
				toolCalls: [
					{ name: "gone", arguments: { a: 1, b: { c: [2] } } },
					{ name: "greet", arguments: { name: 5, extra: "x" } },
				],
			},
		];
		const draft = draftOf(script, tools, keyMaker());
		expect(draft[0].calls[0].unknownTool).toBe(true);
		expect(draft[0].calls[1].fields.find((field) => field.name === "name")?.kind).toBe("json");
		expect(stepsOf(draft)).toEqual({ ok: true, steps: script });
	});

	it("moves a step up and down, and not past either end", () => {
		expect(moved(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
		expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
		expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
		expect(moved(["a", "b"], 1, 1)).toEqual(["a", "b"]);
	});

	it("any script with JSON arguments survives the form unchanged", () => {
		const name = fc.constantFrom("greet", "gone", "other");
		const key = fc.oneof(fc.constantFrom("name", "times", "loud", "mood", "tags"), fc.string({ minLength: 1, maxLength: 6 }));
		const step = fc.record(
			{
				text: fc.string({ minLength: 1 }),
				thinking: fc.string(),
				error: fc.string(),
				toolCalls: fc.array(
					fc.record({ name, arguments: fc.dictionary(key, fc.oneof(fc.jsonValue(), fc.integer(), fc.boolean(), fc.constantFrom("warm", "dry"))) }),
					{ minLength: 1, maxLength: 3 },
				),
			},
			{ requiredKeys: [] },
		);
		fc.assert(
			fc.property(fc.array(step, { maxLength: 4 }), (script) => {
				// JSON is what the field holds: the script as JSON would carry it (no -0, no undefined).
				const steps = JSON.parse(JSON.stringify(script)) as ScriptStep[];
				// A call the form writes has its required fields: greet without a name gains `name: ""` (as Manual mode's form sends).
				fc.pre(steps.every((step) => (step.toolCalls ?? []).every((call) => call.name !== "greet" || "name" in call.arguments)));
				const result = stepsOf(draftOf(steps, tools, keyMaker()));
				expect(result.ok && JSON.parse(scriptJson(result.steps))).toEqual(steps);
			}),
		);
	});
});
