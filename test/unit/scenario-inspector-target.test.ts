import { describe, expect, it } from "vitest";
import { inspectorTarget } from "../../src/host/scenario/inspector-target.ts";
import type { LoggedInspectorBatch } from "../../src/host/state/run-log.ts";
import type { Divergence } from "../../src/scenario/compare.ts";
import type { ObservedEvent } from "../../src/scenario/observe.ts";
import type { WatchedRun } from "../../src/scenario/run-record.ts";

/** An inspector batch as the run log keeps it: the generation that sent it, each record's seq. */
function batch(
	run: number,
	events: { seq: number; type: string; toolCallId?: string; handlers?: { extension: string; error?: { message: string } }[] }[],
	requests: number[] = [],
) {
	return {
		type: "inspector",
		run,
		events: events.map((event) => ({ handlers: [], ...event })),
		requests: requests.map((seq) => ({ seq, systemPrompt: "", tools: [] })),
		console: [],
		dropped: 0,
	} as unknown as LoggedInspectorBatch;
}

const assistant = (ids: string[]): ObservedEvent =>
	({
		type: "entry_appended",
		sessionId: "s",
		leafId: "a",
		entry: {
			id: "a",
			parentId: null,
			timestamp: "t",
			type: "message",
			message: { role: "assistant", content: ids.map((id) => ({ type: "toolCall", id, name: "run", arguments: {} })) },
		},
	}) as ObservedEvent;

const run: WatchedRun = {
	start: [batch(1, [{ seq: 1, type: "session_start", handlers: [{ extension: "guard" }] }])],
	steps: [
		{ prompt: "one", events: [batch(1, [{ seq: 2, type: "input" }], [3])] },
		{
			prompt: "two",
			events: [
				assistant(["call-a", "call-b"]),
				batch(2, [
					{ seq: 7, type: "before_agent_start" },
					{ seq: 8, type: "tool_call", toolCallId: "call-a", handlers: [{ extension: "guard" }] },
					{ seq: 9, type: "tool_call", toolCallId: "call-b", handlers: [{ extension: "guard", error: { message: "" } }] },
					{ seq: 10, type: "turn_end", handlers: [{ extension: "guard" }] },
				]),
				batch(2, [], [11, 12]),
			],
		},
	],
};

const divergence = (step: Divergence["step"], list: Divergence["list"], index?: number): Divergence => ({
	step,
	list,
	...(index !== undefined && { item: { index } }),
	field: "",
	kind: "changed",
});

describe("the inspector record of a run's first divergence", () => {
	it("is the tool_call dispatch of the tool call that differs, keyed by the runtime's generation and seq", () => {
		expect(inspectorTarget(divergence(2, "toolCalls", 1), run)).toEqual({ key: "2:9", tab: "events", what: "tool_call in step 2" });
	});

	it("is the model request of that index for a request, the failed dispatch for an error, the first dispatch with a handler otherwise", () => {
		expect(inspectorTarget(divergence(2, "requests", 1), run)).toEqual({ key: "2:12", tab: "requests", what: "model request 2 of step 2" });
		expect(inspectorTarget(divergence(2, "errors", 0), run)?.key).toBe("2:9");
		expect(inspectorTarget(divergence(2, "notifications", 0), run)?.key).toBe("2:8");
		expect(inspectorTarget(divergence("start", "notifications", 0), run)).toEqual({ key: "1:1", tab: "events", what: "session_start in the start" });
		// A step whose only dispatch reached no handler: that dispatch.
		expect(inspectorTarget(divergence(1, "entries", 0), run)?.key).toBe("1:2");
	});

	it("is none for a step the run did not reach", () => {
		expect(inspectorTarget(divergence(5, "entries", 0), run)).toBeUndefined();
	});
});
