import { describe, expect, it } from "vitest";
import { BEAT_CHECK_MS, BUSY_LIMIT_MS, lateRuntimeJudge, SYNC_CALL_GRACE_MS, UNNAMED_HANG_GRACE_MS } from "../../src/host/runtime/watchdog/late-runtime.ts";
import type { RuntimeActivity } from "../../src/host/runtime/sandbox-frame.ts";

/** A judge over a scripted sequence of readings and a clock the test moves. */
function judgeOf(readings: RuntimeActivity[]) {
	let time = 0;
	const judge = lateRuntimeJudge(
		async () => readings.shift() ?? { syncCall: false },
		() => time,
	);
	return {
		next: async (advance = 0) => {
			time += advance;
			return judge();
		},
	};
}

const running = { url: "https://x/hang.ts", name: "hang", where: "tool_call" };

describe("the judge of a late runtime", () => {
	it("keeps waiting while the worker's heartbeat grows, though an extension's code is running at each reading", async () => {
		const judge = judgeOf([
			{ syncCall: false, running, beat: 10 },
			{ syncCall: false, running, beat: 14 },
			{ syncCall: false, running, beat: 19 },
		]);
		expect(await judge.next()).toBe(BEAT_CHECK_MS);
		expect(await judge.next(BEAT_CHECK_MS)).toBe(BEAT_CHECK_MS);
		expect(await judge.next(BEAT_CHECK_MS)).toBe(BEAT_CHECK_MS);
	});

	it("calls a worker hung at the second reading when its heartbeat stopped in extension code", async () => {
		const judge = judgeOf([
			{ syncCall: false, running, beat: 10 },
			{ syncCall: false, running, beat: 10 },
		]);
		expect(await judge.next()).toBe(BEAT_CHECK_MS);
		expect(await judge.next(BEAT_CHECK_MS)).toBe(0);
	});

	it("gives a stopped heartbeat in no extension's code, or in a synchronous call, its grace once", async () => {
		const unnamed = judgeOf([
			{ syncCall: false, beat: 3 },
			{ syncCall: false, beat: 3 },
			{ syncCall: false, beat: 3 },
		]);
		expect(await unnamed.next()).toBe(BEAT_CHECK_MS);
		expect(await unnamed.next()).toBe(UNNAMED_HANG_GRACE_MS);
		expect(await unnamed.next()).toBe(0);
		const sync = judgeOf([
			{ syncCall: true, beat: 3 },
			{ syncCall: true, beat: 3 },
			{ syncCall: true, running, beat: 3 },
		]);
		expect(await sync.next()).toBe(BEAT_CHECK_MS);
		expect(await sync.next()).toBe(SYNC_CALL_GRACE_MS);
		expect(await sync.next()).toBe(0);
	});

	it("without a heartbeat (no shared memory) judges as before: extension code is hung at once, other work gets its grace", async () => {
		expect(await judgeOf([{ syncCall: false, running }]).next()).toBe(0);
		const unnamed = judgeOf([{ syncCall: false }, { syncCall: false }]);
		expect(await unnamed.next()).toBe(UNNAMED_HANG_GRACE_MS);
		expect(await unnamed.next()).toBe(0);
	});

	it("looks again when the frame, which answered with a heartbeat before, does not answer in time", async () => {
		const judge = judgeOf([{ syncCall: false, running, beat: 1 }, { syncCall: false }, { syncCall: false, running, beat: 1 }]);
		expect(await judge.next()).toBe(BEAT_CHECK_MS);
		expect(await judge.next()).toBe(BEAT_CHECK_MS);
		expect(await judge.next()).toBe(0);
	});

	it("stops waiting for a busy worker once one ping has gone unanswered past the limit", async () => {
		const judge = judgeOf([
			{ syncCall: false, beat: 1 },
			{ syncCall: false, beat: 2 },
			{ syncCall: false, running, beat: 3 },
		]);
		expect(await judge.next()).toBe(BEAT_CHECK_MS);
		expect(await judge.next(BUSY_LIMIT_MS - 1)).toBe(BEAT_CHECK_MS);
		expect(await judge.next(2)).toBe(0);
	});
});
