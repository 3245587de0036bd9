/**
 * Behaviour checks for the examples built for a terminal (escape sequences, editors, overlays, processes): what
 * they do in the page is their notices, what they run in the workspace, and what they register (commands,
 * tools, handlers), so that is what these check.
 */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { eventually, gitWorkspace, plain, session, workspace } from "./kit.ts";

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const KEY = { enter: "\r", escape: "\x1b" };

export const TERMINAL_BEHAVIOURS: Behaviour[] = [
	{
		example: "notify.ts",
		title: "when the run settles it writes the OSC 777 notification to process.stdout, which is the extension's console",
		async run() {
			const written: string[] = [];
			const log = console.log;
			console.log = (...args: unknown[]) => void written.push(args.map(String).join(" "));
			try {
				const s = await session(["notify.ts"], { script: [say("done")] });
				await s.submit("hi");
				await eventually(() => expect(written).toContain("\x1b]777;notify;Pi;Ready for input\x07"));
				expect(s.errors()).toEqual([]);
			} finally {
				console.log = log;
			}
		},
	},
	{
		example: "border-status-editor.ts",
		title: "its editor and footer are terminal-only notices; it asks git for the branch and its run handlers work",
		async run() {
			const { workspace: ws, lines } = await gitWorkspace((line) => (line === "git branch --show-current" ? { stdout: "main\n" } : undefined));
			const s = await session(["border-status-editor.ts"], { workspace: ws, script: [say("ok")] });
			await s.submit("hi");
			expect(s.notices("border-status-editor.ts")).toEqual([
				"ctx.ui.setFooter is terminal-only and not supported in the browser",
				"ctx.ui.setEditorComponent is terminal-only and not supported in the browser",
			]);
			expect(lines).toContain("git branch --show-current");
			expect(s.transcript()).toEqual(["user: hi", "assistant: ok"]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "interactive-shell.ts",
		title: "!vim goes to its interactive runner (spawnSync in the workspace, which has no vim); other ! commands run as usual",
		only: { in: "chromium", why: "its spawnSync needs the workspace in another thread, as in the page" },
		async run() {
			const s = await session(["interactive-shell.ts"], { workspace: await workspace() });
			await s.submit("!echo plain");
			await s.submit("!vim notes.txt");
			const shell = s.entries().flatMap((e) => (e.type === "message" ? [(e as unknown as { message: { role: string } }).message] : []));
			expect(shell).toMatchObject([
				{ role: "bashExecution", command: "echo plain", output: "plain\n", exitCode: 0 },
				// The handler's answer, not the shell's "command not found": the command ran through spawnSync.
				{ role: "bashExecution", command: "vim notes.txt", output: "(interactive command exited with code 127)", exitCode: 127 },
			]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "mac-system-theme.ts",
		title: "session_start asks macOS for its appearance with osascript in the workspace; without it Playa keeps its one theme",
		async run() {
			const { workspace: ws, lines } = await gitWorkspace();
			const s = await session(["mac-system-theme.ts"], { workspace: ws });
			expect(lines[0]).toMatch(/^osascript -e /);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "ssh.ts",
		title: "without --ssh its bash, read and write run in the local workspace",
		async run() {
			const ws = await workspace({ files: { "a.txt": "local file" } });
			const s = await session(["ssh.ts"], {
				workspace: ws,
				script: [
					call("bash", { command: "echo from-bash" }),
					say("ok"),
					call("read", { path: "a.txt" }),
					say("ok"),
					call("write", { path: "b.txt", content: "new" }),
					say("ok"),
				],
			});
			await s.submit("run");
			await s.submit("read");
			await s.submit("write");
			expect(s.toolResults().map((r) => [r.toolName, r.isError, r.text.trim()])).toEqual([
				["bash", false, "from-bash"],
				["read", false, "local file"],
				["write", false, expect.stringContaining("b.txt")],
			]);
			expect(await ws.readFile("/workspace/b.txt", "utf8")).toBe("new");
		},
	},
	{
		example: "overlay-qa-tests.ts",
		title: "/overlay-anchors draws its overlay in the page; Space moves to the next anchor and Enter confirms it",
		async run() {
			const s = await session(["overlay-qa-tests.ts"]);
			const run = s.submit("/overlay-anchors");
			const first = await s.component("Current: top-left");
			expect(s.components().get(first)!.join("\n")).toContain("Anchor Test");
			await s.press(first, " ");
			await s.press(await s.component("Current: top-center"), KEY.enter);
			await run;
			expect(s.notifications()).toEqual(["Selected: top-center"]);
			expect(s.components().size).toBe(0);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "overlay-qa-tests.ts",
		title: "/overlay-anchors: Escape cancels without choosing",
		async run() {
			const s = await session(["overlay-qa-tests.ts"]);
			const run = s.submit("/overlay-anchors");
			await s.press(await s.component("Current: top-left"), KEY.escape);
			await run;
			expect(s.notifications()).toEqual([]);
			expect(s.components().size).toBe(0);
		},
	},
	{
		example: "minimal-mode.ts",
		title: "its read and bash (built-in tools with their own renderers) run on the workspace; the call is drawn with its renderer",
		async run() {
			const ws = await workspace({ files: { "a.txt": "first line\n" } });
			const s = await session(["minimal-mode.ts"], {
				workspace: ws,
				script: [call("read", { path: "a.txt" }), say("ok"), call("bash", { command: "echo hi" }), say("ok")],
			});
			await s.submit("read");
			await s.submit("run");
			expect(s.toolResults().map((r) => [r.toolName, r.isError])).toEqual([
				["read", false],
				["bash", false],
			]);
			expect(s.toolResults().map((r) => r.text)).toEqual(["first line\n", "hi\n"]);
			// Its renderCall draws the call; its renderResult shows nothing while the result is collapsed.
			const drawn = s.events.flatMap((e) => (e.type === "tool_call_rendered" ? (e.lines ?? []).map((l) => plain(l)!.trim()) : []));
			expect(drawn).toContain("read a.txt");
			expect(drawn).toContain("$ echo hi");
			expect(s.rendered().map((r) => r.lines)).toEqual([[], []]);
		},
	},
	{
		example: "doom-overlay/index.ts",
		title: "/doom-overlay with a WAD path starts loading the engine and reports that its WebAssembly build is missing",
		only: { in: "chromium", why: "it looks for its build with fs.existsSync, which needs the workspace in another thread, as in the page" },
		async run() {
			const s = await session(["doom-overlay/index.ts"], { workspace: await workspace() });
			await s.submit("/doom-overlay /workspace/doom1.wad");
			expect(s.notifications()).toEqual([
				"Loading DOOM...",
				"Loading DOOM from /workspace/doom1.wad...",
				"Failed to load DOOM: Error: WASM not found at /doom-overlay/doom/build/doom.js. Run ./doom/build.sh first",
			]);
			expect(s.components().size).toBe(0);
		},
	},
];
