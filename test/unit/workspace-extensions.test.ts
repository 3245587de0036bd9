/**
 * Extensions loaded from the workspace (`workspace:` URLs): read through the workspace, not fetched;
 * relative imports between workspace files resolve inside it; every bad input is an error at its
 * file and line, and the other extensions still load. A URL that answers with a web page says so.
 */
import { describe, expect, it } from "vitest";
import { workspaceUrl } from "../../src/protocol/workspace/workspace-url.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import type { SeedFiles } from "../../src/workspace/workspace.ts";
import { startRuntime, toolResults } from "../support/runtime-harness.ts";

const DIR = "/workspace/.pi/extensions";
const url = (name: string) => workspaceUrl(`${DIR}/${name}`);

const COMMAND = (name: string, body = "") => `
export default function (pi) {
	${body}
	pi.registerCommand("${name}", { handler: async (_args, ctx) => ctx.ui.notify("${name} ran", "info") });
}
`;

async function start(
	files: SeedFiles,
	load: string[],
	options: { script?: Parameters<typeof startRuntime>[0]["script"]; httpFiles?: Record<string, string> } = {},
) {
	const workspace = await EmbeddedWorkspace.create({ files });
	return startRuntime({ files: options.httpFiles ?? {}, workspace, urls: load.map(url), script: options.script });
}

