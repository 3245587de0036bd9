/**
 * Behaviour checks for the examples that need Node's built-ins or globals (Playa's `node:*` modules over
 * the workspace). These run under Node with the workspace on the same thread, so only the asynchronous
 * forms are exercised here; the synchronous ones (claude-rules, file-trigger) are checked in the page
 * by test/e2e/node-builtins.spec.ts, where the synchronous channel works.
 */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { session, workspace as newWorkspace } from "./kit.ts";

const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const say = (text: string) => ({ text });

export const NODE_BEHAVIOURS: Behaviour[] = [
	{
		example: "bash-spawn-hook.ts",
		title: "createBashTool's spawnHook rewrites the command and adds PI_SPAWN_HOOK to its environment",
		async run() {
			const workspace = await newWorkspace({ cwd: "/home/user/project" });
			const s = await session(["bash-spawn-hook.ts"], { workspace, script: [call("bash", { command: "echo hook=$PI_SPAWN_HOOK; pwd" }), say("ok")] });
			await s.submit("run it");
			const [result] = s.toolResults();
			expect(result.toolName).toBe("bash");
			expect(result.text).toContain("hook=1");
			expect(result.text).toContain("/home/user/project");
		},
	},
	{
		example: "built-in-tool-renderer.ts",
		title: "its read, bash, edit and write (made with create*ToolDefinition) run on the workspace",
		async run() {
			const workspace = await newWorkspace({ cwd: "/w", files: { "a.txt": "first line\n" } });
			const s = await session(["built-in-tool-renderer.ts"], {
				workspace,
				script: [
					call("read", { path: "a.txt" }),
					say("read"),
					call("write", { path: "b.txt", content: "new" }),
					say("wrote"),
					call("bash", { command: "cat b.txt" }),
					say("ran"),
				],
			});
			await s.submit("read a.txt");
			await s.submit("write b.txt");
			await s.submit("cat b.txt");
			expect(s.toolResults().map((result) => [result.toolName, result.isError])).toEqual([
				["read", false],
				["write", false],
				["bash", false],
			]);
			expect(s.toolResults()[0].text).toContain("first line");
			expect(s.toolResults()[2].text).toContain("new");
			expect(await workspace.readFile("/w/b.txt", "utf8")).toBe("new");
		},
	},
	{
		example: "titlebar-spinner.ts",
		title: "the title names the session's folder (path.basename(process.cwd()))",
		async run() {
			const workspace = await newWorkspace({ cwd: "/home/user/my-repo" });
			const s = await session(["titlebar-spinner.ts"], { workspace, script: [say("done")] });
			await s.submit("hi");
			const titles = s.events.flatMap((event) => (event.type === "title" ? [event.title] : []));
			expect(titles.some((title) => title.includes("my-repo"))).toBe(true);
		},
	},
];
