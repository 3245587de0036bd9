import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/headless/cli.ts";
import { UPSTREAM_EXAMPLES } from "../support/runtime-harness.ts";

async function run(args: string[]) {
	const lines: string[] = [];
	const code = await main(args, (line) => lines.push(line));
	return { code, events: lines.map((line) => JSON.parse(line) as { type: string; [key: string]: unknown }) };
}

describe("the headless runner", () => {
	const dir = mkdtempSync(join(tmpdir(), "playa-headless-"));

	it("runs upstream's hello.ts with a script and a prompt, printing events as JSON lines", async () => {
		const script = join(dir, "steps.json");
		writeFileSync(script, JSON.stringify([{ toolCalls: [{ name: "hello", arguments: { name: "CI" } }] }, { text: "done" }]));
		const { code, events } = await run(["--ext", join(UPSTREAM_EXAMPLES, "hello.ts"), "--script", script, "--prompt", "greet"]);
		expect(code).toBe(0);
		const texts = events
			.filter((e) => e.type === "entry_appended")
			.map((e) => JSON.stringify((e.entry as { message: unknown }).message));
		expect(texts.some((t) => t.includes("Hello, CI!"))).toBe(true);
		expect(events.at(-1)).toMatchObject({ type: "run_state", running: false });
	});

	it("answers dialogs with --answer and exits 1 when an extension fails to load", async () => {
		const ext = join(dir, "ask.ts");
		writeFileSync(
			ext,
			`export default function (pi: any) {
				pi.registerCommand("ask", { handler: async (_a: string, ctx: any) => ctx.ui.notify(String(await ctx.ui.confirm("Sure?", "Really?"))) });
			}`,
		);
		const broken = join(dir, "broken.ts");
		writeFileSync(broken, "export default function ( {");
		const ok = await run(["--ext", ext, "--prompt", "/ask", "--answer", "yes"]);
		expect(ok.code).toBe(0);
		expect(ok.events).toContainEqual(expect.objectContaining({ type: "notify", message: "true" }));
		const bad = await run(["--ext", ext, "--ext", broken, "--prompt", "/ask"]);
		expect(bad.code).toBe(1);
		expect(bad.events).toContainEqual(expect.objectContaining({ type: "notify", message: "false" }));
	});

	it("reports ctx.mode \"rpc\": nobody can press keys in a component, so question.ts gives its no-UI answer", async () => {
		const script = join(dir, "question.json");
		writeFileSync(script, JSON.stringify([{ toolCalls: [{ name: "question", arguments: { question: "Which?", options: [{ label: "A" }] } }] }, { text: "ok" }]));
		const { code, events } = await run(["--ext", join(UPSTREAM_EXAMPLES, "question.ts"), "--script", script, "--prompt", "ask"]);
		expect(code).toBe(0);
		const texts = events.filter((e) => e.type === "entry_appended").map((e) => JSON.stringify(e.entry));
		expect(texts.some((t) => t.includes("UI not available (running in non-interactive mode)"))).toBe(true);
	});

	it("says how to use it when no extension is given", async () => {
		const code = await main([], () => {});
		expect(code).toBe(2);
	});
});
