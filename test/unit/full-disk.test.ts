/**
 * A full disk loses nothing silently (issue 33, finding 5): a write that was not stored fails where it was made
 * (`pi.appendEntry` rejects with the reason), the entry leaves the runtime's tree so that what follows is appended
 * after what was stored, and a failure no caller heard of stops the turn's next step.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { PendingCommits, SessionNotSavedError } from "../../src/runtime/agent/commits.ts";
import { formatBytes, reasonOf, storageFailureReason } from "../../src/host/storage/storage-failure.ts";
import { SessionTree } from "../../src/session/tree.ts";
import { newSessionHeader } from "../../src/session/entries.ts";
import { PROBE_EXPR, probe, startRuntime } from "../support/runtime-harness.ts";

/** The error Chromium's IndexedDB gives a transaction over quota: its message is empty. */
function quotaError(): Error {
	const error = new Error("");
	error.name = "QuotaExceededError";
	return error;
}

afterEach(() => vi.unstubAllGlobals());

describe("why a write failed", () => {
	it("is never empty: the message, else the error's name, else its text", () => {
		expect(reasonOf(quotaError())).toBe("QuotaExceededError");
		expect(reasonOf(new Error("the disk is gone"))).toBe("the disk is gone");
		expect(reasonOf({ name: "AbortError", message: "" })).toBe("AbortError");
		expect(reasonOf(undefined)).toBe("an unknown error");
		expect(reasonOf({})).toBe("an unknown error");
		expect(reasonOf("  ")).toBe("an unknown error");
	});

	it("names a full disk, and how much of the quota is used", async () => {
		const estimate = async () => ({ usage: 398 * 1024 * 1024, quota: 400 * 1024 * 1024 });
		expect(await storageFailureReason(quotaError(), estimate)).toBe("the browser's storage for this site is full (QuotaExceededError; 398 MB of 400 MB used)");
		// Without an estimate the reason still names the quota.
		expect(await storageFailureReason(quotaError(), async () => ({}))).toBe("the browser's storage for this site is full (QuotaExceededError)");
		expect(await storageFailureReason(new Error("session s1 does not exist"), estimate)).toBe("session s1 does not exist");
		expect([formatBytes(512), formatBytes(3.4 * 1024), formatBytes(12 * 1024 * 1024)]).toEqual(["512 B", "3.4 KB", "12 MB"]);
	});
});

describe("writes the host did not store", () => {
	it("a claimed entry's failure goes to its caller; one nobody heard of stops the turn's next step, once", async () => {
		const commits = new PendingCommits();
		const failed: string[] = [];
		commits.track(Promise.reject(new Error("The session entry e1 was not stored: the disk is full.")), "e1", () => failed.push("e1"));
		const claimed = commits.stored("e1");
		await expect(claimed).rejects.toThrow("The session entry e1 was not stored: the disk is full.");
		// The caller heard of it: the turn goes on.
		await expect(commits.settled()).resolves.toBeUndefined();
		commits.track(Promise.reject(new Error("The session entry e2 was not stored: the disk is full.")), "e2", () => failed.push("e2"));
		commits.track(Promise.resolve(), "e3");
		await expect(commits.settled()).rejects.toThrow(SessionNotSavedError);
		await expect(commits.settled()).resolves.toBeUndefined();
		expect(failed).toEqual(["e1", "e2"]);
		// Stored, or never written: resolves.
		await expect(commits.stored("e3")).resolves.toBeUndefined();
	});

	it("the tree forgets an entry that was not stored, and those after it; the leaf goes back to the last one stored", () => {
		const tree = new SessionTree(newSessionHeader("/workspace"));
		const a = tree.append({ type: "custom", customType: "n", data: 1 });
		const b = tree.append({ type: "custom", customType: "n", data: 2 });
		const c = tree.append({ type: "custom", customType: "n", data: 3 });
		tree.forget(b.id);
		expect(tree.getEntries().map((entry) => entry.id)).toEqual([a.id]);
		expect(tree.getEntry(c.id)).toBeUndefined();
		expect(tree.getLeafId()).toBe(a.id);
		expect(tree.append({ type: "custom", customType: "n", data: 4 }).parentId).toBe(a.id);
	});
});

