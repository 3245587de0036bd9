/**
 * Behaviour checks for the examples that need Node's built-ins or globals (Playa's `node:*` modules over
 * the workspace), through their asynchronous forms, so they run under Node as well as in Chromium; the
 * examples that call them synchronously are in behaviours-sync.ts.
 */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { workspaceUrl } from "../../src/protocol/workspace/workspace-url.ts";
import { environment } from "./environment.ts";
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
		title: "from the workspace, its skill is listed in the model's system prompt, /dynamic sends its template, and its theme is offered",
		async run() {
			// Its folder in the workspace, as a project extension: import.meta.url is the workspace file, so its paths are too.
			const dir = "/workspace/.pi/extensions/dynamic-resources";
			const example = environment().files();
			const files = Object.fromEntries(
				["index.ts", "SKILL.md", "dynamic.md", "dynamic.json"].map((name) => [`${dir}/${name}`, example[`dynamic-resources/${name}`]]),
			);
			const s = await session([], { workspace: await newWorkspace({ files }), urls: [workspaceUrl(`${dir}/index.ts`)], script: [say("ok")] });
			await s.submit("/dynamic");
			expect(s.transcript()[0]).toBe("user: Summarize the current repository structure and mention any build or test commands.");
			const [systemPrompt] = s.requestSystemPrompts();
			expect(systemPrompt).toContain(
				`<available_skills>\n  <skill>\n    <name>dynamic-resources</name>\n    <description>Example skill loaded from resources_discover</description>\n    <location>${dir}/SKILL.md</location>\n  </skill>\n</available_skills>`,
			);
			expect(s.runtime.parts.resources.themes.map(({ name, path }) => ({ name, path }))).toEqual([{ name: "dynamic-resources", path: `${dir}/dynamic.json` }]);
			expect(s.offeredCommands()).toEqual(expect.arrayContaining([expect.objectContaining({ name: "dynamic", extension: "prompt template" })]));
			expect(s.notifications()).toEqual([]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "dynamic-resources/index.ts",
		title: "loaded from a URL, its paths are not workspace files: each is a warning naming it, and nothing else is lost",
		async run() {
			const s = await session(["dynamic-resources/index.ts"], { workspace: await newWorkspace() });
			expect(s.notifications()).toEqual([
				expect.stringMatching(/^resources_discover: \S*\/dynamic-resources\/SKILL\.md: skill path does not exist$/),
				expect.stringMatching(/^resources_discover: \S*\/dynamic-resources\/dynamic\.md: prompt template path does not exist$/),
				expect.stringMatching(/^resources_discover: \S*\/dynamic-resources\/dynamic\.json: theme path does not exist$/),
			]);
			expect(s.extension("dynamic-resources/index.ts").loaded).toBe(true);
			expect(s.errors()).toEqual([]);
		},
	},
];
