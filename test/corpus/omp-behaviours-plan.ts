/** Behaviour checks (see omp-behaviours.ts) for oh-my-pi's plan-mode extension (extensions/plan-mode.ts). */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { answers } from "./kit.ts";
import { ompSession } from "./omp-kit.ts";

const PLAN = "extensions/plan-mode.ts";
const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const activeTools = (log: unknown[]) =>
	log.flatMap((l) => (typeof l === "object" && l !== null && "activeTools" in l ? [(l as { activeTools: string[] }).activeTools] : []));

export const OMP_PLAN_MODE_BEHAVIOURS: Behaviour[] = [
	{
		example: PLAN,
		title: "/plan and Shift+P toggle plan mode: notification, status, active tools",
		async run() {
			const s = await ompSession([PLAN], { standIns: true, probe: true });
			expect(s.extensions()[1]).toMatchObject({ shortcuts: [{ key: "shift+p" }], flags: [{ name: "plan", value: false }] });
			await s.submit("/plan");
			await s.submit("/probe-tools");
			expect(await s.runtime.runShortcut("shift+p")).toBe(true);
			await s.submit("/probe-tools");
			expect(s.notifications()).toEqual(["Plan mode enabled. Tools: read, bash, search, find", "Plan mode disabled. Full access restored."]);
			expect(s.statuses("plan-mode")).toEqual([undefined, "⏸ plan", undefined]);
			const [planning, after] = activeTools(s.log);
			expect(planning).toContain("bash");
			expect(planning).not.toContain("write");
			expect(planning).not.toContain("edit");
			expect(after).toEqual(expect.arrayContaining(["bash", "write", "edit"]));
		},
	},
	{
		example: PLAN,
		title: "in plan mode a destructive bash command is blocked, a read-only one runs, and each prompt carries the plan-mode context",
		async run() {
			const script = [call("bash", { command: "rm -rf src" }), say("ok"), call("bash", { command: "ls src" }), say("ok")];
			const s = await ompSession([PLAN], { standIns: true, script, answer: answers({ value: "Stay in plan mode" }, { value: "Stay in plan mode" }) });
			await s.submit("/plan");
			await s.submit("delete");
			await s.submit("list");
			const [blocked, allowed] = s.toolResults();
			expect(blocked).toMatchObject({ toolName: "bash", isError: true });
			expect(blocked.text).toContain("Plan mode: destructive command blocked. Use /plan to disable plan mode first.\nCommand: rm -rf src");
			expect(allowed).toEqual({ toolName: "bash", isError: false, text: "bash ran" });
			expect(s.custom("plan-mode-context")).toHaveLength(2);
		},
	},
	{
		example: PLAN,
		title: "a numbered plan becomes a todo list; Execute runs it at once with progress in the status and a widget, then Plan Complete",
		async run() {
			const s = await ompSession([PLAN], {
				standIns: true,
				script: [
					say("Plan:\n1. Read the config file\n2. Update the parser module"),
					call("bash", { command: "cat config.json" }),
					say("Both steps done."),
					say("Plan finished."),
				],
				answer: answers({ value: "Execute the plan (track progress)" }),
			});
			await s.submit("/plan");
			await s.submit("make a plan");
			expect(s.requests[0]).toMatchObject({
				method: "select",
				title: "Plan mode - what next?",
				options: ["Execute the plan (track progress)", "Stay in plan mode", "Refine the plan"],
			});
			expect(s.custom("plan-todo-list").map((e) => e.content)).toEqual(["**Plan Steps (2):**\n\n1. ☐ Config file\n2. ☐ Parser module"]);
			// The execute message starts the next run without waiting for the user.
			expect(s.custom("plan-mode-execute").map((e) => e.content)).toEqual(["Execute the plan. Start with: Config file"]);
			expect(s.toolResults()).toEqual([{ toolName: "bash", isError: false, text: "bash ran" }]);
			expect(s.statuses("plan-mode")).toEqual([undefined, "⏸ plan", "📋 0/2", "📋 1/2", "📋 2/2", undefined]);
			expect(s.widgets().filter((w) => w.key === "plan-todos" && w.lines)[0]).toMatchObject({ lines: ["☐ Config file", "☐ Parser module"] });
			expect(s.custom("plan-complete").map((e) => e.content)).toEqual(["**Plan Complete!** ✓\n\n~~Config file~~\n~~Parser module~~"]);
		},
	},
	{
		example: PLAN,
		title: "Refine the plan asks what to refine and puts the answer in the editor",
		async run() {
			const s = await ompSession([PLAN], {
				standIns: true,
				script: [say("1. Read the config file")],
				answer: answers({ value: "Refine the plan" }, { value: "also check the tests" }),
			});
			await s.submit("/plan");
			await s.submit("plan it");
			expect(s.requests[1]).toMatchObject({ method: "input", title: "What should be refined?" });
			expect(s.events).toContainEqual({ type: "editor_text", text: "also check the tests", mode: "set" });
		},
	},
	{
		example: PLAN,
		title: "a stored plan-mode entry turns plan mode back on at session_start; /todos lists the stored plan",
		async run() {
			const first = await ompSession([PLAN], { standIns: true, script: [say("ok")], answer: answers({ cancelled: true }) });
			await first.submit("/plan");
			await first.submit("look around");
			const second = await ompSession([PLAN], { standIns: true, probe: true, entries: first.entries() });
			await second.submit("/probe-tools");
			await second.submit("/todos");
			expect(second.statuses("plan-mode")).toEqual(["⏸ plan"]);
			expect(activeTools(second.log)[0]).not.toContain("write");
			expect(second.notifications()).toEqual(["No todos. Create a plan first with /plan"]);
		},
	},
];
