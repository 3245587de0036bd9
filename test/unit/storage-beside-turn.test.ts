/**
 * Storing runs beside the turn, not in front of it (runtime/agent/commits.ts): a run's first model request waits
 * until what it was asked is stored; its later requests and tool calls go on while the turn's entries are still
 * being written, and the run ends only once all of them are stored. A write that was not stored stops the run at
 * its next step once the failure is known.
 */
import { describe, expect, it, vi } from "vitest";
import { startRuntime } from "../support/runtime-harness.ts";

const TICK_TOOL = `
export default function (pi) {
	pi.registerTool({
		name: "tick",
		description: "counts a tick",
		parameters: { type: "object", properties: {} },
		execute: async () => ({ content: [{ type: "text", text: "tick" }] }),
	});
}`;

const script = [{ toolCalls: [{ name: "tick", arguments: {} }] }, { toolCalls: [{ name: "tick", arguments: {} }] }, { text: "done" }];

type Stored = { type: string; entry?: { type: string; message?: { role: string; content?: unknown; stopReason?: string; errorMessage?: string } } };
const roleOf = (event: Stored) => (event.type === "entry_appended" && event.entry?.type === "message" ? event.entry.message?.role : undefined);

describe("storing runs beside the turn", () => {
	it("a run's later requests and tool calls go on while its entries are being stored; the run ends once all are", async () => {
		const held: (() => void)[] = [];
		const sent: string[] = [];
		const { runtime } = await startRuntime({
			files: { "tick.ts": TICK_TOOL },
			script,
			// The prompt is stored at once; every entry after it waits until the test lets it through.
			store: (event) => {
				const role = roleOf(event as Stored);
				if (role) sent.push(role);
				return role === "user" ? Promise.resolve() : new Promise<void>((resolve) => held.push(resolve));
			},
		});
		let ended = false;
		const run = runtime.submit("tick twice").then(() => (ended = true));
		// Both tool calls ran and the model was asked twice more, with none of the turn's entries stored yet.
		await vi.waitFor(() => expect(sent).toEqual(["user", "assistant", "toolResult", "assistant", "toolResult", "assistant"]));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(ended).toBe(false);
		for (const release of held) release();
		await run;
		expect(ended).toBe(true);
	});

	it("a write that failed mid-run stops the run at its next step, saying why", async () => {
		const { runtime, events } = await startRuntime({
			files: { "tick.ts": TICK_TOOL },
			script,
			store: async (event) => {
				if (roleOf(event as Stored) === "toolResult") throw new Error("The session entry was not stored: the disk is full.");
			},
		});
		await runtime.submit("tick twice");
		const replies = (events as Stored[]).filter((event) => roleOf(event) === "assistant").map((event) => event.entry!.message!);
		expect(JSON.stringify(replies)).not.toContain("done");
		const stopped = replies.filter((reply) => reply.stopReason === "error");
		expect(stopped).toHaveLength(1);
		expect(stopped[0].errorMessage).toBe("The session could not be saved, so the turn stopped. The session entry was not stored: the disk is full.");
	});
});