describe("extensions from the workspace", () => {
	it("loads a workspace file whose relative imports (sibling, subfolder, parent) resolve in the workspace", async () => {
		const run = await start(
			{
				".pi/extensions/greet/index.ts": `
import { greeting } from "./lib/words.ts";
import { punctuation } from "../shared.ts";
export default function (pi) {
	pi.registerTool({
		name: "greet", description: "greets", parameters: { type: "object", properties: {} },
		execute: async () => ({ content: [{ type: "text", text: greeting + punctuation }] }),
	});
}`,
				".pi/extensions/greet/lib/words.ts": `import { name } from "./name.ts";\nexport const greeting: string = "hello " + name;`,
				".pi/extensions/greet/lib/name.ts": `export const name = "workspace";`,
				".pi/extensions/shared.ts": `export const punctuation = "!";`,
			},
			["greet/index.ts"],
			{ script: [{ toolCalls: [{ name: "greet", arguments: {} }] }, { text: "done" }] },
		);
		expect(run.extensions()).toEqual([expect.objectContaining({ url: url("greet/index.ts"), name: "greet", loaded: true, tools: ["greet"] })]);
		await run.runtime.submit("greet me");
		expect(toolResults(run.entries())).toEqual([{ toolName: "greet", isError: false, text: "hello workspace!" }]);
	});

	it("a file that does not transpile is an error at its line; the others load", async () => {
		const run = await start({ ".pi/extensions/broken.ts": "export default function (pi) {\n\tconst x = ;\n}\n", ".pi/extensions/fine.ts": COMMAND("fine") }, [
			"broken.ts",
			"fine.ts",
		]);
		const [broken, fine] = run.extensions();
		expect(broken).toMatchObject({ url: url("broken.ts"), loaded: false, error: { url: url("broken.ts"), phase: "transpile", line: 2 } });
		expect(broken.error!.file).toBeUndefined();
		expect(fine).toMatchObject({ loaded: true, commands: [{ name: "fine" }] });
	});

	it("a transpile error in an imported workspace file names that file and its line", async () => {
		const run = await start(
			{
				".pi/extensions/main.ts": `import { x } from "./helper.ts";\nexport default function (pi) { console.log(x); }\n`,
				".pi/extensions/helper.ts": "export const a = 1;\nexport const x = ;\n",
			},
			["main.ts"],
		);
		expect(run.extensions()[0].error).toMatchObject({ url: url("main.ts"), file: url("helper.ts"), phase: "transpile", line: 2 });
		expect(run.extensions()[0].error!.message).toContain(`in ${DIR}/helper.ts:`);
	});

	it("an import of a workspace file that does not exist is an error at the importing line", async () => {
		const run = await start(
			{
				".pi/extensions/needs.ts": `// needs a helper\nimport { helper } from "./missing/helper.ts";\nexport default function (pi) { helper(pi); }\n`,
				".pi/extensions/fine.ts": COMMAND("fine"),
			},
			["needs.ts", "fine.ts"],
		);
		const [needs, fine] = run.extensions();
		expect(needs.error).toMatchObject({ url: url("needs.ts"), phase: "import", line: 2 });
		expect(needs.error!.message).toContain(`cannot import "./missing/helper.ts": ${DIR}/missing/helper.ts does not exist in the workspace`);
		expect(fine.loaded).toBe(true);
	});

	it("an extension file that is not there says so", async () => {
		const run = await start({ ".pi/extensions/fine.ts": COMMAND("fine") }, ["gone.ts", "fine.ts"]);
		expect(run.extensions()[0].error).toMatchObject({ phase: "import", message: `${DIR}/gone.ts does not exist in the workspace` });
		expect(run.extensions()[1].loaded).toBe(true);
	});

	it("a factory that throws is an error at its line; the others load", async () => {
		const run = await start(
			{
				".pi/extensions/throws.ts": `export default function (pi) {\n\tpi.registerCommand("never", { handler: async () => {} });\n\tthrow new Error("factory broke");\n}\n`,
				".pi/extensions/fine.ts": COMMAND("fine"),
			},
			["throws.ts", "fine.ts"],
		);
		const [throws, fine] = run.extensions();
		expect(throws).toMatchObject({ loaded: false, commands: [], error: { url: url("throws.ts"), phase: "factory", message: "factory broke", line: 3 } });
		expect(fine.loaded).toBe(true);
	});

	it("a tool that throws is reported as the extension's tool error at its line, and the model gets the error", async () => {
		const run = await start(
			{
				".pi/extensions/flaky.ts": `export default function (pi) {\n\tpi.registerTool({ name: "flaky", description: "fails", parameters: { type: "object", properties: {} },\n\t\texecute: async () => {\n\t\t\tthrow new Error("tool broke");\n\t\t} });\n}\n`,
			},
			["flaky.ts"],
			{ script: [{ toolCalls: [{ name: "flaky", arguments: {} }] }, { text: "ok" }] },
		);
		await run.runtime.submit("go");
		expect(run.errors()).toEqual([expect.objectContaining({ url: url("flaky.ts"), phase: "tool", where: "tool flaky", message: "tool broke", line: 4 })]);
		expect(toolResults(run.entries())).toEqual([expect.objectContaining({ toolName: "flaky", isError: true, text: expect.stringContaining("tool broke") })]);
	});

	it("an error a handler throws in an imported workspace file names that file and its line", async () => {
		const run = await start(
			{
				".pi/extensions/main.ts": `import { check } from "./lib/check.ts";\nexport default function (pi) {\n\tpi.on("agent_start", () => check());\n}\n`,
				".pi/extensions/lib/check.ts": `export function check() {\n\tconst reason = "policy unreadable";\n\tthrow new Error(reason);\n}\n`,
			},
			["main.ts"],
			{ script: [{ text: "hi" }] },
		);
		await run.runtime.submit("go");
		expect(run.errors()).toEqual([
			expect.objectContaining({ url: url("main.ts"), file: url("lib/check.ts"), phase: "handler", where: "agent_start", line: 3 }),
		]);
	});

	it("a URL that answers with a web page is an error saying so, and what to do", async () => {
		const run = await startRuntime({
			files: { "index.html": "<!doctype html>\n<html><body>Playa</body></html>", "fine.ts": COMMAND("fine") },
		});
		const [page, fine] = run.extensions();
		expect(page.error).toMatchObject({ phase: "fetch" });
		expect(page.error!.message).toContain("answered with a web page (HTML), not a module");
		expect(page.error!.message).toContain("/workspace/my-ext.ts");
		expect(fine.loaded).toBe(true);
	});
});
