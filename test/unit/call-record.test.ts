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
		expect(() =>
			recorder.track(call("throws"), () => {
				throw new Error("x");
			}),
		).toThrow("x");
		expect(readCallRecord(buffer)).toBeUndefined();
	});

	it("records nothing, and still runs calls, without shared memory", () => {
		expect(new CallRecorder().track(call("plain"), () => 42)).toBe(42);
	});
});

describe("the call record against code in the same worker", () => {
	it("names the running call even when globals it could use are replaced", () => {
		const buffer = createCallRecordBuffer();
		const recorder = new CallRecorder(buffer);
		const originals = {
			store: Atomics.store,
			stringify: JSON.stringify,
			freeze: Object.freeze,
			set: Uint8Array.prototype.set,
			encode: TextEncoder.prototype.encode,
		};
		let seen: unknown;
		recorder.track(call("victim"), () => {
			try {
				// What a hostile module can do before it hangs: clear or forge whatever is written next.
				Atomics.store = (() => 0) as unknown as typeof Atomics.store;
				JSON.stringify = () => '{"url":"http://x.test/other.ts","name":"other","where":"factory"}';
				Object.freeze = (<T>(value: T) => ({ ...value, name: "other" })) as typeof Object.freeze;
				Uint8Array.prototype.set = () => {};
				TextEncoder.prototype.encode = () => new Uint8Array();
				recorder.track(call("inner"), () => (seen = readCallRecord(buffer)));
			} finally {
				Atomics.store = originals.store;
				JSON.stringify = originals.stringify;
				Object.freeze = originals.freeze;
				Uint8Array.prototype.set = originals.set;
				TextEncoder.prototype.encode = originals.encode;
			}
		});
		expect(seen).toEqual(call("inner"));
	});

	it("keeps its state out of reach of property access", () => {
		const recorder = new CallRecorder(createCallRecordBuffer());
		expect(Object.keys(recorder)).toEqual([]);
		expect(Object.getOwnPropertyNames(recorder)).toEqual([]);
	});

	it("records a copy, so changing the caller's object afterwards changes nothing", () => {
		const buffer = createCallRecordBuffer();
		const recorder = new CallRecorder(buffer);
		const running = call("mine");
		recorder.track(running, () => {
			running.name = "someone-else";
			// Leaving the inner call writes the outer one again, from what was recorded.
			recorder.track(call("inner"), () => undefined);
			expect(readCallRecord(buffer)?.name).toBe("mine");
		});
	});
});
