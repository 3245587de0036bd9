/**
 * A tool whose parameters are a zod schema gets its arguments as zod gives them: defaults filled in and
 * transforms applied; arguments zod refuses (a refinement JSON Schema cannot say) come back to the model as
 * an error result naming the tool, and the tool does not run.
 */
import { describe, expect, it } from "vitest";
import { startRuntime, toolResults } from "../../support/runtime-harness.ts";

const COUNT = `
export default function (pi) {
	const z = pi.zod;
	pi.registerTool({
		name: "count",
		label: "count",
		description: "counts",
		parameters: z.object({
			n: z.number().default(5),
			label: z.string().transform((s) => s.toUpperCase()).optional(),
			even: z.number().refine((v) => v % 2 === 0, "must be even").optional(),
		}),
		async execute(_id, params) {
			return { content: [{ type: "text", text: JSON.stringify(params) }] };
		},
	});
}`;

const call = (args: Record<string, unknown>) => ({ toolCalls: [{ name: "count", arguments: args }] });

describe("zod tool parameters", () => {
	it("apply their defaults and transforms, and refuse what their refinements refuse", async () => {
		const { runtime, entries } = await startRuntime({
			files: { "count.ts": COUNT },
			script: [call({}), call({ n: 2, label: "ab" }), call({ even: 3 }), { text: "done" }],
		});
		await runtime.submit("go");
		const results = toolResults(entries());
		expect(results.slice(0, 2)).toEqual([
			{ toolName: "count", isError: false, text: '{"n":5}' },
			{ toolName: "count", isError: false, text: '{"n":2,"label":"AB"}' },
		]);
		expect(results[2]).toMatchObject({ toolName: "count", isError: true });
		expect(results[2].text).toMatch(/Validation failed for tool "count"[\s\S]*must be even/);
	});
});
