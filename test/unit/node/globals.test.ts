/** Node's globals and built-ins as an extension module sees them, loaded through the real runtime. */
import { describe, expect, it } from "vitest";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { EXT_ORIGIN, startRuntime } from "../../support/runtime-harness.ts";

const toolDescriptions = (harness: Awaited<ReturnType<typeof startRuntime>>) => harness.extensions()[0];

describe("Node's globals in extension modules", () => {
	it("process, Buffer, setImmediate, __dirname and __filename are bound for the modules that use them", async () => {
		const workspace = await EmbeddedWorkspace.create({ cwd: "/home/user/repo" });
		const source = [
			'import { Type } from "typebox";',
			"export default async function (pi) {",
			"  await new Promise((resolve) => setImmediate(resolve));",
			"  const facts = [process.cwd(), process.platform, Buffer.from('hi').toString('hex'), __dirname, __filename.split('/').pop()].join(' ');",
			'  pi.registerTool({ name: "facts", label: "facts", description: facts, parameters: Type.Object({}), execute: async () => ({ content: [] }) });',
			"}",
		].join("\n");
		const harness = await startRuntime({ files: { "tools/facts.ts": source }, workspace });
		expect(toolDescriptions(harness)).toMatchObject({ loaded: true, tools: ["facts"] });
		const tool = harness.runtime.parts.runner.extensions[0].tools.get("facts");
		expect(tool?.description).toBe(`/home/user/repo linux 6869 ${new URL("tools", EXT_ORIGIN).pathname} facts.ts`);
	});

	it("a module's own `process` is left alone", async () => {
		const source =
			'const process = { cwd: () => "mine" };\nexport default function (pi) { pi.registerFlag("where", { description: process.cwd(), type: "string" }); }';
		const harness = await startRuntime({ files: { "own.ts": source } });
		expect(harness.extensions()[0]).toMatchObject({ loaded: true });
		expect(harness.runtime.parts.runner.extensions[0].flags.get("where")?.description).toBe("mine");
	});

	it("bare and node: names load the same module, over the session's workspace", async () => {
		const workspace = await EmbeddedWorkspace.create({ cwd: "/w", files: { "rules.md": "be kind" } });
		const source = [
			'import { readFile } from "fs/promises";',
			'import * as fs from "node:fs/promises";',
			'import path from "path";',
			"export default async function (pi) {",
			"  const text = await readFile(path.join(process.cwd(), 'rules.md'), 'utf8');",
			'  pi.registerFlag("rules", { description: `${text} ${readFile === fs.readFile}`, type: "string" });',
			"}",
		].join("\n");
		const harness = await startRuntime({ files: { "rules.ts": source }, workspace });
		expect(harness.extensions()[0]).toMatchObject({ loaded: true });
		expect(harness.runtime.parts.runner.extensions[0].flags.get("rules")?.description).toBe("be kind true");
	});

	it("a module of the reference's dialect gets Bun.file, Bun.write, Bun.sleep and Bun.env over the workspace; other members throw naming themselves", async () => {
		const workspace = await EmbeddedWorkspace.create({ cwd: "/w", files: { "in.txt": "from the workspace", "data.json": '{"n":2}' } });
		const source = [
			'import type { HookAPI } from "@oh-my-pi/pi-coding-agent";',
			"export default async function (pi: HookAPI) {",
			"  const text = await Bun.file('in.txt').text();",
			"  const written = await Bun.write('/tmp/out.txt', text.toUpperCase());",
			"  await Bun.sleep(1);",
			"  let spawn = '';",
			"  try { Bun.spawn(['ls']); } catch (error) { spawn = (error as Error).message; }",
			"  const facts = [text, written, (await Bun.file('data.json').json()).n, await Bun.file('nope').exists(), Bun.env.PWD, spawn];",
			'  pi.registerFlag("facts", { description: facts.join(" | "), type: "string" });',
			"}",
		].join("\n");
		const harness = await startRuntime({ files: { "bun.ts": source }, workspace });
		expect(harness.extensions()[0]).toMatchObject({ loaded: true });
		expect(harness.runtime.parts.runner.extensions[0].flags.get("facts")?.description).toBe(
			"from the workspace | 18 | 2 | false | /w | Bun.spawn is not supported in the browser (Playa answers Bun.file, Bun.write, Bun.sleep and Bun.env only)",
		);
		expect(await workspace.readFile("/tmp/out.txt", "utf8")).toBe("FROM THE WORKSPACE");
	});

	it("a module of pi's dialect has no Bun, as under Node", async () => {
		const source = [
			'import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";',
			'export default function (pi: ExtensionAPI) { pi.registerFlag("bun", { description: typeof Bun, type: "string" }); }',
		].join("\n");
		const harness = await startRuntime({ files: { "node-only.ts": source } });
		expect(harness.runtime.parts.runner.extensions[0].flags.get("bun")?.description).toBe("undefined");
	});
});
