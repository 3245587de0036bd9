import { describe, expect, it } from "vitest";
import { PendingCommits } from "../../src/runtime/agent/commits.ts";

function deferred() {
	let resolve!: () => void;
	let reject!: (error: Error) => void;
	const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
	return { promise, resolve, reject };
}

describe("entries the host has not confirmed storing", () => {
	it("holds the turn until every write tracked so far has settled, and stops it when one was not stored", async () => {
		const commits = new PendingCommits();
		const first = deferred();
		const second = deferred();
		commits.track(first.promise);
		commits.track(second.promise);
		commits.track(undefined); // a host in the same thread that answers nothing
		let settled = false;
		const waiting = commits.settled().then(() => (settled = true));
		first.resolve();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(settled).toBe(false);
		second.reject(new Error("quota exceeded"));
		// A failure nobody else heard of stops the turn's next step.
		await expect(waiting).rejects.toThrow("The session could not be saved, so the turn stopped. quota exceeded");
		expect(settled).toBe(false);
	});

	it("also waits for a write tracked while it was already waiting", async () => {
		const commits = new PendingCommits();
		const first = deferred();
		const late = deferred();
		commits.track(first.promise);
		let settled = false;
		const waiting = commits.settled().then(() => (settled = true));
		commits.track(late.promise);
		first.resolve();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(settled).toBe(false);
		late.resolve();
		await waiting;
		expect(settled).toBe(true);
	});
});
