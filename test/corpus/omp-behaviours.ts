/**
 * Behaviour checks for oh-my-pi's examples (test/corpus/omp-examples/), as data: test/unit/corpus-omp.test.ts
 * runs each one and fills the "behaves" column of docs/corpus-omp.md from this list. The reference's
 * extensions/ and custom-tools/ are here; its hooks/ (mostly near-copies of upstream pi's examples, with pi's
 * checks adapted) are in omp-behaviours-hooks.ts. A check with `gap` asserts the reference's behaviour where
 * Playa falls short and runs as `it.fails` until the gap is closed.
 */
import { expect } from "vitest";
import { DEFAULT_SYSTEM_PROMPT } from "../../src/runtime/agent/session.ts";
import type { Behaviour } from "./behaviours.ts";
import { plain } from "./kit.ts";
import { OMP_HOOK_BEHAVIOURS } from "./omp-behaviours-hooks.ts";
import { OMP_PLAN_MODE_BEHAVIOURS } from "./omp-behaviours-plan.ts";
import { type OmpSession, ompSession } from "./omp-kit.ts";

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const KEY = { space: " ", escape: "\x1b", down: "\x1b[B" };

/**
 * In /tools' open list, moves the selection down to `tool` (below the built-in tools when the session has a
 * workspace, as in the page; first without one, as under Node), turns it off with Space and closes the list.
 */
async function turnOff(s: OmpSession, id: string, tool: string): Promise<void> {
	const line = () =>
		s
			.components()
			.get(id)!
			.find((text) => new RegExp(`^. ${tool}\\s`).test(text)) ?? "";
	for (let moves = 0; !line().startsWith("→") && moves < 20; moves++) await s.press(id, KEY.down);
	expect(line()).toMatch(/^→ .* enabled$/);
	await s.press(id, KEY.space);
	expect(line()).toMatch(/^→ .* disabled$/);
	await s.press(id, KEY.escape);
}

/** What the extension at `path` wrote to its console (the inspector's Console tab), ANSI colours removed. */
function consoleOf(s: OmpSession, path: string): string[] {
	s.runtime.parts.inspector?.flush();
	return s.events.flatMap((e) =>
		e.type === "inspector" ? e.console.filter((c) => c.url.endsWith(`/${path}`)).map((c) => `${c.level}: ${plain(c.text)}`) : [],
	);
}

const LOGGED = [
	"debug: [api-demo] API demo extension loaded",
	'debug: [api-demo] Session started {"extension":"api-demo"}',
	'debug: [api-demo] Agent started {"extension":"api-demo"}',
];

