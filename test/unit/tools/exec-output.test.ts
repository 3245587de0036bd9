/**
 * What `pi.exec` prints while an extension's tool waits on it reaches the page as that call's `tool_output`, and
 * only where the call is known: by the signal the call was given, or as the one call its extension runs.
 */
import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../../src/protocol/runtime.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { startRuntime } from "../../support/runtime-harness.ts";

const LOOP = (label: string) => `for i in 1 2 3; do echo ${label} $i; sleep 0.15; done`;

/** A tool `run` that runs `bash -c <script>` through pi.exec, passing its signal when `withSignal` is true. */
const RUNNER = `
export default function (pi) {
	pi.registerTool({
		name: "run",
		description: "runs a script",
		parameters: { type: "object", properties: { script: { type: "string" }, withSignal: { type: "boolean" }, wait: { type: "boolean" } } },
		async execute(_id, params, signal) {
			// Both calls run by the time either command starts.
			if (params.wait) await new Promise((resolve) => setTimeout(resolve, 50));
			const result = await pi.exec("bash", ["-c", params.script], params.withSignal ? { signal } : {});
			return { content: [{ type: "text", text: "code " + result.code + ": " + result.stdout }], details: {} };
		},
	});
	pi.registerTool({
		name: "busy",
		description: "reports progress, whose handler runs a command",
		parameters: { type: "object", properties: {} },
		async execute(_id, _params, _signal, onUpdate) {
			onUpdate({ content: [], details: {} });
			await new Promise((resolve) => setTimeout(resolve, 600));
			return { content: [{ type: "text", text: "done" }], details: {} };
		},
	});
	pi.registerTool({
		name: "own",
		description: "runs a command, then reports progress of its own while a second one runs",
		parameters: { type: "object", properties: {} },
		async execute(_id, _params, signal, onUpdate) {
			await pi.exec("bash", ["-c", "echo first command"], { signal });
			onUpdate({ content: [{ type: "text", text: "own progress" }], details: {} });
			await pi.exec("bash", ["-c", "echo second command"], { signal });
			return { content: [{ type: "text", text: "done" }], details: {} };
		},
	});
	pi.registerTool({
		name: "drawn",
		description: "runs a command, then draws a partial result with its renderer while a second one runs",
		parameters: { type: "object", properties: {} },
		async execute(_id, _params, signal, onUpdate) {
			await pi.exec("bash", ["-c", "echo first command"], { signal });
			onUpdate({ content: [], details: { step: 2 } });
			await pi.exec("bash", ["-c", "echo second command"], { signal });
			return { content: [{ type: "text", text: "done" }], details: { step: 3 } };
		},
		renderResult: (result) => ({ render: () => ["step " + (result.details?.step ?? "?")], invalidate() {} }),
	});
	pi.on("tool_execution_update", async (event) => {
		if (event.toolName !== "busy") return;
		await pi.exec("bash", ["-c", "echo from handler; sleep 0.2; echo still handler"]);
	});
}`;

const outputsOf = (events: RuntimeEvent[]) => events.filter((e): e is Extract<RuntimeEvent, { type: "tool_output" }> => e.type === "tool_output");
type Message = { role: string; content?: { type: string; name?: string; id?: string }[] };
const messagesOf = (events: RuntimeEvent[]) =>
	events.flatMap((e) => (e.type === "entry_appended" && e.entry.type === "message" ? [e.entry.message as Message] : []));
const callIds = (events: RuntimeEvent[], name: string) =>
	messagesOf(events)
		.flatMap((message) => (message.role === "assistant" ? (message.content ?? []) : []))
		.flatMap((block) => (block.type === "toolCall" && block.name === name && block.id ? [block.id] : []));

async function run(toolCalls: { name: string; arguments: Record<string, unknown> }[]) {
	const { runtime, events } = await startRuntime({
		files: { "runner.ts": RUNNER },
		workspace: await EmbeddedWorkspace.create(),
		script: [{ toolCalls }, { text: "ok" }],
	});
	await runtime.submit("go");
	return events;
}

