// The inspector's list and exports, from records as the page keeps them: grouping prompt → turn →
// tool call, the filters, the Chrome trace's one track per extension, and the page's bounds check.
import { describe, expect, it } from "vitest";
import type { Logged } from "../../src/host/inspector-log.ts";
import { InspectorLog, LOG_LIMITS } from "../../src/host/inspector-log.ts";
import type { ConsoleRecord, InspectedEvent } from "../../src/protocol/inspector.ts";
import { isBoundedSnapshot } from "../../src/protocol/inspector-schema.ts";
import { parseRuntimeEvent } from "../../src/protocol/runtime-schema.ts";
import { buildRows, DEFAULT_FILTER } from "../../src/ui/inspector/rows.ts";
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
		expect(rows.map((row) => (row.kind === "event" ? row.event.type : row.kind === "console" ? `console ${row.record.text}` : row.kind))).toEqual([
			"prompt",
			"input",
			"turn",
			"turn_start",
			"tool",
			"tool_call",
			"console careful",
			"tool_result",
			"prompt",
			"input",
		]);
		expect(buildRows(events, log, { ...DEFAULT_FILTER, hideUpdates: false }).some((row) => row.kind === "event" && row.event.type === "message_update")).toBe(
			true,
		);
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
});
