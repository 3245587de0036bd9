/**
 * Conformance: dialects by import (docs/dialects.md). An extension whose files import pi 1.6's packages
 * gets pi's `before_agent_start` and `ctx.getSystemPrompt()`; one importing oh-my-pi's, or neither, the
 * reference's. The prompt the model gets is read from the inspector's request records.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_PROMPT } from "../../../src/runtime/agent/session.ts";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";

const LOG = PROBE_EXPR;

/** Logs what its before_agent_start and agent_start see; `body` adds to the before_agent_start handler. */
const watcher = (tag: string, imports: string, body = "") => `
${imports}
export default function (pi: any) {
	pi.on("before_agent_start", (event: any, ctx: any) => {
		${LOG}.push({ tag: ${JSON.stringify(tag)}, at: "before", systemPrompt: event.systemPrompt, options: event.systemPromptOptions && JSON.parse(JSON.stringify(event.systemPromptOptions)), messageType: event.messageType, prompt: event.prompt, message: event.message?.customType });
		${body}
	});
	pi.on("agent_start", (_event: any, ctx: any) => { ${LOG}.push({ tag: ${JSON.stringify(tag)}, at: "start", systemPrompt: ctx.getSystemPrompt() }); });
	pi.registerCommand("kick", { handler: async () => pi.sendMessage({ customType: "kick", content: "go on", display: true }, { triggerTurn: true }) });
}`;

const PI_TYPES = `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";`;
const OLD_PI_TYPES = `import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";`;
const OMP_TYPES = `import type { ExtensionAPI } from "@oh-my-pi/pi-coding-agent";`;

type Logged = { tag: string; at: string; systemPrompt: unknown; options?: any; messageType?: string; prompt?: string; message?: string };

async function run(files: Record<string, string>, prompt = "hi") {
	const log = probe() as Logged[];
	const harness = await startRuntime({ files, load: Object.keys(files).filter((name) => !name.startsWith("lib/")), script: [{ text: "ok" }, { text: "ok" }] });
	await harness.runtime.submit(prompt);
	const sent = () => {
		harness.runtime.parts.inspector?.flush();
		return harness.events.flatMap((e) => (e.type === "inspector" ? e.requests.map((request) => request.systemPrompt) : []));
	};
	return { ...harness, log, sent };
}

describe("which dialect an extension gets", () => {
	it("pi's packages (either scope) give pi's dialect; oh-my-pi's, or no pi package, the reference's", async () => {
		const { log, runtime } = await run({
			"pi.ts": watcher("pi", PI_TYPES),
			"old-pi.ts": watcher("old-pi", OLD_PI_TYPES),
			"omp.ts": watcher("omp", OMP_TYPES),
			"none.ts": watcher("none", ""),
			"both.ts": watcher("both", `${PI_TYPES}\n${OMP_TYPES}`),
		});
		const seen = Object.fromEntries(log.filter((l) => l.at === "start").map((l) => [l.tag, typeof l.systemPrompt === "string" ? "string" : "array"]));
		expect(seen).toEqual({ pi: "string", "old-pi": "string", omp: "array", none: "array", both: "array" });
		expect(runtime.parts.runner.extensions.map((e) => e.dialect)).toEqual(["pi", "pi", "reference", "reference", "reference"]);
	});

	it("a pi import in one of the extension's own files counts, a type-only one too", async () => {
		const { runtime } = await run({
			"main.ts": `import { helper } from "./lib/helper.ts";\nexport default function (pi: any) { helper(pi); }`,
			"lib/helper.ts": `import type { ExtensionContext } from "@earendil-works/pi-coding-agent";\nexport function helper(_pi: any, _ctx?: ExtensionContext) {}`,
		});
		expect(runtime.parts.runner.extensions.map((e) => e.dialect)).toEqual(["pi"]);
	});
});