export const OMP_EXTENSION_BEHAVIOURS: Behaviour[] = [
	{
		example: "extensions/hello.ts",
		title: "the model calls hello (a pi.zod schema) and sees the greeting",
		async run() {
			const s = await ompSession(["extensions/hello.ts"], { script: [call("hello", { name: "Ada" }), say("ok")] });
			await s.submit("greet Ada");
			expect(s.toolResults()).toEqual([{ toolName: "hello", isError: false, text: "Hello, Ada!" }]);
		},
	},
	{
		example: "custom-tools/hello/index.ts",
		title: "the factory's tool is registered; the model calls hello and sees the greeting",
		async run() {
			const s = await ompSession(["custom-tools/hello/index.ts"], { script: [call("hello", { name: "Grace" }), say("ok")] });
			expect(s.extensions()[0]).toMatchObject({ loaded: true, tools: ["hello"] });
			await s.submit("greet Grace");
			expect(s.toolResults()).toEqual([{ toolName: "hello", isError: false, text: "Hello, Grace!" }]);
		},
	},
	{
		example: "extensions/api-demo.ts",
		title: "pi.logger writes to its console as it loads, as the session starts and as the agent starts",
		async run() {
			const s = await ompSession(["extensions/api-demo.ts"], { script: [say("ok")] });
			await s.submit("hi");
			expect(consoleOf(s, "extensions/api-demo.ts")).toEqual(LOGGED);
		},
	},
	{
		example: "extensions/api-demo.ts",
		title:
			"the model calls api_demo: it logs at the schema's default level, then fails reading ctx.sessionManager, since it takes its arguments in an older order (…, onUpdate, ctx, signal) than the reference passes (…, signal, onUpdate, ctx)",
		async run() {
			const s = await ompSession(["extensions/api-demo.ts"], { script: [call("api_demo", { message: "hi" }), say("ok")] });
			await s.submit("demo");
			const [result] = s.toolResults();
			expect(result).toMatchObject({ toolName: "api_demo", isError: true });
			expect(result.text).toContain("getSessionFile");
			// pi.logger at the level the zod default filled in.
			expect(consoleOf(s, "extensions/api-demo.ts")).toContain(
				`debug: [api-demo] API demo tool executed ${JSON.stringify({ message: "hi", logLevel: "debug" })}`,
			);
		},
	},
	{
		example: "extensions/chalk-logger.ts",
		title: "its console shows the load line, the agent's start, each tool call and the message count at the end",
		async run() {
			const s = await ompSession(["extensions/hello.ts", "extensions/chalk-logger.ts"], { script: [call("hello", { name: "Ada" }), say("ok")] });
			await s.submit("greet Ada");
			expect(consoleOf(s, "extensions/chalk-logger.ts")).toEqual([
				"log: ✓ chalk-logger extension loaded",
				"log: [chalk-logger] Agent starting",
				"log: [chalk-logger] Tool: hello",
				"log: [chalk-logger] Done with 4 messages",
			]);
		},
	},
	{
		example: "extensions/with-deps/index.ts",
		title: "ms loads from the ESM CDN; parse_duration converts a duration and refuses nonsense",
		async run() {
			const s = await ompSession(["extensions/with-deps/index.ts"], {
				script: [call("parse_duration", { duration: "2 days" }), say("ok"), call("parse_duration", { duration: "soon" }), say("ok")],
			});
			await s.submit("how long is 2 days");
			await s.submit("how long is soon");
			expect(s.toolResults()).toEqual([
				{ toolName: "parse_duration", isError: false, text: "2 days = 172800000 milliseconds" },
				{ toolName: "parse_duration", isError: true, text: 'Invalid duration: "soon"' },
			]);
		},
	},
	{
		example: "extensions/pirate.ts",
		title: "/pirate toggles, and, as in the reference, its systemPromptAppend is ignored: the model gets the usual prompt",
		async run() {
			const s = await ompSession(["extensions/pirate.ts"], { script: [say("ok"), say("ok")] });
			await s.submit("/pirate");
			await s.submit("hello");
			await s.submit("/pirate");
			await s.submit("again");
			expect(s.notifications()).toEqual(["Arrr! Pirate mode enabled!", "Pirate mode disabled"]);
			expect(s.errors()).toEqual([]);
			expect(s.requestSystemPrompts()).toEqual([DEFAULT_SYSTEM_PROMPT, DEFAULT_SYSTEM_PROMPT]);
		},
	},
	{
		example: "extensions/reload-runtime.ts",
		title: "/reload-runtime asks the host to reload",
		async run() {
			const s = await ompSession(["extensions/reload-runtime.ts"]);
			await s.submit("/reload-runtime");
			expect(s.events).toContainEqual({ type: "session_request", action: "reload" });
		},
	},
	{
		example: "extensions/reload-runtime.ts",
		title: "the reload_runtime tool queues /reload-runtime as a follow-up, which, as the reference says, goes to the model as text and reloads nothing",
		async run() {
			const s = await ompSession(["extensions/reload-runtime.ts"], { script: [call("reload_runtime", {}), say("ok"), say("done")] });
			await s.submit("reload please");
			expect(s.toolResults()).toEqual([{ toolName: "reload_runtime", isError: false, text: "Queued /reload-runtime as a follow-up command." }]);
			expect(s.transcript().slice(-2)).toEqual(["user: /reload-runtime", "assistant: done"]);
			expect(s.events.filter((e) => e.type === "session_request")).toEqual([]);
		},
	},
	{
		example: "extensions/thinking-note.ts",
		title: 'pi.setLabel names it "Thinking note" in the extensions panel',
		async run() {
			const s = await ompSession(["extensions/thinking-note.ts"]);
			expect(s.extensions()).toMatchObject([{ name: "Thinking note", loaded: true }]);
		},
	},
	{
		example: "extensions/thinking-note.ts",
		title: "an assistant reply with a thinking block is drawn by its thinking renderer (the block's length)",
		async run() {
			const s = await ompSession(["extensions/thinking-note.ts"], { script: [{ thinking: "Let me think.", text: "ok" }] });
			await s.submit("think");
			const assistant = s.entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "assistant")!;
			const rendered = s.events.flatMap((e) => (e.type === "thinking_rendered" ? [e] : []));
			expect(rendered).toMatchObject([{ entryId: assistant.id, contentIndex: 0 }]);
			expect(rendered[0].lines.map((line) => plain(line)!.trim()).filter(Boolean)).toEqual(["thinking chars: 13"]);
		},
	},
	{
		example: "extensions/tools.ts",
		title: "/tools lists every tool; Space turns the selected one off, the choice is stored and applied",
		async run() {
			const s = await ompSession(["extensions/hello.ts", "extensions/tools.ts"], { probe: true });
			const run = s.submit("/tools");
			const id = await s.component("Tool Configuration");
			expect(s.components().get(id)!.join("\n")).toContain("hello");
			await turnOff(s, id, "hello");
			await run;
			expect(s.custom("tools-config").at(-1)?.data.enabledTools).not.toContain("hello");
			await s.submit("/probe-tools");
			expect((s.log[0] as { activeTools: string[] }).activeTools).not.toContain("hello");
		},
	},
	{
		example: "extensions/tools.ts",
		title: "a stored tools-config entry is applied again when the session starts",
		async run() {
			const first = await ompSession(["extensions/hello.ts", "extensions/tools.ts"]);
			const run = first.submit("/tools");
			const id = await first.component("Tool Configuration");
			await turnOff(first, id, "hello");
			await run;
			const second = await ompSession(["extensions/hello.ts", "extensions/tools.ts"], { probe: true, entries: first.entries() });
			await second.submit("/probe-tools");
			expect((second.log[0] as { activeTools: string[] }).activeTools).not.toContain("hello");
		},
	},
];

export const OMP_BEHAVIOURS: Behaviour[] = [...OMP_EXTENSION_BEHAVIOURS, ...OMP_PLAN_MODE_BEHAVIOURS, ...OMP_HOOK_BEHAVIOURS];
