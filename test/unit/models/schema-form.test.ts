import { describe, expect, it } from "vitest";
import { buildArguments, fieldsOf, initialValues } from "../../../src/ui/transcript/schema-form.ts";

const schema = {
	type: "object",
	required: ["path", "count", "mode", "flag", "items"],
	properties: {
		path: { type: "string", description: "File" },
		count: { type: "integer" },
		ratio: { type: "number" },
		mode: { anyOf: [{ const: "a" }, { const: "b" }] },
		level: { type: "string", enum: ["low", "high"] },
		flag: { type: "boolean" },
		items: { type: "array", items: { type: "string" } },
		extra: { type: "object" },
	},
};

describe("argument form from a JSON schema", () => {
	it("reads a field kind per property", () => {
		const fields = fieldsOf(schema);
		expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
			["path", "string", true],
			["count", "integer", true],
			["ratio", "number", false],
			["mode", "enum", true],
			["level", "enum", false],
			["flag", "boolean", true],
			["items", "json", true],
			["extra", "json", false],
		]);
		expect(fields[3].options).toEqual(["a", "b"]);
		expect(fields[6].jsonType).toBe("array");
	});

	it("builds typed arguments and leaves out empty optional fields", () => {
		const fields = fieldsOf(schema);
		const values = { ...initialValues(fields), path: "a.ts", count: "3", mode: "b", items: '["x", "y"]', level: "" };
		expect(buildArguments(fields, values)).toEqual({ ok: true, arguments: { path: "a.ts", count: 3, mode: "b", flag: false, items: ["x", "y"] } });
	});

	it("names every field it cannot read", () => {
		const fields = fieldsOf(schema);
		const values = { ...initialValues(fields), path: "a", count: "1.5", ratio: "abc", mode: "", items: "{", extra: "[1]" };
		const result = buildArguments(fields, values);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.errors).toEqual({
			count: "Must be a whole number",
			ratio: "Must be a number",
			mode: "Required",
			items: expect.stringMatching(/^Not valid JSON/),
			extra: expect.stringMatching(/JSON object/),
		});
	});
});
