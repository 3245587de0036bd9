import { describe, expect, it } from "vitest";
import { compareScenario, type Observation } from "../../src/scenario/compare.ts";
import { entryView, Observer } from "../../src/scenario/observe.ts";
import { formatReport } from "../../src/scenario/report.ts";
import type { Expectation, Scenario } from "../../src/scenario/schema.ts";
import type { StoredEntry } from "../../src/session/entries.ts";

const CALL = { name: "run", arguments: { command: "ls" }, result: { content: [{ type: "text", text: "ok" }], details: {}, isError: false } };

function scenario(expect: Expectation, more: Partial<Scenario> = {}): Scenario {
	return { version: 1, extensions: ["a.ts"], steps: [{ prompt: "go", expect }], ...more };
}

function observed(step: Expectation, start: Expectation = {}): Observation {
	return { start, steps: [step] };
}

describe("comparing a replay with its scenario", () => {
	it("finds nothing when the replay did what was recorded", () => {
		const expect_ = { toolCalls: [CALL], notifications: [{ level: "info" as const, message: "hi" }] };
		expect(compareScenario(scenario(expect_), observed(structuredClone(expect_)))).toEqual([]);
	});

	it("names the step, the list, the item and the field that changed, with expected and actual", () => {
		const changed = { ...CALL, result: { ...CALL.result, content: [{ type: "text", text: "not ok" }] } };
		const divergences = compareScenario(scenario({ toolCalls: [CALL, CALL] }), observed({ toolCalls: [CALL, changed] }));
		expect(divergences).toEqual([
			{
				step: 1,
				prompt: "go",
				list: "toolCalls",
				item: { index: 1, label: "run" },
				field: "result.content[0].text",
				kind: "changed",
				expected: "ok",
				actual: "not ok",
			},
		]);
		const report = formatReport("x.json", 1, divergences);
		expect(report).toContain('step 1 "go" › toolCalls[1] (run) › result.content[0].text: changed');
		expect(report).toContain('expected: "ok"');
		expect(report).toContain('actual:   "not ok"');
	});

	it("exact: a list left out is empty, so anything in it is unexpected; an item not there is missing", () => {
		const divergences = compareScenario(
			scenario({ toolCalls: [CALL, { ...CALL, name: "other" }] }),
			observed({ toolCalls: [CALL], status: [{ key: "k", text: "t" }] }),
		);
		expect(divergences.map((d) => [d.list, d.kind, d.item?.label])).toEqual([
			["toolCalls", "missing", "other"],
			["status", "unexpected", "k"],
		]);
		expect(formatReport("x.json", 1, divergences)).toMatch(/status\[0\] \(k\): happened, not expected/);
	});

	it("subset: what is written must have happened, in order; lists left out and extra items do not count", () => {
		const step = {
			notifications: [
				{ level: "info" as const, message: "one" },
				{ level: "warning" as const, message: "two" },
				{ level: "info" as const, message: "three" },
			],
			status: [{ key: "k", text: "t" }],
		};
		const subset = (expect_: Expectation) => compareScenario(scenario(expect_, { match: "subset" }), observed(step));
		expect(subset({ notifications: [{ message: "one" }, { message: "three" }] })).toEqual([]);
		expect(subset({ notifications: [{ message: "three" }, { message: "one" }] }).map((d) => d.kind)).not.toEqual([]);
		const missing = subset({ notifications: [{ message: "four" }] });
		expect(missing).toMatchObject([{ list: "notifications", field: "message", kind: "changed", expected: "four", actual: "one" }]);
		// An empty list says none happened.
		expect(subset({ status: [] })).toMatchObject([{ list: "status", kind: "unexpected" }]);
	});

	it("counts extension errors in either mode", () => {
		const error = { extension: "a.ts", phase: "command", message: "boom" };
		expect(compareScenario(scenario({}, { match: "subset" }), observed({ errors: [error] }))).toMatchObject([{ list: "errors", kind: "unexpected" }]);
		expect(compareScenario(scenario({ errors: [error] }, { match: "subset" }), observed({ errors: [error] }))).toEqual([]);
	});

	it("leaves out the paths the scenario ignores: everywhere, at start, or in one step", () => {
		const request = { systemPrompt: "You are…", tools: ["read"] };
		const expect_ = { requests: [request] };
		const actual = observed({ requests: [{ ...request, systemPrompt: "You are someone else" }] }, { requests: [{ ...request, systemPrompt: "other" }] });
		const run = (ignore: string[]) => compareScenario(scenario(expect_, { ignore, start: { expect: { requests: [request] } } }), actual);
		expect(run([])).toHaveLength(2);
		expect(run(["requests.*.systemPrompt"])).toEqual([]);
		expect(run(["requests[*].systemPrompt"])).toEqual([]);
		expect(run(["start.requests"]).map((d) => d.step)).toEqual([1]);
		expect(run(["steps.0.requests.0.systemPrompt"]).map((d) => d.step)).toEqual(["start"]);
		expect(run(["steps.1.requests"]).map((d) => d.step)).toEqual(["start", 1]);
	});
});

describe("the recorder's view of a run", () => {
	it("leaves out ids, parents and timestamps, and shortens messages", () => {
		const entry = (value: object) => ({ id: "abcd1234", parentId: "00000000", timestamp: "2026-01-01T00:00:00.000Z", ...value }) as unknown as StoredEntry;
		expect(entryView(entry({ type: "custom", customType: "deploy", data: { target: "x" } }))).toEqual({
			type: "custom",
			customType: "deploy",
			data: { target: "x" },
		});
		expect(entryView(entry({ type: "label", targetId: "abcd1234", label: "here" }))).toEqual({ type: "label", label: "here" });
		expect(entryView(entry({ type: "message", message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 } }))).toEqual({
			type: "message",
			role: "user",
			text: "hi",
		});
	});

	it("joins each tool call with its result, marks a blocked one, and starts a new block on take()", () => {
		const observer = new Observer();
		const entry = (message: object) => ({ type: "message", id: "1", parentId: null, timestamp: "t", message }) as unknown as StoredEntry;
		observer.event({
			type: "entry_appended",
			sessionId: "s",
			leafId: "1",
			entry: entry({ role: "assistant", content: [{ type: "toolCall", id: "c1", name: "run", arguments: { a: 1 } }] }),
		});
		observer.event({
			type: "entry_appended",
			sessionId: "s",
			leafId: "1",
			entry: entry({ role: "toolResult", toolCallId: "c1", toolName: "run", content: [], isError: true }),
		});
		observer.event({
			type: "inspector",
			dropped: 0,
			console: [],
			requests: [],
			events: [{ seq: 1, type: "tool_call", at: 0, start: 0, durationMs: 0, prompt: 1, turn: 1, toolCallId: "c1", handlers: [], outcome: "blocked" }],
		});
		observer.event({ type: "ui_request", id: "u", request: { method: "confirm", title: "Sure?", message: "Really?" }, response: { cancelled: true } });
		const block = observer.take();
		expect(block.toolCalls).toEqual([{ name: "run", arguments: { a: 1 }, result: { content: [], details: {}, isError: true }, blocked: true }]);
		expect(block.dialogs).toEqual([{ method: "confirm", title: "Sure?", message: "Really?", answer: null }]);
		expect(observer.take()).toEqual({});
	});
});
