/**
 * How long the watchdog waits for a late ping, judged from what the sandbox frame sees of the worker
 * (host/runtime/runtime-client.ts `readActivity`): a worker whose heartbeat grows is busy, not hung, however late its
 * answer (it queues behind a stream of messages on a loaded page); a worker stuck in extension code is hung now;
 * one in a synchronous workspace call, or in none of its extensions' code, gets a fixed grace once.
 */
import type { RuntimeActivity } from "../sandbox-frame.ts";

/** How much longer a late runtime that runs no extension code gets before it counts as hung. */
export const UNNAMED_HANG_GRACE_MS = 10_000;
/** How much longer one blocked in a synchronous workspace call (a command run with `execSync`) gets. */
export const SYNC_CALL_GRACE_MS = 30_000;
/** How long after a reading of the heartbeat the next one is taken: several beats (protocol/call-record.ts). */
export const BEAT_CHECK_MS = 400;
/** The longest a runtime whose heartbeat grows may leave one ping unanswered before it counts as hung. */
export const BUSY_LIMIT_MS = 60_000;

/** A judge for one late ping: each call says how much longer to wait for it (0: it is hung). */
export function lateRuntimeJudge(readActivity: () => Promise<RuntimeActivity>, now: () => number = Date.now): () => Promise<number> {
	const since = now();
	let lastBeat: number | undefined;
	let syncGraceGiven = false;
	let unnamedGraceGiven = false;
	return async () => {
		const { running, syncCall, beat } = await readActivity();
		const busyTooLong = now() - since > BUSY_LIMIT_MS;
		if (beat !== undefined && !busyTooLong) {
			const turned = lastBeat !== undefined && beat !== lastBeat;
			const first = lastBeat === undefined;
			lastBeat = beat;
			// The first reading has nothing to compare with: look again after a few beats.
			if (first || turned) return BEAT_CHECK_MS;
		} else if (beat === undefined && lastBeat !== undefined && !busyTooLong) {
			// The frame had answered with a heartbeat before and did not in time now: the page's own thread is
			// what is slow. Look again.
			return BEAT_CHECK_MS;
		}
		if (syncCall && !syncGraceGiven) {
			syncGraceGiven = true;
			return SYNC_CALL_GRACE_MS;
		}
		if (running || unnamedGraceGiven) return 0;
		unnamedGraceGiven = true;
		return UNNAMED_HANG_GRACE_MS;
	};
}
