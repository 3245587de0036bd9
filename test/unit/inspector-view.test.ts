// The inspector's list and exports, from records as the page keeps them: grouping prompt → turn →
// tool call, the filters, the Chrome trace's one track per extension, and the page's bounds check.
import { describe, expect, it } from "vitest";
import type { Logged } from "../../src/host/state/inspector-log.ts";
import { DETAIL_LIMITS, InspectorLog, LOG_LIMITS } from "../../src/host/state/inspector-log.ts";
import type { ConsoleRecord, InspectedEvent } from "../../src/protocol/inspector/inspector.ts";
import { isBoundedSnapshot } from "../../src/protocol/inspector/inspector-schema.ts";
import { parseRuntimeEvent } from "../../src/protocol/runtime-schema.ts";
import { buildRows, clockTime, DEFAULT_FILTER, sessionsOf } from "../../src/ui/inspector/rows.ts";
import { chromeTrace } from "../../src/ui/inspector/trace.ts";

let seq = 0;
function event(type: string, prompt: number, turn: number, extra: Partial<InspectedEvent> = {}): Logged<InspectedEvent> {
	seq++;
	return { seq, type, at: 1_000 + seq, start: seq, durationMs: 0.1, prompt, turn, handlers: [], run: 1, key: `1:${seq}`, ...extra };
}
const handler = (extension: string, durationMs = 0.2) => ({ extension, url: `http://x/${extension}.ts`, index: 0, start: seq, durationMs });

describe("inspector list", () => {
	const events = [
		event("input", 1, 0, { handlers: [handler("a")] }),
		event("turn_start", 1, 1),
		event("message_update", 1, 1),
		event("tool_call", 1, 1, { toolCallId: "c1", handlers: [handler("guard", 80)], outcome: "blocked", reason: "no" }),
		event("tool_result", 1, 1, { toolCallId: "c1" }),
		event("input", 2, 0, { handlers: [handler("a")] }),
	];
	const log: Logged<ConsoleRecord>[] = [
		{ seq: 4.5, at: 0, extension: "guard", url: "http://x/guard.ts", level: "warn", text: "careful", line: 3, prompt: 1, turn: 1, run: 1, key: "1:c" },
	];

	it("groups by prompt, turn and tool call, hiding message_update by default", () => {
		const rows = buildRows(events, log, DEFAULT_FILTER);
		// The newest prompt first; inside a prompt, the order things happened in.
		expect(rows.map((row) => (row.kind === "event" ? row.event.type : row.kind === "console" ? `console ${row.record.text}` : row.kind))).toEqual([
			"prompt",
			"input",
			"prompt",
			"input",
			"turn",
			"turn_start",
			"tool",
			"tool_call",
			"console careful",
			"tool_result",
		]);
		expect(buildRows(events, log, { ...DEFAULT_FILTER, hideUpdates: false }).some((row) => row.kind === "event" && row.event.type === "message_update")).toBe(
			true,
		);
	});

	it("titles a tool call with its tool's name and time, and says how long its execute ran", () => {
		const calls = [
			event("tool_call", 1, 1, { toolCallId: "tool:1796515166696:9wmvkk363sq", payload: { toolName: "greet", input: {} } }),
			event("tool_execution_start", 1, 1, { toolCallId: "tool:1796515166696:9wmvkk363sq", start: 1_000, payload: { toolName: "greet" } }),
			event("tool_execution_end", 1, 1, { toolCallId: "tool:1796515166696:9wmvkk363sq", start: 1_250, payload: { toolName: "greet" } }),
		];
		const tool = buildRows(calls, [], DEFAULT_FILTER).find((row) => row.kind === "tool");
		expect(tool).toMatchObject({ kind: "tool", toolName: "greet", at: calls[0].at, runMs: 250 });
		expect(clockTime(new Date(2026, 0, 1, 9, 5, 7).getTime())).toBe("09:05:07");
	});

	it("tells the sessions apart, the newest first, a reload staying in its session", () => {
		const inspectorLog = new InspectorLog();
		const batch = (type: string) => ({ events: [event(type, 1, 0)], console: [], requests: [], dropped: 0 });
		inspectorLog.add(batch("input"), 1, "s-old");
		inspectorLog.add(batch("input"), 2, "s-new");
		inspectorLog.add(batch("session_start"), 3, "s-new");
		inspectorLog.add(batch("input"), 3, "s-new");
		const sessions = sessionsOf(inspectorLog.store.get().runs);
		expect(sessions.map((session) => [session.key, [...session.runs]])).toEqual([
			["s-new", [2, 3]],
			["s-old", [1]],
		]);
	});

	it("filters by type, extension, changes, slow and text", () => {
		const types = (filter: Partial<typeof DEFAULT_FILTER>) =>
			buildRows(events, log, { ...DEFAULT_FILTER, ...filter }).flatMap((row) =>
				row.kind === "event" ? [row.event.type] : row.kind === "console" ? ["console"] : [],
			);
		expect(types({ type: "tool_call" })).toEqual(["tool_call"]);
		expect(types({ extension: "guard" })).toEqual(["tool_call", "console"]);
		expect(types({ onlyChanges: true })).toEqual(["tool_call"]);
		expect(types({ onlySlow: true })).toEqual(["tool_call"]);
		expect(types({ text: "careful" })).toEqual(["console"]);
		expect(types({ type: "console" })).toEqual(["console"]);
	});

	it("exports a Chrome trace with one track per extension", () => {
		const trace = chromeTrace(events, log);
		const tracks = trace.traceEvents.filter((e) => e.ph === "M" && e.name === "thread_name");
		expect(tracks.map((t) => t.args?.name)).toEqual(["a", "guard"]);
		const guard = tracks.find((t) => t.args?.name === "guard")!.tid;
		expect(trace.traceEvents.filter((e) => e.tid === guard && e.ph !== "M").map((e) => e.name)).toEqual(["tool_call", "console.warn"]);
		expect(trace.traceEvents.find((e) => e.name === "tool_call")!.dur).toBe(80_000);
	});
});

