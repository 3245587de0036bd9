import { describe, expect, it } from "vitest";
import type { ConsoleRecord, InspectedEvent, RequestRecord } from "../../src/protocol/inspector/inspector.ts";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";
import { snapshot } from "../../src/protocol/inspector/inspector-snapshot.ts";
import { isBoundedSnapshot } from "../../src/protocol/inspector/inspector-schema.ts";
import { startRuntime } from "../support/runtime-harness.ts";

const guard = `
export default function (pi) {
	pi.registerTool({
		name: "rm", label: "rm", description: "removes", parameters: { type: "object", properties: {} },
		execute: async () => ({ content: [{ type: "text", text: "removed" }], details: {} }),
	});
	pi.on("tool_call", (event) => {
		console.log("guard saw", event.toolName);
		if (event.toolName === "rm") return { block: true, reason: "rm is not allowed" };
	});
}`;

const shaper = `
export default function (pi) {
	pi.on("before_agent_start", (event) => ({ systemPrompt: [...event.systemPrompt, "Answer in French."] }));
	pi.on("context", (event) => ({ messages: event.messages.filter((m) => !(m.role === "user" && JSON.stringify(m.content).includes("secret"))) }));
}`;

function collect(events: RuntimeEvent[]) {
	const batches = events.filter((event): event is Extract<RuntimeEvent, { type: "inspector" }> => event.type === "inspector");
	return {
		events: batches.flatMap((batch) => batch.events) as InspectedEvent[],
		console: batches.flatMap((batch) => batch.console) as ConsoleRecord[],
		requests: batches.flatMap((batch) => batch.requests) as RequestRecord[],
	};
}

