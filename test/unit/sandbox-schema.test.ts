import { describe, expect, it } from "vitest";
import { parseFrameReport } from "../../src/protocol/sandbox-schema.ts";

describe("what the page accepts from the sandbox frame", () => {
	it("takes the three reports as they are", () => {
		expect(parseFrameReport({ type: "started", isolated: true })).toEqual({ type: "started", isolated: true });
		expect(parseFrameReport({ type: "failed", message: "did not load" })).toEqual({ type: "failed", message: "did not load" });
		const running = { url: "https://example.test/a.ts", name: "a", where: "tool_call" };
		expect(parseFrameReport({ type: "call_record", id: 3, running })).toEqual({ type: "call_record", id: 3, running });
		expect(parseFrameReport({ type: "call_record", id: 4 })).toEqual({ type: "call_record", id: 4 });
	});

	it("refuses anything else: unknown types, extra fields, wrong types, oversized text", () => {
		for (const data of [
			undefined,
			"started",
			{ type: "eval", code: "1" },
			{ type: "started", isolated: "yes" },
			{ type: "started", isolated: true, extra: 1 },
			{ type: "failed", message: "x".repeat(2001) },
			{ type: "call_record", id: 1.5 },
			{ type: "call_record", id: 1, running: { url: "u", name: "n" } },
			{ type: "call_record", id: 1, running: { url: "u", name: "n", where: "w", constructor: "x" } },
		]) {
			expect(parseFrameReport(data), JSON.stringify(data)).toBeUndefined();
		}
	});
});
