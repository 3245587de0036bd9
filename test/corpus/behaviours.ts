/**
 * Behaviour checks for the examples with observable behaviour, as data: test/browser/corpus-behaviour.test.ts
 * runs each one in Chromium (its results fill the "behaves" column of docs/corpus.md) and
 * test/unit/corpus-behaviour.test.ts under Node (the headless runner's column). One source, so the table
 * says "tested" exactly where a check exists.
 *
 * A check with `gap` asserts what the example does in upstream pi where Playa does not do it yet.
 * It runs as `it.fails`: it passes while the gap is there, and fails (asking for this entry to
 * become a plain check and the table to be regenerated) once Playa closes it.
 */
import { expect } from "vitest";
import { darkTheme } from "../../src/modules/coding-agent/theme.ts";
import { RENDERER_BEHAVIOURS } from "./behaviours-renderers.ts";
import { TUI_BEHAVIOURS } from "./behaviours-tui.ts";
import { MODEL_BEHAVIOURS } from "./behaviours-models.ts";
import { GIT_BEHAVIOURS } from "./behaviours-git.ts";
import { NODE_BEHAVIOURS } from "./behaviours-node.ts";
import { PROMPT_BEHAVIOURS } from "./behaviours-prompts.ts";
import { SYNC_BEHAVIOURS } from "./behaviours-sync.ts";
import { TERMINAL_BEHAVIOURS } from "./behaviours-terminal.ts";
import { answers, eventually, plain, session } from "./kit.ts";

export interface Behaviour {
	/** The example's path: "todo.ts", "plan-mode/index.ts". */
	example: string;
	title: string;
	/** A known Playa gap this check demonstrates (the check asserts upstream's behaviour). */
	gap?: string;
	/** Runs in one setting only, and why not in the other (e.g. `node:fs`'s synchronous calls need the workspace on another thread, which the page has and the Node run does not). */
	only?: { in: "node" | "chromium"; why: string };
	run(): Promise<void>;
}

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });

