/**
 * Behaviour checks for the examples that call `node:fs` (or `execSync`) synchronously. In the page those calls
 * block the runtime worker on the synchronous channel while the workspace worker answers; under Node the
 * workspace is on the test's own thread, so they throw and these checks run in Chromium only.
 */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { eventually, session, workspace } from "./kit.ts";

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const SYNC = { in: "chromium", why: "its synchronous calls (node:fs, execSync) need the workspace in another thread, as in the page" } as const;

export const SYNC_BEHAVIOURS: Behaviour[] = [
	{
		example: "claude-rules.ts",
		title: "session_start finds the .claude/rules/ files in the workspace and the system prompt lists them",
		only: SYNC,
		async run() {
			const files = { ".claude/rules/tabs.md": "Use tabs.", ".claude/rules/style/names.md": "Name things well.", ".claude/rules/notes.txt": "not a rule" };
			const s = await session(["claude-rules.ts"], { workspace: await workspace({ files }), script: [say("ok")] });
			expect(s.notifications()).toEqual(["Found 2 rule(s) in .claude/rules/"]);
			await s.submit("hi");
			const [sent] = s.requestSystemPrompts();
			expect(sent).toContain("## Project Rules");
			expect(sent).toContain("- .claude/rules/style/names.md\n- .claude/rules/tabs.md");
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "claude-rules.ts",
		title: "without a rules folder it says nothing and leaves the system prompt alone",
		only: SYNC,
		async run() {
			const s = await session(["claude-rules.ts"], { workspace: await workspace(), script: [say("ok")] });
			await s.submit("hi");
			expect(s.notifications()).toEqual([]);
			expect(s.requestSystemPrompts()[0]).not.toContain("Project Rules");
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "file-trigger.ts",
		title: "text written to /tmp/agent-trigger.txt becomes a message that starts a turn, and the file is emptied",
		only: SYNC,
		async run() {
			const ws = await workspace();
			const s = await session(["file-trigger.ts"], { workspace: ws, script: [say("Running the tests now.")] });
			expect(s.notifications()).toEqual(["Watching /tmp/agent-trigger.txt"]);
			await ws.writeFile("/tmp/agent-trigger.txt", "Run the tests\n");
			// fs.watch polls the workspace (at most once a second); the turn follows the message.
			await eventually(() => expect(s.transcript()).toContain("assistant: Running the tests now."), 15_000);
			expect(s.custom("file-trigger")).toMatchObject([{ content: "External trigger: Run the tests", display: true }]);
			expect(await ws.readFile("/tmp/agent-trigger.txt", "utf8")).toBe("");
		},
	},
	{
		example: "preset.ts",
		title: "/preset applies a preset from .pi/presets.json: thinking level, tools, status and instructions in the system prompt",
		only: SYNC,
		async run() {
			const presets = { terse: { thinkingLevel: "low", tools: ["read", "nope"], instructions: "Answer in one line." } };
			const ws = await workspace({ files: { ".pi/presets.json": JSON.stringify(presets) } });
			const s = await session(["preset.ts"], { probe: true, workspace: ws, script: [say("ok")] });
			await s.submit("/preset fast");
			expect(s.notifications()).toEqual(['Unknown preset "fast". Available: terse']);
			await s.submit("/preset terse");
			expect(s.notifications().slice(1)).toEqual(['Preset "terse": Unknown tools: nope', 'Preset "terse" activated']);
			expect(s.statuses("preset")).toContain("preset:terse");
			await s.submit("/probe-tools");
			expect(s.log).toEqual([{ activeTools: ["read"] }]);
			await s.submit("hi");
			expect(s.requestSystemPrompts()[0]).toMatch(/\n\nAnswer in one line\.$/);
			expect(s.custom("preset-state").map((e) => e.data)).toEqual([{ name: "terse" }]);
		},
	},
	{
		example: "preset.ts",
		title: "with no presets file /preset says where to add one",
		only: SYNC,
		async run() {
			const s = await session(["preset.ts"], { workspace: await workspace() });
			await s.submit("/preset");
			expect(s.notifications()).toEqual(["No presets defined. Add presets to /home/user/.pi/agent/presets.json or /workspace/.pi/presets.json"]);
		},
	},
	{
		example: "provider-payload.ts",
		title: "each provider request's payload is appended to .pi/provider-payload.log in the workspace",
		only: SYNC,
		async run() {
			const ws = await workspace({ files: { ".pi/.keep": "" } });
			const s = await session(["provider-payload.ts"], { workspace: ws, script: [say("ok"), say("ok")] });
			await s.submit("first question");
			await s.submit("second question");
			expect(s.errors()).toEqual([]);
			const log = await ws.readFile("/workspace/.pi/provider-payload.log", "utf8");
			expect(log).toContain("first question");
			expect(log.indexOf("second question")).toBeGreaterThan(log.indexOf("first question"));
		},
	},
	{
		example: "truncated-tool.ts",
		title: "its rg tool runs ripgrep in the workspace with execSync and finds the matching line",
		only: SYNC,
		async run() {
			const s = await session(["truncated-tool.ts"], {
				workspace: await workspace({ files: { "src/a.ts": "const needle = 1;\n", "src/b.ts": "nothing here\n" } }),
				script: [call("rg", { pattern: "needle" }), say("ok"), call("rg", { pattern: "absent" }), say("ok")],
			});
			await s.submit("find needle");
			await s.submit("find absent");
			// Had execSync not reached the shell it would throw without a status, and the tool would fail ("ripgrep failed").
			expect(s.toolResults()).toEqual([
				{ toolName: "rg", isError: false, text: expect.stringContaining("src/a.ts:1:const needle = 1;") },
				{ toolName: "rg", isError: false, text: "No matches found" },
			]);
		},
	},
	{
		example: "tool-override.ts",
		title: "/read-log shows the audited read tool's access log (readFileSync of the log in the workspace)",
		only: SYNC,
		async run() {
			const files = { "notes.txt": "alpha\nbeta\ngamma", ".env": "KEY=1" };
			const s = await session(["tool-override.ts"], {
				workspace: await workspace({ files }),
				script: [call("read", { path: "notes.txt" }), say("ok"), call("read", { path: ".env" }), say("ok")],
			});
			await s.submit("/read-log");
			expect(s.notifications()).toEqual(["No access log found"]);
			await s.submit("read notes");
			await s.submit("read env");
			await s.submit("/read-log");
			const [, shown] = s.notifications();
			expect(shown).toMatch(
				/^Recent file access:\n\[[^\]]+\] ALLOWED: \/workspace\/notes\.txt\n\[[^\]]+\] BLOCKED: \/workspace\/\.env \(matches blocked pattern\)$/,
			);
		},
	},
	{
		example: "subagent/index.ts",
		title: "the subagent tool finds the user's agents in ~/.pi/agent/agents/ and asks for exactly one mode",
		only: SYNC,
		async run() {
			const scout = "---\nname: scout\ndescription: Finds things\n---\nYou are a scout.\n";
			const s = await session(["subagent/index.ts"], {
				workspace: await workspace({ files: { "/home/user/.pi/agent/agents/scout.md": scout } }),
				script: [call("subagent", {}), say("ok")],
			});
			await s.submit("delegate");
			expect(s.toolResults()).toEqual([
				{ toolName: "subagent", isError: true, text: "Invalid parameters. Provide exactly one mode.\nAvailable agents: scout (user)" },
			]);
		},
	},
];
