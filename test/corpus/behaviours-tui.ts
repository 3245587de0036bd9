/**
 * Behaviour checks for the examples that need `ctx.mode === "tui"`: Playa draws `ctx.ui.custom`
 * components in a panel, so these take their TUI path. Each test opens the component, reads its
 * lines as the host gets them, and answers with key presses as the page sends them.
 */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { plain, session, workspace } from "./kit.ts";

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });

/** Terminal byte sequences for the keys the examples read. */
const KEY = { enter: "\r", escape: "\x1b", up: "\x1b[A", down: "\x1b[B", left: "\x1b[D", right: "\x1b[C", space: " " };

export const TUI_BEHAVIOURS: Behaviour[] = [
	{
		example: "question.ts",
		title: "the question tool shows its options in the page; arrow keys and Enter answer the model",
		async run() {
			const s = await session(["question.ts"], {
				script: [call("question", { question: "Which colour?", options: [{ label: "Red" }, { label: "Blue" }] }), say("ok")],
			});
			const run = s.submit("ask me");
			const id = await s.component("Which colour?");
			expect(s.components().get(id)!.join("\n")).toContain("Blue");
			await s.press(id, KEY.down, KEY.enter);
			await run;
			expect(s.toolResults()[0].text).toBe("User selected: 2. Blue");
			expect(s.components().size).toBe(0);
			// The transcript draws the call and the result with the tool's renderCall / renderResult.
			expect(s.events.some((e) => e.type === "tool_call_rendered" && (e.lines ?? []).some((l) => plain(l)!.includes("question Which colour?")))).toBe(true);
			expect(s.rendered().map((r) => r.lines)).toEqual([["✓ 2. Blue"]]);
		},
	},
	{
		example: "question.ts",
		title: "Escape cancels the question",
		async run() {
			const s = await session(["question.ts"], { script: [call("question", { question: "Which?", options: [{ label: "A" }] }), say("ok")] });
			const run = s.submit("ask me");
			await s.press(await s.component("Which?"), KEY.escape);
			await run;
			expect(s.toolResults()[0].text).toBe("User cancelled the selection");
		},
	},
	{
		example: "questionnaire.ts",
		title: "the questionnaire shows its question; Enter picks the option and the model gets the answers",
		async run() {
			const s = await session(["questionnaire.ts"], {
				script: [
					call("questionnaire", {
						questions: [
							{
								id: "q",
								prompt: "Which colour?",
								options: [
									{ value: "red", label: "Red" },
									{ value: "blue", label: "Blue" },
								],
							},
						],
					}),
					say("ok"),
				],
			});
			const run = s.submit("ask me");
			const id = await s.component("Which colour?");
			await s.press(id, KEY.down, KEY.enter);
			// A single question submits on Enter, more than one ends on a review tab that wants another Enter.
			if (s.components().has(id)) await s.press(id, KEY.enter);
			await run;
			expect(s.toolResults()[0].text).toContain("Blue");
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "todo.ts",
		title: "/todos shows the branch's todos in a component that Escape closes",
		async run() {
			const s = await session(["todo.ts"], { script: [call("todo", { action: "add", text: "Buy milk" }), say("ok")] });
			await s.submit("add milk");
			const run = s.submit("/todos");
			const id = await s.component("Buy milk");
			await s.press(id, KEY.escape);
			await run;
			expect(s.components().size).toBe(0);
		},
	},
	{
		example: "tic-tac-toe.ts",
		title: "/tic-tac-toe opens the board in the page",
		async run() {
			const s = await session(["tic-tac-toe.ts"]);
			const run = s.submit("/tic-tac-toe");
			const id = await s.component();
			expect(s.components().get(id)!.join("\n").length).toBeGreaterThan(0);
			await s.press(id, KEY.escape);
			await run;
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "tools.ts",
		title: "/tools lists every tool; Space turns the selected one off and the choice is stored",
		async run() {
			// With a workspace, as in the page: the built-in tools come first, read selected.
			const s = await session(["hello.ts", "tools.ts"], { probe: true, workspace: await workspace() });
			const run = s.submit("/tools");
			const id = await s.component("Tool Configuration");
			const listed = () => s.components().get(id)!.join("\n");
			expect(listed()).toMatch(/→ read\s+enabled/);
			expect(listed()).toMatch(/hello\s+enabled/);
			await s.press(id, KEY.space);
			expect(listed()).toMatch(/→ read\s+disabled/);
			await s.press(id, KEY.escape);
			await run;
			const enabled = s.custom("tools-config").at(-1)?.data.enabledTools;
			expect(enabled).not.toContain("read");
			expect(enabled).toContain("hello");
			await s.submit("/probe-tools");
			expect(s.log).toEqual([{ activeTools: enabled }]);
		},
	},
	{
		example: "snake.ts",
		title: "/snake draws the game; Escape pauses it and saves the game as a session entry",
		async run() {
			const s = await session(["snake.ts"]);
			const run = s.submit("/snake");
			const id = await s.component();
			expect(s.components().get(id)!.join("\n")).toMatch(/snake/i);
			await s.press(id, KEY.escape);
			await run;
			expect(s.custom("snake-save")).toHaveLength(1);
		},
	},
	{
		example: "space-invaders.ts",
		title: "/invaders draws the game; Escape pauses it and saves the game as a session entry",
		async run() {
			const s = await session(["space-invaders.ts"]);
			const run = s.submit("/invaders");
			const id = await s.component();
			expect(s.components().get(id)!.join("\n")).toMatch(/invaders/i);
			await s.press(id, KEY.escape);
			await run;
			expect(s.custom("space-invaders-save")).toHaveLength(1);
		},
	},
	...(
		[
			["qna.ts", "/qna", "No assistant messages found"],
			["handoff.ts", "/handoff write the tests", "No conversation to hand off"],
		] as const
	).map(
		([example, command, message]): Behaviour => ({
			example,
			title: `${command.split(" ")[0]} in a session with no conversation says so`,
			async run() {
				const s = await session([example]);
				await s.submit(command);
				expect(s.notifications()).toEqual([message]);
			},
		}),
	),
];