describe("pi.appendEntry on a full disk", () => {
	const source = `export default function (pi) {
	pi.registerCommand("fill", { handler: async () => {
		const log = ${PROBE_EXPR};
		for (let n = 1; n <= 4; n++) {
			try {
				await pi.appendEntry("row", { n });
				log.push(n + ": stored");
			} catch (error) {
				log.push(n + ": " + error.name + ": " + error.message);
				(globalThis as any)[Symbol.for("playa.test.stack")] = error.stack;
			}
		}
	} });
	pi.registerCommand("entries", { handler: async (_args, ctx) => {
		${PROBE_EXPR}.push(ctx.sessionManager.getEntries().filter((e) => e.type === "custom").map((e) => e.data.n + " after " + (e.parentId === null ? "none" : ctx.sessionManager.getEntry(e.parentId).data.n)).join(", "));
	} });
}`;

	it("rejects with the reason where it was called; the entry is not in the session, and the next follows what was stored", async () => {
		const log = probe();
		const stored = new Map<string, number>();
		const { runtime } = await startRuntime({
			files: { "ext.ts": source },
			store: async (event) => {
				if (event.type !== "entry_appended") return;
				const n = (event.entry as { data?: { n?: number } }).data?.n;
				if (n === 3) throw new Error("The session entry was not stored: the browser's storage for this site is full (QuotaExceededError).");
				if (n !== undefined) stored.set(event.entry.id, n);
			},
		});
		await runtime.submit("/fill");
		expect(log).toEqual([
			"1: stored",
			"2: stored",
			'3: SessionNotSavedError: pi.appendEntry("row") was not stored. The session entry was not stored: the browser\'s storage for this site is full (QuotaExceededError).',
			"4: stored",
		]);
		// The rejection carries the stack of the extension's call: one it does not catch is shown on its card
		// (stray-errors.ts finds the extension by its module's URL; under Node a data: URL).
		expect((globalThis as Record<symbol, unknown>)[Symbol.for("playa.test.stack")]).toMatch(
			/^SessionNotSavedError: [^\n]+\n[\s\S]*data:text\/javascript;base64,[A-Za-z0-9+/=]+#\d+/,
		);
		await runtime.submit("/entries");
		expect(log.at(-1)).toBe("1 after none, 2 after 1, 4 after 2");
		expect([...stored.values()]).toEqual([1, 2, 4]);
	});
});

describe("a turn whose own entry was not stored", () => {
	it("stops at its next step, and says why in the transcript", async () => {
		let refuseUser = true;
		const { runtime, entries } = await startRuntime({
			files: {},
			script: [{ text: "a reply built on an unsaved prompt" }],
			store: async (event) => {
				const message = event.type === "entry_appended" && event.entry.type === "message" ? (event.entry as { message: { role: string } }).message : undefined;
				if (refuseUser && message?.role === "user") {
					refuseUser = false;
					throw new Error("The session entry was not stored: the browser's storage for this site is full (QuotaExceededError).");
				}
			},
		});
		await runtime.submit("hello");
		const replies = entries().flatMap((entry) =>
			entry.type === "message" && (entry as { message: { role: string } }).message.role === "assistant"
				? [(entry as { message: { stopReason?: string; errorMessage?: string; content: unknown[] } }).message]
				: [],
		);
		expect(replies).toHaveLength(1);
		expect(replies[0].stopReason).toBe("error");
		expect(replies[0].errorMessage).toBe(
			"The session could not be saved, so the turn stopped. The session entry was not stored: the browser's storage for this site is full (QuotaExceededError).",
		);
		expect(JSON.stringify(replies[0].content)).not.toContain("a reply built on an unsaved prompt");
	});
});