describe("inspector", () => {
	it("records a blocked tool call with its handler, reason and time, and the guard's console line", async () => {
		const h = await startRuntime({ files: { "guard.js": guard }, script: [{ toolCalls: [{ name: "rm", arguments: {} }] }, { text: "ok" }] });
		await h.runtime.submit("clean up");
		h.runtime.parts.inspector!.flush();
		const seen = collect(h.events);
		const call = seen.events.find((event) => event.type === "tool_call")!;
		expect(call.outcome).toBe("blocked");
		expect(call.reason).toBe("rm is not allowed");
		expect(call.handlers[0]).toMatchObject({ extension: "guard", index: 0, result: { block: true, reason: "rm is not allowed" } });
		expect(call.handlers[0].durationMs).toBeGreaterThanOrEqual(0);
		expect(call.prompt).toBe(1);
		expect(call.toolCallId).toBeTruthy();
		const log = seen.console.find((record) => record.text === "guard saw rm")!;
		expect(log).toMatchObject({ extension: "guard", level: "log", line: guard.split("\n").findIndex((line) => line.includes("console.log")) + 1 });
	});

	it("shows a before_agent_start addition in the request and a dropped message in the context diff", async () => {
		const h = await startRuntime({ files: { "shaper.js": shaper }, script: [{ text: "one" }, { text: "two" }] });
		await h.runtime.submit("my secret plan");
		await h.runtime.submit("hello");
		h.runtime.parts.inspector!.flush();
		const seen = collect(h.events);
		expect(seen.requests.at(-1)!.systemPrompt).toContain("Answer in French.");
		expect(seen.requests.at(-1)!.response?.stopReason).toBe("stop");
		const context = seen.events.filter((event) => event.type === "context").at(-1)!;
		expect(context.outcome).toBe("replaced");
		const removed = context.handlers[0].changes!.find((change) => change.op === "remove")!;
		expect(JSON.stringify(removed.old)).toContain("my secret plan");
		expect(JSON.stringify(seen.requests.at(-1)!.messages)).not.toContain("my secret plan");
		const start = seen.events.find((event) => event.type === "before_agent_start")!;
		expect(start.handlers[0].changes?.some((change) => JSON.stringify(change.value).includes("Answer in French."))).toBe(true);
	});

	it("keeps a conversation's newest messages only, after a note of the earlier ones", () => {
		const messages = Array.from({ length: 300 }, (_, i) => ({ role: "user", content: `message ${i}` }));
		const copy = snapshot({ messages, other: Array.from({ length: 300 }, (_, i) => i) }) as { messages: unknown[]; other: unknown[] };
		expect(copy.messages).toHaveLength(21);
		expect(copy.messages[0]).toBe("… [280 earlier messages]");
		expect(copy.messages[1]).toEqual({ role: "user", content: "message 280" });
		expect(copy.messages.at(-1)).toEqual({ role: "user", content: "message 299" });
		// Other arrays keep their first items, as before.
		expect(copy.other[0]).toBe(0);
		expect(snapshot(messages.slice(0, 20), undefined, "messages")).toHaveLength(20);
		expect((snapshot(messages, undefined, "messages") as unknown[])[0]).toBe("… [280 earlier messages]");
	});

	it("records a late turn's context and request no larger than an early turn's", async () => {
		const counter = `export default function (pi) {
			pi.registerTool({ name: "tick", label: "Tick", description: "ticks", parameters: { type: "object", properties: { n: { type: "number" } } },
				execute: async (_id, params) => ({ content: [{ type: "text", text: "tick " + params.n }], details: {} }) });
			pi.on("context", () => undefined);
		}`;
		// Few enough that no record is let go (a batch keeps its newest 500), many past the 20 messages kept.
		const calls = 40;
		const script = [...Array.from({ length: calls }, (_, i) => ({ toolCalls: [{ name: "tick", arguments: { n: i } }] })), { text: "done" }];
		const h = await startRuntime({ files: { "counter.js": counter }, script });
		await h.runtime.submit("count");
		h.runtime.parts.inspector!.flush();
		const seen = collect(h.events);
		const contexts = seen.events.filter((event) => event.type === "context");
		expect(contexts).toHaveLength(calls + 1);
		const size = (value: unknown) => JSON.stringify(value).length;
		// Turn 15 against turn 40: only the numbers in the text differ, not how many messages are kept.
		const early = contexts[14].payload as { messages: unknown[] };
		const late = contexts[calls].payload as { messages: unknown[] };
		expect(late.messages).toHaveLength(early.messages.length);
		expect(size(late)).toBeLessThan(size(early) * 1.1);
		expect(JSON.stringify(late.messages.at(-1))).toContain(`tick ${calls - 1}`);
		expect(size(seen.requests.at(-1)!.messages)).toBeLessThan(size(seen.requests[14].messages) * 1.1);
	});

	it("keeps snapshots bounded", () => {
		const big = { text: "x".repeat(10_000), list: Array.from({ length: 500 }, (_, i) => i), fn: () => 1 };
		const copy = snapshot(big) as { text: string; list: unknown[]; fn: string };
		expect(copy.text.length).toBeLessThan(2_100);
		expect(copy.list).toHaveLength(101);
		expect(copy.fn).toBe("[function fn]");
		const circular: Record<string, unknown> = {};
		circular.self = circular;
		expect(snapshot(circular)).toEqual({ self: "[circular]" });
	});

	it("keeps a request payload's nested values: a tool's schema in a system message, not \"[object]\"", () => {
		const schema = {
			type: "object",
			properties: { opts: { type: "object", properties: { deep: { type: "array", items: { type: "object", properties: { x: { type: "number" } } } } } } },
		};
		const payload = { messages: [{ role: "system", content: "s", toolsAdded: [{ name: "greet", parameters: schema }] }] };
		const copy = snapshot(payload);
		expect(copy).toEqual(payload);
		expect(JSON.stringify(copy)).not.toContain("[object]");
		expect(isBoundedSnapshot(copy)).toBe(true);
	});
});

describe("inspector buffer", () => {
	it("sends one batch per flush, keeping the latest records of a flood and counting the rest", async () => {
		const { Inspector } = await import("../../src/runtime/inspector/inspector.ts");
		const sent: RuntimeEvent[] = [];
		const inspector = new Inspector((event) => sent.push(event));
		for (let i = 0; i < 700; i++) inspector.begin("turn_end", { type: "turn_end", n: i }, 0).end(undefined);
		inspector.flush();
		expect(sent).toHaveLength(1);
		const batch = sent[0] as Extract<RuntimeEvent, { type: "inspector" }>;
		expect(batch.events).toHaveLength(500);
		expect(batch.dropped).toBe(200);
		expect((batch.events[0].payload as { n: number }).n).toBe(200);
		inspector.flush();
		expect(sent).toHaveLength(1);
	});
});
