/** Behaviour checks (see behaviours.ts) for examples that change prompts, context and the system prompt, plan mode, and compaction. */
import { expect } from "vitest";
import { DEFAULT_SYSTEM_PROMPT } from "../../src/runtime/agent/session.ts";
import type { Behaviour } from "./behaviours.ts";
import { answers, eventually, gitWorkspace, plain, session, workspace } from "./kit.ts";

const say = (text: string) => ({ text });

export const PROMPT_BEHAVIOURS: Behaviour[] = [
	// ── input transforms ─────────────────────────────────────────────────────────────────────
	{
		example: "input-transform.ts",
		title: "?quick rewrites the prompt; ping answers pong; other text passes unchanged",
		async run() {
			const s = await session(["input-transform.ts"], { script: [say("ok"), say("ok"), say("ok"), say("ok")] });
			await s.submit("?quick What is TypeScript?");
			await s.submit("plain question");
			await s.submit("ping");
			expect(s.notifications()).toEqual(["pong"]);
			expect(
				s
					.transcript()
					.filter((line) => line.startsWith("user:"))
					.slice(0, 2),
			).toEqual(["user: Respond briefly in 1-2 sentences: What is TypeScript?", "user: plain question"]);
		},
	},
	{
		example: "input-transform.ts",
		title: "ping and time are handled without the model",
		async run() {
			const s = await session(["input-transform.ts"], { script: [say("ok")] });
			await s.submit("ping");
			expect(s.transcript()).toEqual([]);
		},
	},
	{
		example: "input-transform-streaming.ts",
		title: "a prompt about changes gets git diff --stat appended; others, and any without git (the embedded shell), pass unchanged",
		async run() {
			const stat = " src/a.ts | 2 +-\n 1 file changed";
			const { workspace, lines } = await gitWorkspace((line) => (line === "git diff --stat" ? { stdout: stat } : undefined));
			const s = await session(["input-transform-streaming.ts"], { workspace, script: [say("ok"), say("ok")] });
			await s.submit("hello there");
			await s.submit("show me the changes");
			expect(lines).toEqual(["git diff --stat"]);
			expect(s.transcript().filter((line) => line.startsWith("user:"))).toEqual([
				"user: hello there",
				`user: show me the changes\n\nCurrent uncommitted changes:\n\`\`\`\n${stat.trim()}\n\`\`\``,
			]);
			const plain = await session(["input-transform-streaming.ts"], { workspace: (await gitWorkspace()).workspace, script: [say("ok")] });
			await plain.submit("show me the changes");
			expect(plain.transcript()[0]).toBe("user: show me the changes");
		},
	},
	{
		example: "inline-bash.ts",
		title: "!{command} in a prompt is replaced by its output in the workspace and the expansion is announced",
		async run() {
			const { workspace } = await gitWorkspace();
			const s = await session(["inline-bash.ts"], { workspace, script: [say("ok"), say("ok")] });
			await s.submit("plain prompt");
			await s.submit("What is in !{echo the box}?");
			const users = s.transcript().filter((line) => line.startsWith("user:"));
			expect(users).toEqual(["user: plain prompt", "user: What is in the box?"]);
			expect(s.notifications().some((n) => n.startsWith("Expanded 1 inline command(s):\n!{echo the box}"))).toBe(true);
		},
	},

	// ── before_agent_start prompts ───────────────────────────────────────────────────────────
	{
		example: "pirate.ts",
		title: "/pirate toggles; in pirate mode the string systemPrompt it returns is the prompt the model gets",
		async run() {
			const s = await session(["pirate.ts"], { probe: true, script: [say("ok"), say("ok")] });
			await s.submit("/pirate");
			await s.submit("hello");
			await s.submit("/pirate");
			await s.submit("again");
			expect(s.notifications()).toEqual(["Arrr! Pirate mode enabled!", "Pirate mode disabled"]);
			const prompts = s.log.flatMap((l) =>
				typeof l === "object" && l !== null && "systemPrompt" in l ? [(l as { systemPrompt: string[] }).systemPrompt.join("\n\n")] : [],
			);
			expect(prompts).toHaveLength(2);
			expect(prompts[0].startsWith(`${DEFAULT_SYSTEM_PROMPT}\n\nIMPORTANT: You are now in PIRATE MODE.`)).toBe(true);
			expect(prompts[1]).toBe(DEFAULT_SYSTEM_PROMPT);
			const sent = s.requestSystemPrompts();
			expect(sent[0]).toBe(prompts[0]);
			expect(sent[1]).toBe(DEFAULT_SYSTEM_PROMPT);
		},
	},
	{
		example: "system-prompt-header.ts",
		title: "agent_start shows the system prompt size; session_shutdown clears it",
		async run() {
			const s = await session(["system-prompt-header.ts"], { script: [say("ok")] });
			await s.submit("hi");
			await s.runtime.shutdown();
			const statuses = s.statuses("system-prompt");
			expect(statuses[0]).toMatch(/^System: \d+ chars$/);
			expect(statuses.at(-1)).toBeUndefined();
		},
	},
	{
		example: "system-prompt-header.ts",
		title: "the size is the prompt's length in characters (ctx.getSystemPrompt() is a string in pi's dialect)",
		async run() {
			const s = await session(["system-prompt-header.ts"], { probe: true, script: [say("ok")] });
			await s.submit("hi");
			const [{ systemPrompt }] = s.log as { systemPrompt: string[] }[];
			expect(s.statuses("system-prompt")[0]).toBe(`System: ${systemPrompt.join("\n\n").length} chars`);
			expect(s.statuses("system-prompt")[0]).toBe(`System: ${DEFAULT_SYSTEM_PROMPT.length} chars`);
		},
	},
	{
		example: "prompt-customizer.ts",
		title: "the handler's tool_guidance section, built from event.systemPromptOptions, reaches the model",
		async run() {
			// With a workspace, as in the page: the built-in read and the bash, write and edit stand-ins are the active tools.
			const s = await session(["prompt-customizer.ts"], { standIns: true, workspace: await workspace(), script: [say("ok")] });
			await s.submit("hi");
			expect(s.errors()).toEqual([]);
			expect(s.transcript()).toEqual(["user: hi", "assistant: ok"]);
			const [sent] = s.requestSystemPrompts();
			expect(sent).toBe(
				`${DEFAULT_SYSTEM_PROMPT}\n\n<tool_guidance>\n` +
					"- Use `read` for file contents; it supports text and images.\n" +
					"- For large files, use `offset` and `limit` to read in chunks.\n" +
					"- Use `bash` for file operations such as `ls`, `find`, and `grep`.\n" +
					"- Use `edit` for precise text replacements that match existing content exactly.\n" +
					"- Use `write` to create new files or replace existing files completely.\n</tool_guidance>",
			);
		},
	},
	{
		example: "plan-mode/index.ts",
		title: 'in plan mode a prompt carries the plan-mode context message (before_agent_start\'s messageType is "user")',
		async run() {
			const s = await session(["plan-mode/index.ts"], { script: [say("ok")], answer: answers({ cancelled: true }) });
			await s.submit("/plan");
			await s.submit("explore");
			expect(s.custom("plan-mode-context")).toHaveLength(1);
		},
	},

	// ── context edits, session entries, shortcuts, flags ──────────────────────────────────────
	{
		example: "plan-mode/index.ts",
		title: "/plan and ctrl+alt+p toggle plan mode: notification, status, active tools, a plan-mode entry",
		async run() {
			const s = await session(["plan-mode/index.ts"], { standIns: true, probe: true });
			expect(s.extensions()[1]).toMatchObject({ shortcuts: [{ key: "ctrl+alt+p" }], flags: [{ name: "plan", value: false }] });
			await s.submit("/probe-tools");
			await s.submit("/plan");
			await s.submit("/probe-tools");
			expect(await s.runtime.runShortcut("ctrl+alt+p")).toBe(true);
			await s.submit("/probe-tools");
			expect(s.notifications()).toEqual(["Plan mode enabled. Built-in write tools disabled.", "Plan mode disabled. Full access restored."]);
			expect(s.statuses("plan-mode")).toEqual([undefined, "⏸ plan", undefined]);
			// Built-in tools may be in the session too (read, ...): look at the ones plan mode manages.
			const [before, planning, after] = s.log.map((l) => (l as { activeTools: string[] }).activeTools);
			expect(before).toEqual(expect.arrayContaining(["bash", "write", "edit"]));
			expect(planning).toContain("bash");
			expect(planning).not.toEqual(expect.arrayContaining(["write"]));
			expect(planning).not.toEqual(expect.arrayContaining(["edit"]));
			expect(after).toEqual(expect.arrayContaining(["bash", "write", "edit"]));
			expect(s.custom("plan-mode").map((e) => e.data.enabled)).toEqual([true, false]);
		},
	},
	{
		example: "plan-mode/index.ts",
		title: "a stored plan-mode entry turns plan mode back on at session_start",
		async run() {
			const first = await session(["plan-mode/index.ts"], { standIns: true });
			await first.submit("/plan");
			const second = await session(["plan-mode/index.ts"], { standIns: true, probe: true, entries: first.entries() });
			await second.submit("/probe-tools");
			expect(second.statuses("plan-mode")).toEqual(["⏸ plan"]);
			const [{ activeTools }] = second.log as { activeTools: string[] }[];
			expect(activeTools).toContain("bash");
			expect(activeTools.filter((name) => name === "write" || name === "edit")).toEqual([]);
		},
	},
	{
		example: "plan-mode/index.ts",
		title: "outside plan mode the context event drops stale [PLAN MODE ACTIVE] prompts before the request",
		async run() {
			const s = await session(["plan-mode/index.ts"], { probe: true, script: [say("ok"), say("ok")] });
			await s.submit("keep this");
			await s.submit("[PLAN MODE ACTIVE] old instructions");
			const contexts = s.log.flatMap((l) =>
				typeof l === "object" && l !== null && "context" in l ? [(l as { context: { role: string; content: unknown }[] }).context] : [],
			);
			const userTexts = contexts
				.at(-1)!
				.filter((m) => m.role === "user")
				.map((m) => JSON.stringify(m.content));
			expect(userTexts.some((t) => t.includes("keep this"))).toBe(true);
			expect(userTexts.some((t) => t.includes("[PLAN MODE ACTIVE]"))).toBe(false);
			expect(s.transcript()).toContain("user: [PLAN MODE ACTIVE] old instructions");
		},
	},
	{
		example: "plan-mode/index.ts",
		title: "a plan in the reply becomes todo steps: the user is asked what next, /todos lists them",
		async run() {
			const plan = "Plan:\n1. Read the config loader\n2. Write the migration script";
			const s = await session(["plan-mode/index.ts"], { script: [say(plan)], answer: answers({ value: "Stay in plan mode" }) });
			await s.submit("/plan");
			await s.submit("make a plan");
			await eventually(() => expect(s.requests[0]).toMatchObject({ method: "select", title: "Plan mode - what next?" }));
			await s.submit("/todos");
			expect(s.notifications().at(-1)).toBe("Plan Progress:\n1. ○ Config loader\n2. ○ Migration script");
			expect(s.custom("plan-mode").at(-1)!.data.todos).toHaveLength(2);
		},
	},
	{
		example: "tools.ts",
		title: "a stored tools-config entry restores the active tools at session_start",
		async run() {
			const first = await session(["hello.ts", "tools.ts"], { probe: true });
			await first.submit('/probe-append tools-config {"enabledTools":["hello"]}');
			const second = await session(["hello.ts", "tools.ts"], { probe: true, entries: first.entries() });
			await second.submit("/probe-tools");
			expect(second.log).toEqual([{ activeTools: ["hello"] }]);
		},
	},

	// ── Terminal-only parts: refused or reported as notices, never a crash ───────────────────────
	{
		example: "custom-footer.ts",
		title: "/footer's setFooter becomes a notice",
		async run() {
			const s = await session(["custom-footer.ts"]);
			await s.submit("/footer");
			expect(s.notifications()).toEqual(["Custom footer enabled"]);
			expect(s.notices("custom-footer.ts")).toEqual(["ctx.ui.setFooter is terminal-only and not supported in the browser"]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "custom-header.ts",
		title: "the mascot header is drawn at session start, and /builtin-header clears it",
		async run() {
			const s = await session(["custom-header.ts"]);
			const headers = () => s.events.flatMap((e) => (e.type === "header" ? [e.lines?.map((line) => plain(line)!.trimEnd()) ?? []] : []));
			const shown = () => headers().at(-1)?.join("\n") ?? "";
			await eventually(() => expect(shown()).toContain("shitty coding agent"));
			expect(shown()).toContain("██████████████");
			await s.submit("/builtin-header");
			expect(s.notifications()).toEqual(["Built-in header restored"]);
			expect(headers().at(-1)).toEqual([]);
			expect(s.notices("custom-header.ts")).toEqual([]);
		},
	},
	{
		example: "overlay-test.ts",
		title: "/overlay-test opens its component in the page: its lines reach the host",
		async run() {
			const s = await session(["overlay-test.ts"]);
			// The command waits for the user to close the component, so it is not awaited here.
			void s.runtime.submit("/overlay-test");
			await eventually(() => expect(s.events.some((e) => e.type === "component" && (e.lines?.length ?? 0) > 0)).toBe(true));
			expect(s.errors()).toEqual([]);
		},
	},
	...(["modal-editor.ts", "rainbow-editor.ts"] as const).map(
		(example): Behaviour => ({
			example,
			title: "setEditorComponent at session_start becomes a notice",
			async run() {
				const s = await session([example]);
				expect(s.notices(example)).toEqual(["ctx.ui.setEditorComponent is terminal-only and not supported in the browser"]);
				expect(s.errors()).toEqual([]);
			},
		}),
	),
	{
		example: "summarize.ts",
		title: "/summarize with nothing to summarise says so",
		async run() {
			const s = await session(["summarize.ts"]);
			await s.submit("/summarize");
			expect(s.notifications()).toEqual(["No conversation text found"]);
		},
	},
	{
		example: "trigger-compact.ts",
		title: "/trigger-compact compacts the session and reports start and completion",
		async run() {
			// Upstream keeps about 20,000 tokens: a long second prompt is kept, the first exchange summarized.
			const s = await session(["trigger-compact.ts"], { script: [say("First reply"), say("Second reply"), say("The summary")] });
			await s.submit("First prompt");
			await s.submit(`Second prompt ${"x".repeat(90_000)}`);
			await s.submit("/trigger-compact");
			await eventually(() => expect(s.notifications()).toEqual(["Compaction started", "Compaction completed"]));
			expect(s.entries().filter((e) => e.type === "compaction")).toMatchObject([{ summary: "The summary" }]);
			expect(s.errors()).toEqual([]);
		},
	},
];
