/**
 * The tab's hold on a session's Web Lock in real Chromium: holds asked for at once (a start overtaken by a newer
 * one) end with the lock of the one asked for last, and no other left held.
 */
import { describe, expect, it } from "vitest";
import { HeldSessionLock } from "../../src/host/storage/session-lock.ts";

async function heldNames(prefix: string): Promise<string[]> {
	const { held = [] } = await navigator.locks.query();
	return held
		.map((lock) => lock.name ?? "")
		.filter((name) => name.startsWith(`playa-session-${prefix}`))
		.sort();
}

describe("held session lock", () => {
	it("keeps only the session asked for last when holds overlap", async () => {
		const prefix = crypto.randomUUID();
		const lock = new HeldSessionLock();
		const answers = await Promise.all([lock.hold(`${prefix}-a`, false, () => undefined), lock.hold(`${prefix}-b`, false, () => undefined)]);
		expect(answers).toEqual([true, true]);
		expect(await heldNames(prefix)).toEqual([`playa-session-${prefix}-b`]);
		lock.release();
		await expect.poll(() => heldNames(prefix)).toEqual([]);
	});

	it("keeps the lock across a restart on the same session, and says no while another holder has it", async () => {
		const prefix = crypto.randomUUID();
		const lock = new HeldSessionLock();
		expect(await lock.hold(`${prefix}-a`, false, () => undefined)).toBe(true);
		expect(await lock.hold(`${prefix}-a`, false, () => undefined)).toBe(true);
		expect(await heldNames(prefix)).toEqual([`playa-session-${prefix}-a`]);
		const other = new HeldSessionLock();
		expect(await other.hold(`${prefix}-a`, false, () => undefined)).toBe(false);
		lock.release();
	});
});
