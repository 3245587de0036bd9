/**
 * Behaviour checks for the examples that need Node's built-ins or globals (Playa's `node:*` modules over
 * the workspace), through their asynchronous forms, so they run under Node as well as in Chromium; the
 * examples that call them synchronously are in behaviours-sync.ts.
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
	{
		example: "tool-override.ts",
		title: "its audited read replaces the built-in: it reads workspace files, blocks .env, and logs each access to ~/.pi/agent/read-access.log",
		async run() {
			const ws = await newWorkspace({ files: { "notes.txt": "alpha\nbeta\ngamma", ".env": "KEY=1" } });
			const s = await session(["tool-override.ts"], {
				workspace: ws,
				script: [call("read", { path: "notes.txt", offset: 2, limit: 1 }), say("ok"), call("read", { path: ".env" }), say("ok")],
			});
			await s.submit("read notes");
			await s.submit("read env");
			const [read, blocked] = s.toolResults();
			expect(read).toEqual({ toolName: "read", isError: false, text: "beta" });
			expect(blocked.text).toMatch(/^Access denied: "\.env" matches a blocked pattern/);
			const log = await ws.readFile("/home/user/.pi/agent/read-access.log", "utf8");
			expect(log).toMatch(/^\[[^\]]+\] ALLOWED: \/workspace\/notes\.txt\n\[[^\]]+\] BLOCKED: \/workspace\/\.env \(matches blocked pattern\)\n$/);
		},
	},
	{
		example: "dynamic-resources/index.ts",
		title: "its resources_discover answer names the skill, prompt and theme files beside its own module (fileURLToPath(import.meta.url))",
		async run() {
			const s = await session(["dynamic-resources/index.ts"]);
			// Playa loads no skills, prompt templates or themes from files, so it does not dispatch the event itself.
			const found = await s.runtime.parts.runner.dispatch("resources_discover", { cwd: "/workspace", reason: "startup" });
			expect(found).toEqual({
				skillPaths: [expect.stringMatching(/\/dynamic-resources\/SKILL\.md$/)],
				promptPaths: [expect.stringMatching(/\/dynamic-resources\/dynamic\.md$/)],
				themePaths: [expect.stringMatching(/\/dynamic-resources\/dynamic\.json$/)],
			});
			expect(s.errors()).toEqual([]);
		},
	},
];
