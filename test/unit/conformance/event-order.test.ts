/**
 * Conformance: "Typical order for one prompt" (reference section 5) for a prompt whose reply calls a
 * tool, and the payload fields each event carries.
 */
import { describe, expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";
import { REFERENCE_EVENTS } from "./support.ts";

/** Subscribes to every reference event and logs a JSON copy of each event it gets. */
const OBSERVER = `
export default function (pi) {
	pi.registerTool({
		name: "greet", description: "greets", parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
		execute: async (_id, params, _signal, onUpdate) => {
			onUpdate?.({ content: [{ type: "text", text: "greeting..." }] });
			return { content: [{ type: "text", text: "hi " + params.name }], details: { greeted: params.name } };
		},
	});
	for (const type of ${JSON.stringify(REFERENCE_EVENTS)}) {
		// Start events, not the prompt's (resources_discover follows session_start).
		if (type === "session_start" || type === "resources_discover") continue;
		pi.on(type, (event) => { ${PROBE_EXPR}.push(JSON.parse(JSON.stringify({ ...event, signal: event.signal ? "signal" : undefined }))); });
	}
}`;

type Logged = Record<string, any> & { type: string };

async function onePrompt() {
	const log = probe() as Logged[];
	const { runtime } = await startRuntime({
		files: { "observer.ts": OBSERVER },
		script: [{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { text: "I greeted Ada." }],
	});
	await runtime.submit("go");
	return log;
}

/** Event names, message events with their role, runs of message_update collapsed to one `*`. */
function sequence(log: Logged[]): string[] {
	const names = log.map((e) => (e.type.startsWith("message_") ? `${e.type}:${e.message.role}` : e.type));
	return names
		.filter((name, i) => !(name.startsWith("message_update") && names[i - 1] === name))
		.map((name) => (name.startsWith("message_update") ? `${name}*` : name));
}

const TURN_WITH_TOOL = [
	"turn_start",
	// pi-agent-core also reports the prompt message itself (notify events; the reference does not list them).
	"message_start:user",
	"message_end:user",
	"context",
	"before_provider_request",
	"after_provider_response",
	"message_start:assistant",
	"message_update:assistant*",
	"message_end:assistant",
	"tool_call",
	"tool_execution_start",
	"tool_execution_update",
	"tool_result",
	"tool_execution_end",
	"message_start:toolResult",
	"message_end:toolResult",
	"turn_end",
];
const LAST_TURN = [
	"turn_start",
	"context",
	"before_provider_request",
	"after_provider_response",
	"message_start:assistant",
	"message_update:assistant*",
	"message_end:assistant",
	"turn_end",
];

describe("typical order for one prompt", () => {
	it("input → before_agent_start → agent_start → [turn … tool_call → tool_execution_start → … → turn_end]* → session_stop → agent_end", async () => {
		const log = await onePrompt();
		expect(sequence(log)).toEqual(["input", "before_agent_start", "agent_start", ...TURN_WITH_TOOL, ...LAST_TURN, "session_stop", "agent_end"]);
	});

	it("session_stop comes once, after the last turn_end and before agent_end (main session)", async () => {
		const names = sequence(await onePrompt());
		expect(names.slice(-3)).toEqual(["turn_end", "session_stop", "agent_end"]);
		expect(names.filter((name) => name === "session_stop")).toHaveLength(1);
	});

	it("the provider is asked once per turn: one context, before_provider_request and after_provider_response each", async () => {
		const names = sequence(await onePrompt());
		for (const type of ["context", "before_provider_request", "after_provider_response"]) {
			expect(names.filter((name) => name === type)).toHaveLength(2);
		}
	});
});

describe("payloads", () => {
	it("prompt and turn events carry the reference's fields", async () => {
		const log = await onePrompt();
		const of = (type: string) => log.filter((e) => e.type === type);
		expect(of("input")).toEqual([expect.objectContaining({ text: "go", source: "interactive" })]);
		const [start] = of("before_agent_start");
		expect(start.prompt).toBe("go");
		expect(start.systemPrompt.length).toBeGreaterThan(0);
		expect(start.systemPrompt.every((part: unknown) => typeof part === "string")).toBe(true);
		expect(of("agent_start")).toEqual([{ type: "agent_start" }]);
		expect(of("turn_start").map((e) => [e.turnIndex, typeof e.timestamp])).toEqual([
			[0, "number"],
			[1, "number"],
		]);
		expect(of("turn_end").map((e) => [e.turnIndex, e.message.role, e.toolResults.length])).toEqual([
			[0, "assistant", 1],
			[1, "assistant", 0],
		]);
		expect(of("turn_end")[0].toolResults[0]).toMatchObject({ role: "toolResult", toolName: "greet" });
		const contexts = of("context");
		expect(contexts[0].messages.filter((m: { role: string }) => m.role === "user")).toHaveLength(1);
		expect(contexts[1].messages.map((m: { role: string }) => m.role)).toEqual(expect.arrayContaining(["user", "assistant", "toolResult"]));
		for (const request of of("before_provider_request")) expect(request.payload).toBeDefined();
		for (const response of of("after_provider_response")) expect(response).toMatchObject({ status: 200, headers: expect.any(Object) });
		for (const update of of("message_update")) expect(update.assistantMessageEvent).toMatchObject({ type: expect.any(String) });
		expect(of("message_end").map((e) => e.message.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		const [agentEnd] = of("agent_end");
		expect(agentEnd.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
	});

	it("tool events carry the call's id, name and arguments; results their content and error flag", async () => {
		const log = await onePrompt();
		const tools = log.filter((e) => e.type.startsWith("tool_"));
		const [call] = tools;
		expect(call).toMatchObject({ type: "tool_call", toolName: "greet", input: { name: "Ada" }, toolCallId: expect.any(String) });
		expect(tools.every((e) => e.toolCallId === call.toolCallId && e.toolName === "greet")).toBe(true);
		expect(tools.map((e) => e.type)).toEqual(["tool_call", "tool_execution_start", "tool_execution_update", "tool_result", "tool_execution_end"]);
		const [, start, update, result, end] = tools;
		expect(start.args).toEqual({ name: "Ada" });
		expect(update).toMatchObject({ args: { name: "Ada" }, partialResult: { content: [{ type: "text", text: "greeting..." }] } });
		expect(result).toMatchObject({ input: { name: "Ada" }, content: [{ type: "text", text: "hi Ada" }], details: { greeted: "Ada" }, isError: false });
		expect(end).toMatchObject({ isError: false, result: { content: [{ type: "text", text: "hi Ada" }] } });
	});

	it("a blocked call gets tool_call and tool_execution_start/end, but no tool_result and no update", async () => {
		const log = probe() as Logged[];
		const { runtime } = await startRuntime({
			files: { "observer.ts": OBSERVER, "guard.ts": `export default function (pi) { pi.on("tool_call", () => ({ block: true, reason: "no greeting" })); }` },
			script: [{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { text: "ok" }],
		});
		await runtime.submit("go");
		const tools = log.filter((e) => e.type.startsWith("tool_"));
		expect(tools.map((e) => e.type)).toEqual(["tool_call", "tool_execution_start", "tool_execution_end"]);
		expect(tools[2]).toMatchObject({ isError: true, result: { content: [{ type: "text", text: "no greeting" }] } });
	});
});
