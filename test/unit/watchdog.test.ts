import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Watchdog } from "../../src/host/runtime/watchdog/watchdog.ts";

describe("the watchdog", () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	/** A ping answered after `delays[n]` ms for the n-th ping (never, for Infinity). */
	function pinger(delays: number[]) {
		let count = 0;
		return () => {
			const delay = delays[Math.min(count++, delays.length - 1)];
			return new Promise<void>((resolve) => (Number.isFinite(delay) ? setTimeout(resolve, delay) : undefined));
		};
	}

	it("calls a worker stuck when a ping goes unanswered past the timeout, and only once", async () => {
		const stuck = vi.fn();
		const dog = new Watchdog(pinger([10, 10, Infinity]), stuck, { intervalMs: 1_000, timeoutMs: 2_500 });
		dog.start();
		await vi.advanceTimersByTimeAsync(2_100);
		expect(stuck).not.toHaveBeenCalled();
		await vi.advanceTimersByTimeAsync(3_600);
		expect(stuck).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(20_000);
		expect(stuck).toHaveBeenCalledTimes(1);
	});

	it("waits the grace it is given for a late ping, then goes on watching", async () => {
		const stuck = vi.fn();
		const judge = vi.fn(async () => 10_000);
		const dog = new Watchdog(pinger([8_000, 10]), stuck, { intervalMs: 1_000, timeoutMs: 2_500, grace: () => judge });
		dog.start();
		await vi.advanceTimersByTimeAsync(12_000);
		expect(judge).toHaveBeenCalledTimes(1);
		expect(stuck).not.toHaveBeenCalled();
		dog.stop();
	});

	it("calls it stuck at once when the grace is 0 (an extension is running), or after the grace runs out", async () => {
		const named = vi.fn();
		new Watchdog(pinger([Infinity]), named, { intervalMs: 1_000, timeoutMs: 2_500, grace: () => async () => 0 }).start();
		await vi.advanceTimersByTimeAsync(3_600);
		expect(named).toHaveBeenCalledTimes(1);

		const unnamed = vi.fn();
		const once = [10_000];
		new Watchdog(pinger([Infinity]), unnamed, { intervalMs: 1_000, timeoutMs: 2_500, grace: () => async () => once.shift() ?? 0 }).start();
		await vi.advanceTimersByTimeAsync(12_000);
		expect(unnamed).not.toHaveBeenCalled();
		await vi.advanceTimersByTimeAsync(2_000);
		expect(unnamed).toHaveBeenCalledTimes(1);
	});

	it("asks its judge again each time the wait it gave runs out, with a fresh judge for the next late ping", async () => {
		const stuck = vi.fn();
		const judges: number[] = [];
		// Each judge gives three short waits: a ping answered after 4 s is waited for; one never answered is stuck.
		const grace = () => {
			const waits = [500, 500, 500];
			judges.push(0);
			return async () => {
				judges[judges.length - 1]++;
				return waits.shift() ?? 0;
			};
		};
		const dog = new Watchdog(pinger([4_000, 10, Infinity]), stuck, { intervalMs: 1_000, timeoutMs: 2_500, grace });
		dog.start();
		await vi.advanceTimersByTimeAsync(6_000);
		expect(stuck).not.toHaveBeenCalled();
		expect(judges).toEqual([3]);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(stuck).toHaveBeenCalledTimes(1);
		expect(judges).toEqual([3, 4]);
	});
});