describe("pi.exec output under the tool call that runs it", () => {
	it("shows each line under the call as the command prints it, then clears it; the result is pi's", async () => {
		const events = await run([{ name: "run", arguments: { script: LOOP("line") } }]);
		const [callId] = callIds(events, "run");
		const outputs = outputsOf(events);
		expect(outputs.every((e) => e.toolCallId === callId)).toBe(true);
		const texts = outputs.map((e) => e.text);
		// The first line is sent as it comes; later ones at most every 100 ms; the end clears it.
		expect(texts[0]).toBe("line 1\n");
		expect(texts.at(-2)).toBe("line 1\nline 2\nline 3\n");
		expect(texts.at(-1)).toBeUndefined();
		for (let i = 1; i < texts.length - 1; i++) expect(texts[i]?.startsWith(texts[i - 1] ?? "")).toBe(true);
		const result = messagesOf(events).find((message) => message.role === "toolResult");
		expect(JSON.stringify(result)).toContain("code 0: line 1\\nline 2\\nline 3\\n");
	});

	it("tells parallel calls apart by the signal each was given", async () => {
		const events = await run([
			{ name: "run", arguments: { script: LOOP("a"), withSignal: true, wait: true } },
			{ name: "run", arguments: { script: LOOP("b"), withSignal: true, wait: true } },
		]);
		const [first, second] = callIds(events, "run");
		const outputs = outputsOf(events);
		const textsOf = (id: string) => outputs.filter((e) => e.toolCallId === id).map((e) => e.text);
		expect(textsOf(first).at(-2)).toBe("a 1\na 2\na 3\n");
		expect(textsOf(first).join("")).not.toContain("b ");
		expect(textsOf(second).at(-2)).toBe("b 1\nb 2\nb 3\n");
		expect(textsOf(second).join("")).not.toContain("a ");
		expect(textsOf(first).at(-1)).toBeUndefined();
		expect(textsOf(second).at(-1)).toBeUndefined();
	});

	it("shows nothing for parallel calls of one extension that pass no signal: the call cannot be named", async () => {
		const events = await run([
			{ name: "run", arguments: { script: LOOP("a"), wait: true } },
			{ name: "run", arguments: { script: LOOP("b"), wait: true } },
		]);
		expect(callIds(events, "run")).toHaveLength(2);
		expect(outputsOf(events)).toEqual([]);
		// The commands ran and their results are whole.
		expect(JSON.stringify(events)).toContain("code 0: a 1\\na 2\\na 3\\n");
	});

	it("gives way to the tool's own progress: a partial result with text", async () => {
		const events = await run([{ name: "own", arguments: {} }]);
		const [callId] = callIds(events, "own");
		expect(outputsOf(events).map((e) => [e.toolCallId, e.text])).toEqual([
			[callId, "first command\n"],
			[callId, "own progress"],
			[callId, undefined],
		]);
	});

	it("gives way to the tool's own progress: a partial result its renderer drew", async () => {
		const events = await run([{ name: "drawn", arguments: {} }]);
		const [callId] = callIds(events, "drawn");
		expect(outputsOf(events).map((e) => [e.toolCallId, e.text])).toEqual([
			[callId, "first command\n"],
			[callId, undefined],
		]);
		const drawn = events.filter((e) => e.type === "tool_call_rendered" && e.toolCallId === callId && e.lines?.some((line) => line.includes("step 2")));
		expect(drawn).toHaveLength(1);
	});

	it("shows nothing for a command the extension's event handler runs while its tool runs", async () => {
		const events = await run([{ name: "busy", arguments: {} }]);
		expect(callIds(events, "busy")).toHaveLength(1);
		expect(outputsOf(events)).toEqual([]);
	});
});
