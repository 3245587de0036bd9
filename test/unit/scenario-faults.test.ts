import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runHeadless } from "../../src/headless/index.ts";
import { faultSteps, withFault } from "../../src/host/scenario/faults.ts";
import type { ScriptStep } from "../../src/protocol/script.ts";
import { replyOf } from "../../src/scenario/run-record.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("faults on demand", () => {
	const script: ScriptStep[] = [{ text: "one" }, { text: "the second reply, whole" }];

	it("go in at the next reply's step, before the step it would have played", () => {
		expect(withFault(script, 1, "overloaded")).toEqual([{ text: "one" }, { error: expect.stringMatching(/overloaded/i) }, { text: "the second reply, whole" }]);
		expect(withFault(script, 0, "rate-limit").map((step) => step.error ?? step.text)).toEqual([
			expect.stringMatching(/^429 .*rate limit/),
			expect.stringMatching(/^429 .*rate limit/),
			"one",
			"the second reply, whole",
		]);
		// A reset cuts the reply it interrupts after its first words.
		expect(faultSteps("connection-reset", script[1])).toEqual([{ text: "the second", error: expect.stringContaining("ECONNRESET") }]);
		// Past the script's end: the fault still lands on the next reply.
		expect(withFault([], 2, "overloaded")).toHaveLength(3);
	});

	it("are retried by the session as a provider's errors are, and the retry plays the reply after them", async () => {
		for (const fault of ["overloaded", "connection-reset"] as const) {
			const result = await runHeadless({ extensions: [], script: withFault(script, 0, fault), prompts: ["hi"], cwd: ROOT });
			const retries = result.events.flatMap((event) => (event.type === "auto_retry" ? [event.event.type] : []));
			expect(retries).toEqual(["auto_retry_start", "auto_retry_end"]);
			const replies = result.events.flatMap((event) =>
				event.type === "entry_appended" && event.entry.type === "message" && (event.entry as { message: { role: string } }).message.role === "assistant"
					? [replyOf((event.entry as { message: object }).message)]
					: [],
			);
			// What a scenario saved from this run replays: the failed reply, then the one the retry got.
			expect(replies).toEqual([faultSteps(fault, script[0])[0], { text: "one" }]);
		}
	}, 30_000);
});
