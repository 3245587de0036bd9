/**
 * The command router: text from the composer is a built-in command, an extension's command, `!cmd` /
 * `!!cmd`, or else a prompt; the composer is offered one list of commands.
 */
import { describe, expect, it } from "vitest";
import { BUILTIN_COMMANDS } from "../../src/runtime/commands/builtin.ts";
import type { BashExecutionMessage } from "../../src/session/messages.ts";
import type { StoredEntry } from "../../src/session/entries.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../support/runtime-harness.ts";

const LOG = PROBE_EXPR;
const ext = (body: string) => `export default function (pi) {\n${body}\n}`;

/** Logs the text of every `input` event: what reached the prompt path. */
const INPUT_SPY = `pi.on("input", (event) => { ${LOG}.push("input: " + event.text); });`;

const bashMessages = (entries: StoredEntry[]) =>
	entries.flatMap((entry) =>
		entry.type === "message" && (entry as { message: { role: string } }).message.role === "bashExecution"
			? [(entry as { message: BashExecutionMessage }).message]
			: [],
	);

describe("the list of built-in commands", () => {
	it("names /tree, /hotkeys, /fork, /compact and /reload, once each and each with a description", () => {
		const names = BUILTIN_COMMANDS.map((command) => command.name);
		expect(names).toEqual(expect.arrayContaining(["tree", "hotkeys", "fork", "compact", "reload"]));
		expect(new Set(names).size).toBe(names.length);
		for (const command of BUILTIN_COMMANDS) expect(command.description.trim()).not.toBe("");
	});

	it("the composer is offered the extensions' commands, then every built-in", async () => {
		const { offeredCommands } = await startRuntime({
			files: { "deploy.ts": ext(`pi.registerCommand("deploy", { description: "ship it", handler: async () => {} });`) },
		});
		expect(offeredCommands()).toEqual([
			{ name: "deploy", description: "ship it", extension: "deploy" },
			...BUILTIN_COMMANDS.map(({ name, description }) => ({ name, description, extension: "Playa", builtin: true })),
		]);
	});
});

describe("routing a built-in command", () => {
	it("/tree asks the page to open its tree panel; nothing reaches `input` or the session", async () => {
		const log = probe();
		const { runtime, events, entries } = await startRuntime({ files: { "spy.ts": ext(INPUT_SPY) } });
		await runtime.submit("  /tree ");
		expect(events).toContainEqual({ type: "open_panel", panel: "tree" });
		expect(log).toEqual([]);
		expect(entries()).toEqual([]);
	});

	it("/hotkeys asks the page to list the keyboard shortcuts; nothing reaches `input` or the session", async () => {
		const log = probe();
		const { runtime, events, entries } = await startRuntime({ files: { "spy.ts": ext(INPUT_SPY) } });
		await runtime.submit("/hotkeys");
		expect(events).toContainEqual({ type: "open_panel", panel: "hotkeys" });
		expect(log).toEqual([]);
		expect(entries()).toEqual([]);
	});

	it("a built-in that takes no arguments is a prompt when text follows its name, as upstream", async () => {
		const log = probe();
		const { runtime, events, entries } = await startRuntime({ files: { "spy.ts": ext(INPUT_SPY) }, script: [{ text: "ok" }] });
		await runtime.submit("/tree please");
		expect(events.some((event) => event.type === "open_panel")).toBe(false);
		expect(log).toEqual(["input: /tree please"]);
		expect(transcript(entries())).toEqual(["user: /tree please", "assistant: ok"]);
	});

	it("/reload asks the host to start the runtime again on this session", async () => {
		const { runtime, events } = await startRuntime({ files: {} });
		await runtime.submit("/reload");
		expect(events.filter((event) => event.type === "session_request")).toEqual([{ type: "session_request", action: "reload" }]);
	});

	it("/fork says when there is nothing to fork, and otherwise hands the host the branch as a new session", async () => {
		const { runtime, events } = await startRuntime({ files: {}, script: [{ text: "reply" }] });
		await runtime.submit("/fork");
		expect(events).toContainEqual({ type: "notify", message: "There is nothing to fork yet", level: "error", extension: "Playa" });
		await runtime.submit("hello");
		await runtime.submit("/fork");
		const fork = events.find((event) => event.type === "session_fork");
		expect(fork?.type === "session_fork" && transcript(fork.session.entries)).toEqual(["user: hello", "assistant: reply"]);
	});

	it("/compact reports why it could not compact", async () => {
		const { runtime, events } = await startRuntime({ files: {} });
		await runtime.submit("/compact focus");
		expect(events).toContainEqual(
			expect.objectContaining({ type: "notify", level: "error", message: expect.stringMatching(/^Compaction failed: Nothing to compact/) }),
		);
	});
});