describe("before_agent_start in each dialect", () => {
	it("the reference sees and returns parts; pi sees one string, the options and messageType", async () => {
		const { log, sent } = await run({
			"omp.ts": watcher("omp", OMP_TYPES, `return { systemPrompt: [...event.systemPrompt, "Reference part."] };`),
			"pi.ts": watcher(
				"pi",
				PI_TYPES,
				`event.systemPromptOptions.sections.house_rules = "Answer in French."; event.systemPromptOptions.promptGuidelines.push("Be brief");`,
			),
		});
		const before = log.filter((l) => l.at === "before");
		expect(before[0]).toMatchObject({ tag: "omp", systemPrompt: [DEFAULT_SYSTEM_PROMPT], prompt: "hi" });
		expect(before[0].messageType).toBeUndefined();
		expect(before[0].options).toBeUndefined();
		expect(before[1]).toMatchObject({ tag: "pi", systemPrompt: `${DEFAULT_SYSTEM_PROMPT}\n\nReference part.`, messageType: "user", prompt: "hi" });
		expect(before[1].options).toMatchObject({ sections: {}, promptGuidelines: [], cwd: "/workspace" });
		const expected = `${DEFAULT_SYSTEM_PROMPT}\n\nReference part.\n\n<rules>\n- Be brief\n</rules>\n\n<house_rules>\nAnswer in French.\n</house_rules>`;
		expect(sent()).toEqual([expected]);
		const start = Object.fromEntries(log.filter((l) => l.at === "start").map((l) => [l.tag, l.systemPrompt]));
		expect(start.pi).toBe(expected);
		expect(start.omp).toEqual([DEFAULT_SYSTEM_PROMPT, "Reference part.", "<rules>\n- Be brief\n</rules>", "<house_rules>\nAnswer in French.\n</house_rules>"]);
	});

	it("pi's returned string replaces the whole prompt; a later pi handler sees it, and its options edits still count", async () => {
		const { log, sent } = await run({
			"first.ts": watcher("first", PI_TYPES, `return { systemPrompt: "Only this." };`),
			"second.ts": watcher("second", PI_TYPES, `${LOG}.push({ tag: "second", at: "seen", systemPrompt: event.systemPrompt });`),
			"omp.ts": watcher("omp", OMP_TYPES, `return { systemPrompt: [...event.systemPrompt, "and this"] };`),
		});
		expect(log.find((l) => l.at === "seen")?.systemPrompt).toBe("Only this.");
		expect(log.find((l) => l.tag === "omp" && l.at === "before")?.systemPrompt).toEqual(["Only this."]);
		expect(sent()).toEqual(["Only this.\n\nand this"]);
	});

	it("an edit of the edits a handler made is seen in its own event.systemPrompt (a getter, as upstream)", async () => {
		const { log } = await run({
			"pi.ts": watcher(
				"pi",
				PI_TYPES,
				`event.systemPromptOptions.appendSystemPrompt = "More."; ${LOG}.push({ tag: "pi", at: "after-edit", systemPrompt: event.systemPrompt });`,
			),
		});
		expect(log.find((l) => l.at === "after-edit")?.systemPrompt).toBe(`${DEFAULT_SYSTEM_PROMPT}\n\n<addendum>\nMore.\n</addendum>`);
	});

	it("selectedTools edited by a pi handler become the run's active tools", async () => {
		const tools = `export default function (pi: any) {
			for (const name of ["alpha", "beta"]) pi.registerTool({ name, description: name, parameters: { type: "object", properties: {} }, execute: async () => ({ content: [] }) });
			pi.registerCommand("active", { handler: async () => ${LOG}.push({ tag: "tools", at: "active", systemPrompt: pi.getActiveTools() }) });
		}`;
		const { log, runtime } = await run({
			"tools.ts": tools,
			"pi.ts": watcher("pi", PI_TYPES, `event.systemPromptOptions.selectedTools.splice(event.systemPromptOptions.selectedTools.indexOf("beta"), 1);`),
		});
		expect(log.find((l) => l.at === "before")?.options.selectedTools).toEqual(["alpha", "beta"]);
		await runtime.submit("/active");
		expect(log.find((l) => l.at === "active")?.systemPrompt).toEqual(["alpha"]);
	});

	it("a run started by sendMessage with triggerTurn has messageType custom and the message, no prompt", async () => {
		const { log, runtime } = await run({ "pi.ts": watcher("pi", PI_TYPES) });
		await runtime.submit("/kick");
		const custom = log.filter((l) => l.at === "before").at(-1)!;
		expect(custom).toMatchObject({ messageType: "custom", message: "kick" });
		expect(custom.prompt).toBeUndefined();
	});
});
