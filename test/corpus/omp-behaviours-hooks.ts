/**
 * Behaviour checks (see omp-behaviours.ts) for oh-my-pi's hooks/. Most are near-copies of upstream pi's examples,
 * so these are pi's checks (behaviours*.ts) adapted to the reference's wording and events: the reference guards
 * `session_before_branch` where pi guards `session_before_fork`, and its model calls go through pi-ai's `complete`
 * with `ctx.modelRegistry.getApiKey` rather than `ctx.modelRegistry.complete`.
 */
import { expect } from "vitest";
import { catalogModel, gatewayStandIn } from "../support/gateway-stand-in.ts";
import type { Behaviour } from "./behaviours.ts";
import { answers, eventually, gitWorkspace, workspace as newWorkspace } from "./kit.ts";
import { ompSession } from "./omp-kit.ts";

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const DIRTY = " M src/a.ts\n?? notes.md\n";
/** The probe's records of the session actions it started. */
const actions = (log: unknown[]) =>
	log.filter((l) => typeof l === "object" && l !== null && ("newSession" in l || "switchSession" in l || "branch" in l || "fork" in l));

/** Whether a `ctx.ui.custom` component ever showed `text` (a loader that closed once its work was done). */
const shown = (events: { type: string; lines?: string[] }[], text: string) =>
	events.some((e) => e.type === "component" && (e.lines ?? []).join("\n").includes(text));