describe("routing an extension's command", () => {
	it("the command gets the text after its name; an unknown /name is a prompt", async () => {
		const log = probe();
		const { runtime } = await startRuntime({
			files: { "deploy.ts": ext(`${INPUT_SPY}\npi.registerCommand("deploy", { handler: async (args) => { ${LOG}.push("deploy: " + args); } });`) },
			script: [{ text: "ok" }],
		});
		await runtime.submit("/deploy  web  now ");
		await runtime.submit("/nope x");
		expect(log).toEqual(["deploy: web  now", "input: /nope x"]);
	});

	it("an extension cannot take a built-in's name: its command is skipped with a notice and the built-in runs", async () => {
		const log = probe();
		const claims = ["tree", "fork", "compact", "reload"].map((name) => `pi.registerCommand("${name}", { handler: async () => { ${LOG}.push("${name}"); } });`);
		const { runtime, events, extensions, commands } = await startRuntime({ files: { "claims.ts": ext(claims.join("\n")) } });
		const [claimer] = extensions();
		expect(claimer.commands).toEqual([]);
		expect(commands()).toEqual([]);
		expect(claimer.notices).toEqual(["tree", "fork", "compact", "reload"].map((name) => `command /${name} skipped: it is a built-in command`));
		await runtime.submit("/tree");
		await runtime.submit("/reload");
		expect(events).toContainEqual({ type: "open_panel", panel: "tree" });
		expect(events).toContainEqual({ type: "session_request", action: "reload" });
		expect(log).toEqual([]);
	});
});

describe("routing ! and !!", () => {
	it("`!cmd` runs in the workspace and goes into the context; `!!cmd` is only shown; neither is a prompt", async () => {
		const log = probe();
		const workspace = await EmbeddedWorkspace.create();
		const { runtime, entries } = await startRuntime({ files: { "spy.ts": ext(INPUT_SPY) }, workspace });
		await runtime.submit("!echo kept");
		await runtime.submit("!! echo shown");
		expect(bashMessages(entries())).toEqual([
			expect.objectContaining({ command: "echo kept", output: "kept\n", exitCode: 0 }),
			expect.objectContaining({ command: "echo shown", output: "shown\n", exitCode: 0, excludeFromContext: true }),
		]);
		expect(bashMessages(entries())[0].excludeFromContext).toBeUndefined();
		expect(log).toEqual([]);
	});

	it("`!cmd` sends its output so far while it runs, then clears it once its entry is appended", async () => {
		const workspace = await EmbeddedWorkspace.create();
		const { runtime, events, entries } = await startRuntime({ files: {}, workspace });
		const command = "for i in 1 2 3; do echo line $i; sleep 0.15; done";
		await runtime.submit(`!${command}`);
		const shown = events.flatMap((event, index) => (event.type === "shell_output" ? [{ ...event, index }] : []));
		expect(shown.every((event) => event.command === command)).toBe(true);
		const texts = shown.map((event) => event.text);
		// The first line is sent as it comes; later ones at most every 100 ms; the end clears it.
		expect(texts[0]).toBe("line 1\n");
		expect(texts.at(-2)).toBe("line 1\nline 2\nline 3\n");
		expect(texts.at(-1)).toBeUndefined();
		const appended = events.findIndex((event) => event.type === "entry_appended" && JSON.stringify(event).includes("bashExecution"));
		expect(appended).toBeGreaterThan(shown.at(-2)?.index ?? Infinity);
		expect(appended).toBeLessThan(shown.at(-1)?.index ?? -1);
		expect(bashMessages(entries())).toEqual([expect.objectContaining({ command, output: "line 1\nline 2\nline 3\n", exitCode: 0 })]);
	});

	it("a `user_bash` handler may answer instead of the shell", async () => {
		const log = probe();
		const handler = `pi.on("user_bash", (event) => { ${LOG}.push(event); return { result: { output: "from the handler", exitCode: 7 } }; });`;
		const { runtime, entries, events } = await startRuntime({ files: { "bash.ts": ext(handler) } });
		await runtime.submit("!!ls -a");
		expect(log).toEqual([{ type: "user_bash", command: "ls -a", excludeFromContext: true, cwd: "/workspace" }]);
		expect(bashMessages(entries())).toEqual([expect.objectContaining({ command: "ls -a", output: "from the handler", exitCode: 7, excludeFromContext: true })]);
		expect(events.some((event) => event.type === "shell_output")).toBe(false);
	});
});