describe("the page's checks", () => {
	it("refuses snapshots past the bounds, and batches that are not records", () => {
		expect(isBoundedSnapshot({ a: [1, "x", null, { b: true }] })).toBe(true);
		expect(isBoundedSnapshot("x".repeat(50_000))).toBe(false);
		expect(isBoundedSnapshot(Array.from({ length: 1_000 }, () => 1))).toBe(false);
		expect(isBoundedSnapshot(new Date())).toBe(false);
		let deep: unknown = 1;
		for (let i = 0; i < 50; i++) deep = [deep];
		expect(isBoundedSnapshot(deep)).toBe(false);
		expect(parseRuntimeEvent({ type: "inspector", events: [], console: [], requests: [], dropped: 0 }).ok).toBe(true);
		expect(parseRuntimeEvent({ type: "inspector", events: [{ seq: 1 }], console: [], requests: [], dropped: 0 }).ok).toBe(false);
	});

	it("keeps a bounded log, counting what it lets go", () => {
		const inspectorLog = new InspectorLog();
		const many = Array.from({ length: LOG_LIMITS.requests + 5 }, (_, i) => ({
			seq: i,
			at: 0,
			start: 0,
			durationMs: 0,
			model: "m",
			systemPrompt: "",
			messages: [],
			tools: [],
			payloadReplaced: false,
			prompt: 0,
			turn: 0,
		}));
		inspectorLog.add({ events: [], console: [], requests: many, dropped: 2 }, 1);
		const state = inspectorLog.store.get();
		expect(state.requests).toHaveLength(LOG_LIMITS.requests);
		expect(state.requests[0].key).toBe("1:5");
		expect(state.dropped).toBe(7);
	});

	it("keeps snapshots only on the newest records, the rest of each record stays", () => {
		const inspectorLog = new InspectorLog();
		const request = (i: number) => ({
			seq: i,
			at: 0,
			start: 0,
			durationMs: 0,
			model: "m",
			systemPrompt: "system",
			messages: [{ role: "user", content: `message ${i}` }],
			tools: [],
			payload: { messages: [`payload ${i}`] },
			payloadReplaced: false,
			response: { stopReason: "stop", content: [`reply ${i}`] },
			prompt: 1,
			turn: i,
		});
		const handled = (i: number) => ({ extension: "a", url: "http://x/a.ts", index: 0, start: 0, durationMs: 0, result: { messages: [`result ${i}`] } });
		const inspected = (i: number) => ({ ...event("context", 1, i, { handlers: [handled(i)] }), payload: { messages: [`context ${i}`] } });
		// In batches of several, as the worker sends them, past both detail limits.
		for (let i = 0; i < DETAIL_LIMITS.events + 7; i += 3) {
			const seqs = [i, i + 1, i + 2];
			inspectorLog.add({ events: seqs.map(inspected), console: [], requests: seqs.map(request), dropped: 0 }, 1);
		}
		const { events, requests } = inspectorLog.store.get();
		const requestsKept = requests.filter((record) => !record.trimmed);
		expect(requestsKept).toHaveLength(DETAIL_LIMITS.requests);
		expect(requestsKept[0]).toBe(requests[requests.length - DETAIL_LIMITS.requests]);
		expect(requestsKept.at(-1)?.messages).toEqual([{ role: "user", content: `message ${requests.at(-1)?.seq}` }]);
		for (const old of requests.slice(0, -DETAIL_LIMITS.requests)) {
			expect(old).toMatchObject({ trimmed: true, messages: [], model: "m", response: { stopReason: "stop" } });
			expect(old.payload).toBeUndefined();
		}
		const eventsKept = events.filter((record) => !record.trimmed);
		expect(eventsKept).toHaveLength(DETAIL_LIMITS.events);
		expect(eventsKept.every((record) => record.payload !== undefined && record.handlers[0].result !== undefined)).toBe(true);
		const oldest = events[0];
		expect(oldest).toMatchObject({ trimmed: true, type: "context", turn: 0, handlers: [{ extension: "a" }] });
		expect(oldest.payload).toBeUndefined();
		expect(oldest.handlers[0].result).toBeUndefined();
	});
});
