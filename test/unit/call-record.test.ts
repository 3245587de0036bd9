import { describe, expect, it } from "vitest";
import { CallRecorder, createCallRecordBuffer, readCallRecord } from "../../src/protocol/call-record.ts";

const call = (where: string) => ({ url: `http://x.test/${where}.ts`, name: where, where });

describe("the call record the watchdog reads", () => {
	it("shows the innermost running call while it runs, and nothing after", () => {
		const buffer = createCallRecordBuffer();
		const recorder = new CallRecorder(buffer);
		const seen: unknown[] = [];
		recorder.track(call("outer"), () => {
			seen.push(readCallRecord(buffer)?.where);
			recorder.track(call("inner"), () => seen.push(readCallRecord(buffer)?.where));
			seen.push(readCallRecord(buffer)?.where);
		});
		expect(seen).toEqual(["outer", "inner", "outer"]);
		expect(readCallRecord(buffer)).toBeUndefined();
	});

	it("keeps an async call recorded until its promise settles, and clears a call that throws", async () => {
		const buffer = createCallRecordBuffer();
		const recorder = new CallRecorder(buffer);
		let release!: () => void;
		const pending = recorder.track(call("waiting"), () => new Promise<void>((resolve) => (release = resolve)));
		expect(readCallRecord(buffer)).toEqual(call("waiting"));
		release();
		await pending;
		expect(readCallRecord(buffer)).toBeUndefined();
		expect(() => recorder.track(call("throws"), () => { throw new Error("x"); })).toThrow("x");
		expect(readCallRecord(buffer)).toBeUndefined();
	});

	it("records nothing, and still runs calls, without shared memory", () => {
		expect(new CallRecorder().track(call("plain"), () => 42)).toBe(42);
	});
});