export const BEHAVIOURS: Behaviour[] = [
	// ── Tools ────────────────────────────────────────────────────────────────────────────────
	{
		example: "hello.ts",
		title: "the model calls hello and sees the greeting",
		async run() {
			const s = await session(["hello.ts"], { script: [call("hello", { name: "Ada" }), say("ok")] });
			await s.submit("greet Ada");
			expect(s.toolResults()).toEqual([{ toolName: "hello", isError: false, text: "Hello, Ada!" }]);
		},
	},
	{
		example: "dynamic-tools.ts",
		title: "echo_session is registered at session_start and /add-echo-tool registers more tools the model can call",
		async run() {
			const s = await session(["dynamic-tools.ts"], {
				script: [call("echo_session", { message: "hi" }), say("ok"), call("shout", { message: "hey" }), say("ok")],
			});
			expect(s.notifications()).toContain("Registered dynamic tool: echo_session");
			await s.submit("echo hi");
			await s.submit("/add-echo-tool Shout");
			expect(s.notifications()).toContain("Registered dynamic tool: shout");
			await s.submit("/add-echo-tool shout");
			expect(s.notifications()).toContain("Tool already registered: shout");
			await s.submit("/add-echo-tool not valid!");
			expect(s.notifications()).toContain("Usage: /add-echo-tool <tool_name> (lowercase, numbers, underscores)");
			await s.submit("shout hey");
			expect(s.toolResults().map((r) => r.text)).toEqual(["[session] hi", "[shout] hey"]);
		},
	},
	{
		example: "model-status.ts",
		title: "a model pick notifies and sets the status; picking the same model again does not fire",
		async run() {
			const s = await session(["model-status.ts"]);
			await s.runtime.selectModel({ provider: "manual", id: "manual" });
			await s.runtime.selectModel({ provider: "manual", id: "manual" });
			expect(s.notifications()).toEqual(["Model: manual/manual"]);
			expect(s.statuses("model")).toEqual(["🤖 manual"]);
		},
	},
	{
		example: "structured-output.ts",
		title: "structured_output returns its result with terminate: true, so the run ends on the tool call",
		async run() {
			const s = await session(["structured-output.ts"], {
				script: [call("structured_output", { headline: "Done", summary: "All good.", actionItems: ["ship"] }), say("NOT PLAYED")],
			});
			await s.submit("summarise");
			expect(s.toolResults()).toEqual([{ toolName: "structured_output", isError: false, text: "Saved structured output: Done" }]);
			expect(s.transcript().join("\n")).not.toContain("NOT PLAYED");
		},
	},
	{
		example: "shutdown-command.ts",
		title: "finish_and_exit / deploy_and_exit answer the model; /quit's ctx.shutdown() is reported as having no effect",
		async run() {
			const s = await session(["shutdown-command.ts"], {
				script: [call("finish_and_exit", {}), say("ok"), call("deploy_and_exit", { environment: "staging" }), say("ok")],
			});
			await s.submit("finish");
			await s.submit("deploy");
			expect(s.toolResults().map((r) => r.text)).toEqual(["Shutdown requested. Exiting after this response.", "Done! Shutdown requested."]);
			await s.submit("/quit");
			expect(s.notifications()).toContain("ctx.shutdown() has no effect in the browser");
		},
	},
	{
		example: "todo.ts",
		title: "the todo tool adds, lists and toggles; state is rebuilt from the stored tool results in a new runtime",
		async run() {
			const first = await session(["todo.ts"], {
				script: [call("todo", { action: "add", text: "Buy milk" }), say("ok"), call("todo", { action: "toggle", id: 1 }), say("ok")],
			});
			await first.submit("add milk");
			await first.submit("done");
			expect(first.toolResults().map((r) => r.text)).toEqual(["Added todo #1: Buy milk", "Todo #1 completed"]);
			const second = await session(["todo.ts"], {
				script: [say("x"), say("x"), say("x"), say("x"), call("todo", { action: "list" }), say("ok")],
				entries: first.entries(),
			});
			await second.submit("list");
			expect(second.toolResults().map((r) => r.text)).toEqual(["[x] #1: Buy milk"]);
		},
	},
	{
		example: "tic-tac-toe.ts",
		title: "the agent's tools move its cursor and show the board; each move is saved as a session entry",
		async run() {
			const s = await session(["tic-tac-toe.ts"], {
				script: [call("tic_tac_toe", { action: "move_right" }), say("ok"), call("tic_tac_toe_see_board", {}), say("ok")],
			});
			await s.submit("move");
			await s.submit("look");
			const [moved, board] = s.toolResults();
			expect(moved.text).toBe("Moved right. Cursor: (0, 1)");
			expect(board.text).toContain("Your cursor: (row=0, col=1)");
			expect(s.custom("tic-tac-toe-save").map((e) => [e.data.agentCursorRow, e.data.agentCursorCol])).toEqual([[0, 1]]);
		},
	},

	// ── tool_call gates ──────────────────────────────────────────────────────────────────────
	{
		example: "permission-gate.ts",
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
			const s = await session(["permission-gate.ts"], { standIns: true, script, answer: answers({ value: "No" }, { value: "Yes" }) });
			await s.submit("clean");
			expect(s.requests[0]).toMatchObject({ method: "select", options: ["Yes", "No"] });
			expect((s.requests[0] as { title: string }).title).toContain("rm -rf build");
			await s.submit("install");
			await s.submit("list");
			expect(s.requests).toHaveLength(2);
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
		example: "protected-paths.ts",
		title: "write/edit to .env, .git/ or node_modules/ is blocked with a notification; other paths pass",
		async run() {
			const script = [
				call("write", { path: ".env", content: "KEY=1" }),
				say("ok"),
				call("edit", { path: "node_modules/x/index.js" }),
				say("ok"),
				call("write", { path: "src/app.ts", content: "x" }),
				say("ok"),
			];
			const s = await session(["protected-paths.ts"], { standIns: true, script });
			await s.submit("a");
			await s.submit("b");
			await s.submit("c");
			expect(s.toolResults()).toEqual([
				{ toolName: "write", isError: true, text: 'Path ".env" is protected' },
				{ toolName: "edit", isError: true, text: 'Path "node_modules/x/index.js" is protected' },
				{ toolName: "write", isError: false, text: "write ran" },
			]);
			expect(s.notifications()).toEqual(["Blocked write to protected path: .env", "Blocked write to protected path: node_modules/x/index.js"]);
		},
	},
	{
		example: "rpc-demo.ts",
		title: "a dangerous bash command asks Allow/Block; Block blocks it and says so",
		async run() {
			const s = await session(["rpc-demo.ts"], {
				standIns: true,
				script: [call("bash", { command: "sudo rm x" }), say("ok")],
				answer: answers({ value: "Block" }),
			});
			await s.submit("go");
			expect(s.requests[0]).toMatchObject({ method: "select", title: "Dangerous command: sudo rm x", options: ["Allow", "Block"] });
			expect(s.toolResults()[0]).toEqual({ toolName: "bash", isError: true, text: "Blocked by user" });
			expect(s.notifications()).toContain("Command blocked by user");
		},
	},
	{
		example: "plan-mode/index.ts",
		title: "in plan mode bash is limited to read-only commands",
		async run() {
			const script = [call("bash", { command: "rm -rf src" }), say("ok"), call("bash", { command: "ls src" }), say("ok")];
			const s = await session(["plan-mode/index.ts"], { standIns: true, script, answer: answers({ cancelled: true }, { cancelled: true }) });
			await s.submit("/plan");
			await s.submit("delete");
			await s.submit("list");
			const [blocked, allowed] = s.toolResults();
			expect(blocked.isError).toBe(true);
			expect(blocked.text).toContain("Plan mode: command blocked (not allowlisted)");
			expect(allowed).toEqual({ toolName: "bash", isError: false, text: "bash ran" });
		},
	},

	// ── Commands, dialogs, UI calls ──────────────────────────────────────────────────────────
	{
		example: "commands.ts",
		title: "/commands lists the extension commands in a select dialog; its argument completes sources",
		async run() {
			const s = await session(["commands.ts", "pirate.ts"]);
			await s.submit("/commands");
			expect(s.requests[0]).toMatchObject({
				method: "select",
				title: "Available Commands",
				options: ["--- Extensions ---", "/commands - List available slash commands", "/pirate - Toggle pirate mode (agent speaks like a pirate)"],
			});
			expect(await s.runtime.completeCommand("commands", "ex")).toEqual([{ value: "extension", label: "extension" }]);
		},
	},
	{
		example: "commands.ts",
		title: "choosing a command offers to show its source path",
		async run() {
			const s = await session(["commands.ts"], { answer: answers({ value: "/commands - List available slash commands" }, { confirmed: true }) });
			await s.submit("/commands");
			expect(s.errors()).toEqual([]);
			expect(s.requests[1]).toMatchObject({ method: "confirm", title: "commands" });
		},
	},
	{
		example: "bookmark.ts",
		title: "/bookmark finds the last assistant message and confirms the label",
		async run() {
			const s = await session(["bookmark.ts"], { script: [say("An answer")] });
			await s.submit("/bookmark");
			expect(s.notifications()).toEqual(["No assistant message to bookmark"]);
			await s.submit("question");
			await s.submit("/bookmark milestone");
			expect(s.notifications()).toContain("Bookmarked as: milestone");
		},
	},
	{
		example: "bookmark.ts",
		title: "the label is stored on the entry and /unbookmark removes it",
		async run() {
			const s = await session(["bookmark.ts"], { script: [say("An answer")] });
			await s.submit("question");
			await s.submit("/bookmark milestone");
			const assistant = s.entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "assistant")!;
			expect(s.entries().find((e) => e.type === "label")).toMatchObject({ targetId: assistant.id, label: "milestone" });
			expect(s.extension("bookmark.ts").name).toBe("bookmark");
			await s.submit("/unbookmark");
			expect(s.notifications()).toContain("Removed bookmark: milestone");
		},
	},
	{
		example: "session-name.ts",
		title: "/session-name names the session (a session_info entry) and shows the name",
		async run() {
			const s = await session(["session-name.ts"]);
			await s.submit("/session-name");
			await s.submit("/session-name Refactor auth");
			await s.submit("/session-name");
			expect(s.notifications()).toEqual(["No session name set", "Session named: Refactor auth", "Session: Refactor auth"]);
			expect(s.entries().filter((e) => e.type === "session_info")).toMatchObject([{ name: "Refactor auth" }]);
		},
	},
	{
		example: "message-renderer.ts",
		title: "/status sends a status-update custom message; the registered renderer draws it with its level",
		async run() {
			const s = await session(["message-renderer.ts"]);
			await s.submit("/status warn Disk almost full");
			const [entry] = s.custom("status-update");
			expect(entry).toMatchObject({ type: "custom_message", content: "Disk almost full", display: true, details: { level: "warn" } });
			const render = s.extension("message-renderer.ts").messageRenderers.get("status-update")!;
			const component = render(
				{ role: "custom", customType: "status-update", content: entry.content, display: true, details: entry.details } as never,
				{ expanded: false, outputPad: 1 } as never,
				darkTheme,
			);
			expect(plain(component!.render(60).join("\n"))).toContain("[WARN] Disk almost full");
		},
	},
	{
		example: "send-user-message.ts",
		title: "/ask and /askwith send user messages that start a turn; empty arguments show usage",
		async run() {
			const s = await session(["send-user-message.ts"], { script: [say("4"), say("ok")] });
			await s.submit("/ask");
			expect(s.notifications()).toEqual(["Usage: /ask <message>"]);
			await s.submit("/ask What is 2+2?");
			await eventually(() => expect(s.transcript()).toEqual(["user: What is 2+2?", "assistant: 4"]));
			await s.settled();
			await s.submit("/askwith list files");
			await eventually(() => expect(s.transcript().slice(2)).toEqual(["user: User request: list filesPlease respond concisely.", "assistant: ok"]));
		},
	},
	{
		example: "rpc-demo.ts",
		title: "title, widget and status at start; turn status; input, editor and prefill commands",
		async run() {
			const s = await session(["rpc-demo.ts"], { script: [say("ok")], answer: answers({ value: "abc" }, { value: "one\ntwo" }) });
			expect(s.events).toContainEqual({ type: "title", title: "pi RPC Demo" });
			expect(s.widgets()).toContainEqual({ key: "rpc-demo", lines: ["--- RPC Extension UI Demo ---", "Loaded and ready."], placement: "aboveEditor" });
			await s.submit("hello");
			expect(s.statuses("rpc-demo")).toEqual(["Turns: 0", "Turn 1 running...", "Turn 1 done"]);
			await s.submit("/rpc-input");
			await s.submit("/rpc-editor");
			expect(s.requests[1]).toMatchObject({ method: "editor", title: "Edit some text", prefill: "Line 1\nLine 2\nLine 3" });
			await s.submit("/rpc-prefill");
			expect(s.events).toContainEqual({ type: "editor_text", text: "This text was set by the rpc-demo extension.", mode: "set" });
			expect(s.notifications()).toEqual(["You entered: abc", "Editor submitted (2 lines)", "Editor prefilled"]);
		},
	},
	{
		example: "timed-confirm.ts",
		title: "dialogs carry their timeout; the answers come back to the command",
		async run() {
			const s = await session(["timed-confirm.ts"], { answer: answers({ confirmed: true }, { value: "Option B" }, { confirmed: false }) });
			await s.submit("/timed");
			await s.submit("/timed-select");
			await s.submit("/timed-signal");
			expect(s.requests[0]).toMatchObject({ method: "confirm", title: "Timed Confirmation", timeout: 5000 });
			expect(s.requests[1]).toMatchObject({ method: "select", options: ["Option A", "Option B", "Option C"], timeout: 10000 });
			expect(s.notifications()).toEqual(["Confirmed by user!", "Selected: Option B", "Dialog will auto-cancel in 5 seconds...", "Cancelled by user"]);
		},
	},
	{
		example: "widget-placement.ts",
		title: "session_start shows one widget above and one below the editor",
		async run() {
			const s = await session(["widget-placement.ts"]);
			expect(s.widgets()).toEqual([
				{ key: "widget-above", lines: ["Above editor widget"], placement: "aboveEditor" },
				{ key: "widget-below", lines: ["Below editor widget"], placement: "belowEditor" },
			]);
		},
	},
	{
		example: "status-line.ts",
		title: "the status shows Ready, then the turn in progress, then the finished turn",
		async run() {
			const s = await session(["status-line.ts"], { script: [say("ok")] });
			await s.submit("hi");
			expect(s.statuses("status-demo")).toEqual(["Ready", "● Turn 1...", "✓ Turn 1 complete"]);
		},
	},
	{
		example: "event-bus.ts",
		title: "pi.events carries my:notification from session_start and from /emit to the listener",
		async run() {
			const s = await session(["event-bus.ts"]);
			await eventually(() => expect(s.notifications()).toContain("Event from event-bus-example: Session started"));
			await s.submit("/emit deploy finished");
			await eventually(() => expect(s.notifications()).toContain("Event from /emit command: deploy finished"));
		},
	},
	{
		example: "reload-runtime.ts",
		title: "/reload-runtime asks the host to reload; the reload_runtime tool ends the run on its result",
		async run() {
			const s = await session(["reload-runtime.ts"], { script: [call("reload_runtime", {}), say("NOT PLAYED")] });
			await s.submit("/reload-runtime");
			expect(s.events).toContainEqual({ type: "session_request", action: "reload" });
			await s.submit("reload please");
			expect(s.toolResults()).toEqual([{ toolName: "reload_runtime", isError: false, text: "Reload requested. Pi reloads after this response." }]);
			expect(s.transcript().join("\n")).not.toContain("NOT PLAYED");
		},
	},
	{
		example: "reload-runtime.ts",
		title: "after the reload_runtime tool the session reloads once the agent settles",
		async run() {
			const s = await session(["reload-runtime.ts"], { script: [call("reload_runtime", {}), say("ok")] });
			await s.submit("reload please");
			await eventually(() => expect(s.events).toContainEqual({ type: "session_request", action: "reload" }), 300);
		},
	},
	{
		example: "project-trust.ts",
		title: "session_start reports where the session runs",
		async run() {
			const s = await session(["project-trust.ts"]);
			expect(s.notifications()).toEqual(["project-trust example loaded after trust resolution in /workspace"]);
		},
	},
	{
		example: "working-message-test.ts",
		title: "setWorkingMessage at session_start sets the working status",
		async run() {
			const s = await session(["working-message-test.ts"]);
			expect(s.statuses("working")).toEqual(["Working... (custom)"]);
		},
	},
	{
		example: "working-message-test.ts",
		title: "setWorkingIndicator is accepted",
		async run() {
			const s = await session(["working-message-test.ts"]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "working-indicator.ts",
		title: "/working-indicator dot changes the indicator and the status",
		async run() {
			const s = await session(["working-indicator.ts"]);
			await s.submit("/working-indicator dot");
			expect(s.errors()).toEqual([]);
			expect(s.notifications()).toContain("Working indicator set to: static dot");
		},
	},
	{
		example: "hidden-thinking-label.ts",
		title: "/thinking-label sets the hidden thinking label",
		async run() {
			const s = await session(["hidden-thinking-label.ts"]);
			await s.submit("/thinking-label Musing");
			expect(s.errors()).toEqual([]);
			expect(s.notifications()).toContain("Hidden thinking label set to: Musing");
		},
	},

	// ── Session switches guarded by before_* events ────────────────────────────────────────────
	{
		example: "confirm-destructive.ts",
		title: "a new session asks to clear; No cancels it, Yes lets the host start it; switching with messages asks too",
		async run() {
			const s = await session(["confirm-destructive.ts"], {
				probe: true,
				script: [say("ok")],
				answer: answers({ confirmed: false }, { confirmed: true }, { confirmed: false }),
			});
			await s.submit("/probe-new");
			expect(s.requests[0]).toMatchObject({ method: "confirm", title: "Clear session?" });
			expect(s.notifications()).toEqual(["Clear cancelled"]);
			expect(s.events.some((e) => e.type === "session_request")).toBe(false);
			await s.submit("/probe-new");
			expect(s.events).toContainEqual({ type: "session_request", action: "new", sessionId: undefined });
			await s.submit("some work");
			await s.submit("/probe-switch other");
			expect(s.requests[2]).toMatchObject({ method: "confirm", title: "Switch session?" });
			expect(s.log.filter((l) => typeof l === "object" && l !== null && ("newSession" in l || "switchSession" in l))).toEqual([
				{ newSession: { cancelled: true } },
				{ newSession: { cancelled: false } },
				{ switchSession: { cancelled: true } },
			]);
		},
	},
	{
		example: "confirm-destructive.ts",
		title: "a fork asks first; No cancels it",
		async run() {
			const s = await session(["confirm-destructive.ts"], { probe: true, script: [say("ok")], answer: answers({ value: "No, stay in current session" }) });
			await s.submit("work");
			await s.submit("/probe-fork");
			const first = s.entries().find((e) => e.type === "message")!;
			expect(s.requests[0]).toMatchObject({ method: "select", title: `Fork from entry ${first.id.slice(0, 8)}?` });
			expect(s.notifications()).toEqual(["Fork cancelled"]);
			expect(s.log).toContainEqual({ fork: { cancelled: true } });
		},
	},
	{
		example: "rpc-demo.ts",
		title: "a new session asks to clear and No cancels it",
		async run() {
			const s = await session(["rpc-demo.ts"], { probe: true, answer: answers({ confirmed: false }) });
			await s.submit("/probe-new");
			expect(s.requests[0]).toMatchObject({ method: "confirm", title: "Clear session?", message: "All messages will be lost." });
			expect(s.log).toContainEqual({ newSession: { cancelled: true } });
		},
	},

	...PROMPT_BEHAVIOURS,
	...TUI_BEHAVIOURS,
	...RENDERER_BEHAVIOURS,
	...MODEL_BEHAVIOURS,
	...GIT_BEHAVIOURS,
	...NODE_BEHAVIOURS,
	...SYNC_BEHAVIOURS,
	...TERMINAL_BEHAVIOURS,
];