export const OMP_HOOK_BEHAVIOURS: Behaviour[] = [
	{
		example: "hooks/permission-gate.ts",
		title: "a dangerous bash command asks first: No blocks it, Yes runs it, a safe command runs without asking",
		async run() {
			const script = [
				call("bash", { command: "rm -rf build" }),
				say("ok"),
				call("bash", { command: "sudo make install" }),
				say("ok"),
				call("bash", { command: "ls -la" }),
				say("ok"),
			];
			const s = await ompSession(["hooks/permission-gate.ts"], { standIns: true, script, answer: answers({ value: "No" }, { value: "Yes" }) });
			await s.submit("clean");
			await s.submit("install");
			await s.submit("list");
			expect(s.requests).toMatchObject([
				{ method: "select", title: "⚠️ Dangerous command:\n\n  rm -rf build\n\nAllow?", options: ["Yes", "No"] },
				{ method: "select", title: "⚠️ Dangerous command:\n\n  sudo make install\n\nAllow?" },
			]);
			expect(s.toolResults()).toEqual([
				{ toolName: "bash", isError: true, text: "Blocked by user" },
				{ toolName: "bash", isError: false, text: "bash ran" },
				{ toolName: "bash", isError: false, text: "bash ran" },
			]);
			expect(s.log).toEqual([
				{ ran: "bash", params: { command: "sudo make install" } },
				{ ran: "bash", params: { command: "ls -la" } },
			]);
		},
	},
	{
		example: "hooks/protected-paths.ts",
		title: "write/edit to .env, .git/ or node_modules/ is blocked with a notification; other paths pass",
		async run() {
			const script = [
				call("write", { path: ".env", content: "KEY=1" }),
				say("ok"),
				call("edit", { path: ".git/config" }),
				say("ok"),
				call("write", { path: "src/app.ts", content: "x" }),
				say("ok"),
			];
			const s = await ompSession(["hooks/protected-paths.ts"], { standIns: true, script });
			await s.submit("a");
			await s.submit("b");
			await s.submit("c");
			expect(s.toolResults()).toEqual([
				{ toolName: "write", isError: true, text: 'Path ".env" is protected' },
				{ toolName: "edit", isError: true, text: 'Path ".git/config" is protected' },
				{ toolName: "write", isError: false, text: "write ran" },
			]);
			expect(s.notifications()).toEqual(["Blocked write to protected path: .env", "Blocked write to protected path: .git/config"]);
		},
	},
	{
		example: "hooks/status-line.ts",
		title: "the status shows Ready, then each turn in progress and finished",
		async run() {
			const s = await ompSession(["hooks/status-line.ts"], { script: [say("ok"), say("ok")] });
			await s.submit("hi");
			await s.submit("again");
			expect(s.statuses("status-demo")).toEqual(["Ready", "● Turn 1…", "✓ Turn 1 complete", "● Turn 2…", "✓ Turn 2 complete"]);
		},
	},
	{
		example: "hooks/confirm-destructive.ts",
		title: "a new session asks to clear (No cancels, Yes goes ahead); switching with messages asks too",
		async run() {
			const s = await ompSession(["hooks/confirm-destructive.ts"], {
				probe: true,
				script: [say("ok")],
				answer: answers({ confirmed: false }, { confirmed: true }, { confirmed: false }),
			});
			await s.submit("/probe-new");
			expect(s.requests[0]).toMatchObject({ method: "confirm", title: "Clear session?", message: "This will delete all messages in the current session." });
			expect(s.notifications()).toEqual(["Clear cancelled"]);
			await s.submit("/probe-new");
			expect(s.events).toContainEqual({ type: "session_request", action: "new", sessionId: undefined });
			await s.submit("some work");
			await s.submit("/probe-switch other");
			expect(s.requests[2]).toMatchObject({ method: "confirm", title: "Switch session?" });
			expect(s.notifications()).toEqual(["Clear cancelled", "Switch cancelled"]);
			expect(actions(s.log)).toEqual([{ newSession: { cancelled: true } }, { newSession: { cancelled: false } }, { switchSession: { cancelled: true } }]);
		},
	},
	{
		example: "hooks/confirm-destructive.ts",
		title: "a branch asks first; No cancels it",
		async run() {
			const s = await ompSession(["hooks/confirm-destructive.ts"], {
				probe: true,
				script: [say("ok")],
				answer: answers({ value: "No, stay in current session" }),
			});
			await s.submit("work");
			await s.submit("/probe-branch");
			const first = s.entries().find((e) => e.type === "message")!;
			expect(s.requests[0]).toMatchObject({
				method: "select",
				title: `Branch from entry ${first.id.slice(0, 8)}?`,
				options: ["Yes, create branch", "No, stay in current session"],
			});
			expect(s.notifications()).toEqual(["Branch cancelled"]);
			expect(actions(s.log)).toEqual([{ branch: { cancelled: true } }]);
		},
	},
	{
		example: "hooks/dirty-repo-guard.ts",
		title: "in the embedded shell, which has no git, git status fails and a new session goes ahead",
		async run() {
			const { workspace, lines } = await gitWorkspace();
			const s = await ompSession(["hooks/dirty-repo-guard.ts"], { probe: true, workspace });
			await s.submit("/probe-new");
			expect(lines).toEqual(["git status --porcelain"]);
			expect(s.requests).toEqual([]);
			expect(actions(s.log)).toEqual([{ newSession: { cancelled: false } }]);
		},
	},
	{
		example: "hooks/dirty-repo-guard.ts",
		title: "with uncommitted changes a new session and a branch ask first; No cancels, Yes goes ahead",
		async run() {
			const { workspace } = await gitWorkspace((line) => (line === "git status --porcelain" ? { stdout: DIRTY } : undefined));
			const s = await ompSession(["hooks/dirty-repo-guard.ts"], {
				probe: true,
				workspace,
				script: [say("ok")],
				answer: answers({ value: "No, let me commit first" }, { value: "Yes, proceed anyway" }),
			});
			await s.submit("/probe-new");
			expect(s.requests[0]).toMatchObject({ method: "select", title: "You have 2 uncommitted file(s). new session anyway?" });
			expect(s.notifications()).toEqual(["Commit your changes first"]);
			await s.submit("work");
			await s.submit("/probe-branch");
			expect(s.requests[1]).toMatchObject({ method: "select", title: "You have 2 uncommitted file(s). branch anyway?" });
			expect(actions(s.log)).toEqual([{ newSession: { cancelled: true } }, { branch: { cancelled: false } }]);
		},
	},
	{
		example: "hooks/auto-commit-on-exit.ts",
		title: "at shutdown, uncommitted changes are committed with the last reply's first line",
		async run() {
			const { workspace, lines } = await gitWorkspace((line) => (line === "git status --porcelain" ? { stdout: DIRTY } : {}));
			const s = await ompSession(["hooks/auto-commit-on-exit.ts"], { workspace, script: [say("Implemented the parser\nDetails follow.")] });
			await s.submit("write a parser");
			await s.runtime.shutdown();
			expect(lines).toEqual(["git status --porcelain", "git add -A", "git commit -m '[omp] Implemented the parser'"]);
			expect(s.notifications()).toEqual(["Auto-committed: [omp] Implemented the parser"]);
		},
	},
	{
		example: "hooks/auto-commit-on-exit.ts",
		title: "in the embedded shell, which has no git, shutdown commits nothing",
		async run() {
			const { workspace, lines } = await gitWorkspace();
			const s = await ompSession(["hooks/auto-commit-on-exit.ts"], { workspace, script: [say("Done")] });
			await s.submit("go");
			await s.runtime.shutdown();
			expect(lines).toEqual(["git status --porcelain"]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "hooks/git-checkpoint.ts",
		title: "each turn makes a stash checkpoint; once the agent ends they are cleared, so a later branch asks nothing",
		async run() {
			const { workspace, lines } = await gitWorkspace((line) => (line === "git stash create" ? { stdout: "abc123\n" } : {}));
			const s = await ompSession(["hooks/git-checkpoint.ts"], {
				standIns: true,
				probe: true,
				workspace,
				script: [call("write", { path: "a.ts", content: "x" }), say("ok")],
			});
			await s.submit("write a file");
			expect(lines).toEqual(["git stash create", "git stash create"]);
			await s.submit("/probe-branch");
			expect(s.requests).toEqual([]);
			expect(actions(s.log)).toEqual([{ branch: { cancelled: false } }]);
			expect(lines).not.toContain("git stash apply abc123");
		},
	},
	{
		example: "hooks/qna.ts",
		title: "/qna without an assistant reply says so",
		async run() {
			const s = await ompSession(["hooks/qna.ts"]);
			await s.submit("/qna");
			expect(s.notifications()).toEqual(["No assistant messages found"]);
		},
	},
	{
		example: "hooks/qna.ts",
		title: "/qna has the current model extract the questions of the last reply (its loader naming the model) and puts them in the editor",
		async run() {
			const s = await ompSession(["hooks/qna.ts"], { script: [say("What is X? Which Y?"), say("Q: What is X?\nA: \n\nQ: Which Y?\nA: ")] });
			await s.submit("ask me things");
			void s.runtime.submit("/qna");
			await eventually(() => expect(s.events).toContainEqual({ type: "editor_text", text: "Q: What is X?\nA: \n\nQ: Which Y?\nA: ", mode: "set" }), 1000);
			expect(s.notifications()).toEqual(["Questions loaded. Edit and submit when ready."]);
			// Its factory takes the older (tui, theme, done): Playa's keybindings argument is callable as done.
			expect(shown(s.events, "Extracting questions using scripted")).toBe(true);
		},
	},
	{
		example: "hooks/handoff.ts",
		title: "/handoff without a goal shows its usage",
		async run() {
			const s = await ompSession(["hooks/handoff.ts"], { script: [say("We wrote the parser.")] });
			await s.submit("write a parser");
			await s.submit("/handoff");
			expect(s.notifications()).toEqual(["Usage: /handoff <goal for new thread>"]);
		},
	},
	{
		example: "hooks/handoff.ts",
		title:
			"/handoff has the current model write a prompt for the goal (behind its loader), lets the user edit it and starts a new session with it in the composer",
		async run() {
			const s = await ompSession(["hooks/handoff.ts"], {
				script: [say("We wrote the parser."), say("Continue: write the tests for the parser.")],
				answer: answers({ value: "Continue: write the tests for the parser, edited." }),
			});
			await s.submit("write a parser");
			void s.runtime.submit("/handoff write the tests");
			await eventually(() => expect(s.requests).toMatchObject([{ method: "editor", prefill: "Continue: write the tests for the parser." }]), 1000);
			await eventually(() => expect(s.events.filter((e) => e.type === "session_request")).toMatchObject([{ action: "new" }]), 1000);
			await eventually(
				() => expect(s.events).toContainEqual({ type: "editor_text", text: "Continue: write the tests for the parser, edited.", mode: "set" }),
				1000,
			);
			expect(shown(s.events, "Generating handoff prompt...")).toBe(true);
		},
	},
	{
		example: "hooks/custom-compaction.ts",
		title: "/compact is summarized by google/gemini-2.5-flash through the gateway, and its summary is the compaction's",
		async run() {
			const gateway = gatewayStandIn(() => "Custom summary of the work", ["google"]);
			const s = await ompSession(["hooks/custom-compaction.ts"], {
				script: [say("First reply"), say("Second reply")],
				gateway,
				available: [catalogModel("google", "gemini-2.5-flash", "google-generative-ai")],
			});
			await s.submit("First prompt");
			await s.submit(`Second prompt ${"x".repeat(90_000)}`);
			await s.submit("/compact");
			await eventually(() =>
				expect(s.entries().filter((e) => e.type === "compaction")).toMatchObject([{ summary: "Custom summary of the work", fromHook: true }]),
			);
			expect(s.errors()).toEqual([]);
			expect(s.notifications()[0]).toBe("Custom compaction hook triggered");
			expect(gateway.requests.map((r) => r.model.id)).toEqual(["gemini-2.5-flash"]);
		},
	},
	{
		example: "hooks/custom-compaction.ts",
		title: "without a Google key it says so and Playa's default compaction runs",
		async run() {
			const s = await ompSession(["hooks/custom-compaction.ts"], { script: [say("First reply"), say("Second reply"), say("Summary by the default")] });
			await s.submit("First prompt");
			await s.submit(`Second prompt ${"x".repeat(90_000)}`);
			await s.submit("/compact");
			await eventually(() => expect(s.entries().filter((e) => e.type === "compaction")).toMatchObject([{ summary: "Summary by the default" }]));
			expect(s.notifications().slice(0, 2)).toEqual(["Custom compaction hook triggered", "No API key for google, using default compaction"]);
			expect(s.entries().find((e) => e.type === "compaction")).not.toHaveProperty("fromHook");
		},
	},
	{
		example: "hooks/file-trigger.ts",
		title: "session_start watches /tmp/agent-trigger.txt and says so",
		async run() {
			const s = await ompSession(["hooks/file-trigger.ts"], { workspace: await newWorkspace() });
			expect(s.errors()).toEqual([]);
			expect(s.notifications()).toEqual(["Watching /tmp/agent-trigger.txt"]);
		},
	},
	{
		example: "hooks/file-trigger.ts",
		title:
			"text written to the trigger file is read with Bun.file, sent as a file-trigger message and the file emptied with Bun.write; its `true` second argument is not the reference's `{ triggerTurn: true }` (hooks run with extension semantics), so no turn starts",
		async run() {
			const workspace = await newWorkspace();
			const s = await ompSession(["hooks/file-trigger.ts"], { workspace, script: [say("Running the tests")] });
			await workspace.writeFile("/tmp/agent-trigger.txt", "Run the tests\n");
			await eventually(() => expect(s.custom("file-trigger").map((e) => e.content)).toEqual(["External trigger: Run the tests"]), 3000);
			await eventually(async () => expect(await workspace.readFile("/tmp/agent-trigger.txt", "utf8")).toBe(""), 3000);
			await s.settled();
			expect(s.transcript().filter((line) => line.startsWith("assistant:"))).toEqual([]);
		},
	},
];
