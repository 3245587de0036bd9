/**
 * A tool whose parameters are a zod schema (the reference's `pi.zod`) gets its arguments as zod parses them:
 * defaults filled in and transforms applied, as the reference's own api-demo example relies on.
 */
import { expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime, toolResults } from "../../support/runtime-harness.ts";

const EXTENSION = `export default function (pi) {
	const z = pi.zod;
	pi.registerTool({
		name: "levels",
		description: "records its arguments",
		parameters: z.object({ message: z.string(), level: z.enum(["error", "debug"]).default("debug"), count: z.string().transform((s) => s.length) }),
		async execute(_id, params) {
			${PROBE_EXPR}.push(params);
			return { content: [{ type: "text", text: "ok" }] };
		},
	});
}`;

it("fills in a zod default and applies a transform before execute", async () => {
	const log = probe();
	const harness = await startRuntime({
		files: { "levels.ts": EXTENSION },
		script: [{ toolCalls: [{ name: "levels", arguments: { message: "hi", count: "abc" } }] }, { text: "done" }],
	});
	await harness.runtime.submit("go");
	expect(toolResults(harness.entries())).toEqual([{ toolName: "levels", isError: false, text: "ok" }]);
	expect(log).toEqual([{ message: "hi", level: "debug", count: 3 }]);
});
