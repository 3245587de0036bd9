/**
 * Conformance: registerTool with the three schema kinds (zod, TypeBox, plain JSON Schema). Arguments are
 * validated (and coerced, as pi-ai coerces) before `execute`; invalid ones become an error result
 * naming the field; getAllTools() reports JSON Schema for every kind.
 */
import { describe, expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime, toolResults } from "../../support/runtime-harness.ts";

const LOG = PROBE_EXPR;

/** A tool `name` with parameters `{ count: number, label: string }` built by `schema`. */
const tool = (name: string, schema: string) => `
	pi.registerTool({
		name: "${name}",
		label: "${name}",
		description: "counts things",
		parameters: ${schema},
		execute: async (_id, params) => {
			${LOG}.push({ tool: "${name}", params });
			return { content: [{ type: "text", text: "${name} ok " + params.count }] };
		},
	});`;

const KINDS = {
	zod_tool: {
		imports: `import { z } from "zod";`,
		schema: `z.object({ count: z.number().describe("how many"), label: z.string() })`,
	},
	typebox_tool: {
		imports: `import { Type } from "typebox";`,
		schema: `Type.Object({ count: Type.Number({ description: "how many" }), label: Type.String() })`,
	},
	pi_ai_tool: {
		imports: `import { Type as T } from "@earendil-works/pi-ai";`,
		schema: `T.Object({ count: T.Number({ description: "how many" }), label: T.String() })`,
	},
	json_tool: {
		imports: ``,
		schema: `{ type: "object", properties: { count: { type: "number", description: "how many" }, label: { type: "string" } }, required: ["count", "label"] }`,
	},
} as const;
const NAMES = Object.keys(KINDS) as (keyof typeof KINDS)[];

const files = Object.fromEntries(
	NAMES.map((name) => [
		`${name}.ts`,
		`${KINDS[name].imports}
export default function (pi) {
${tool(name, KINDS[name].schema)}
	pi.registerCommand("tools_${name}", { handler: async () => {
		${LOG}.push({ all: pi.getAllTools().filter((t) => t.name === "${name}").map((t) => JSON.parse(JSON.stringify(t))) });
	} });
}`,
	]),
);

const calls = (args: Record<string, unknown>) => ({ toolCalls: NAMES.map((name) => ({ name, arguments: args })) });

describe("registerTool parameter schemas", () => {
	it("all three kinds load and are offered to the model", async () => {
		const { extensions } = await startRuntime({ files });
		expect(extensions().map((e) => [e.loaded, e.error?.message, e.tools])).toEqual(NAMES.map((name) => [true, undefined, [name]]));
	});

	it('valid arguments reach execute, coerced where pi-ai coerces ("3" → 3)', async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({ files, script: [calls({ count: "3", label: "apples" }), { text: "done" }] });
		await runtime.submit("count");
		expect(log).toHaveLength(NAMES.length);
		for (const name of NAMES) expect(log).toContainEqual({ tool: name, params: { count: 3, label: "apples" } });
		expect(toolResults(entries())).toEqual(NAMES.map((name) => ({ toolName: name, isError: false, text: `${name} ok 3` })));
	});

	it("invalid arguments become an error result naming the field; execute never runs", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({ files, script: [calls({ count: "three", label: "apples" }), calls({ count: 1 }), { text: "done" }] });
		await runtime.submit("count");
		expect(log).toEqual([]);
		const results = toolResults(entries());
		expect(results.map((r) => [r.toolName, r.isError])).toEqual([...NAMES, ...NAMES].map((name) => [name, true]));
		// First batch: a wrong type for count. Second: label missing.
		for (const result of results.slice(0, NAMES.length)) {
			expect(result.text).toMatch(/- count: /);
			expect(result.text).not.toMatch(/- label: /);
		}
		for (const result of results.slice(NAMES.length)) expect(result.text).toMatch(/- label: /);
	});

	it.each(NAMES)("getAllTools() reports %s's parameters as plain JSON Schema", async (name) => {
		const log = probe();
		const { runtime } = await startRuntime({ files, load: [`${name}.ts`] });
		await runtime.submit(`/tools_${name}`);
		const [{ all }] = log as { all: { name: string; description: string; parameters: Record<string, unknown>; sourceInfo: unknown }[] }[];
		expect(all).toHaveLength(1);
		const [info] = all;
		expect(info).toMatchObject({ name, description: "counts things", sourceInfo: { source: "extension", path: expect.stringContaining(`${name}.ts`) } });
		expect(info.parameters).toMatchObject({
			type: "object",
			properties: { count: { type: "number", description: "how many" }, label: { type: "string" } },
		});
		expect([...(info.parameters.required as string[])].sort()).toEqual(["count", "label"]);
		expect(info.parameters).not.toHaveProperty("_zod");
		expect(info.parameters).not.toHaveProperty("$schema");
	});
});
