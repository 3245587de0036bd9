/**
 * Conformance: `session_stop` (reference section 5) in a real runtime — the payload, refusals
 * (`decision: "block"`) and advisory continuations (`continue: true`) that run one more turn with
 * the reason or context, the cap of 8 advisory continuations, and its place in the order.
 */
import { describe, expect, it } from "vitest";
import { MAX_ADVISORY_CONTINUATIONS, REFUSAL_WITHOUT_REASON } from "../../../src/runtime/agent/stop-hook.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../../support/runtime-harness.ts";

type Logged = Record<string, any> & { type: string };

/** An extension whose session_stop handler runs `body` (with `event` and a call counter `n`) and logs each event. */
function stopHook(body: string): string {
	return `
let n = 0;
export default function (pi) {
	pi.on("turn_end", () => { ${PROBE_EXPR}.push({ type: "turn_end" }); });
	pi.on("agent_end", () => { ${PROBE_EXPR}.push({ type: "agent_end" }); });
	pi.on("session_stop", (event) => {
		n++;
		${PROBE_EXPR}.push({ ...JSON.parse(JSON.stringify({ ...event, signal: undefined })), hasSignal: event.signal instanceof AbortSignal, type: "session_stop" });
		${body}
	});
}`;
}

/** Texts of the custom messages the hook injected, in order. */
function injected(entries: ReturnType<Awaited<ReturnType<typeof startRuntime>>["entries"]>): string[] {
	return entries.flatMap((entry) =>
		entry.type === "custom_message" && (entry as { customType?: string }).customType === "session_stop"
			? [String((entry as { content?: unknown }).content)]
			: [],
	);
}

describe("session_stop", () => {
	it("carries the reference's payload: messages, turn_id, last_assistant_message, session_id, stop_hook_active, signal", async () => {
		const log = probe() as Logged[];
		const { runtime, entries, events } = await startRuntime({ files: { "hook.ts": stopHook("") }, script: [{ text: "All done." }] });
		await runtime.submit("go");
		const [stop] = log.filter((e) => e.type === "session_stop");
		expect(stop).toMatchObject({ last_assistant_message: "All done.", stop_hook_active: false, hasSignal: true, turn_id: expect.any(String) });
		const appended = events.find((e) => e.type === "entry_appended");
		expect(stop.session_id).toBe(appended?.type === "entry_appended" ? appended.sessionId : "?");
		expect(stop.messages.map((m: { role: string }) => m.role)).toEqual(expect.arrayContaining(["user", "assistant"]));
		// Nothing returned: the run ends after one reply.
		expect(transcript(entries())).toEqual(["user: go", "assistant: All done."]);
	});

	it("decision: block refuses to stop: one more turn runs with the reason, stop_hook_active is then true", async () => {
		const log = probe() as Logged[];
		const { runtime, entries } = await startRuntime({
			files: { "hook.ts": stopHook(`if (n === 1) return { decision: "block", reason: "Tests are failing; fix them." };`) },
			script: [{ text: "Done." }, { text: "Fixed the tests." }],
		});
		await runtime.submit("go");
		expect(injected(entries())).toEqual(["Tests are failing; fix them."]);
		expect(transcript(entries())).toEqual(["user: go", "assistant: Done.", "assistant: Fixed the tests."]);
		const stops = log.filter((e) => e.type === "session_stop");
		expect(stops.map((e) => [e.stop_hook_active, e.last_assistant_message])).toEqual([
			[false, "Done."],
			[true, "Fixed the tests."],
		]);
		expect(log.map((e) => e.type)).toEqual(["turn_end", "session_stop", "turn_end", "session_stop", "agent_end"]);
	});

	it("a refusal without a reason gets a diagnostic continuation, not permission to finish", async () => {
		probe();
		const { runtime, entries } = await startRuntime({
			files: { "hook.ts": stopHook(`if (n === 1) return { decision: "block" };`) },
			script: [{ text: "a" }, { text: "b" }],
		});
		await runtime.submit("go");
		expect(injected(entries())).toEqual([REFUSAL_WITHOUT_REASON]);
	});

	it("continue: true runs one more turn with the first handler's additionalContext; a later block still wins", async () => {
		probe();
		const first = stopHook(`if (n === 1) return { continue: true, additionalContext: "Also update the changelog." };`);
		const second = `export default function (pi) { let m = 0; pi.on("session_stop", () => (++m === 1 ? { continue: true, additionalContext: "second" } : undefined)); }`;
		const { runtime, entries } = await startRuntime({ files: { "a.ts": first, "b.ts": second }, script: [{ text: "a" }, { text: "b" }] });
		await runtime.submit("go");
		expect(injected(entries())).toEqual(["Also update the changelog."]);
		expect(transcript(entries())).toEqual(["user: go", "assistant: a", "assistant: b"]);

		const both = await startRuntime({
			files: {
				"a.ts": first,
				"b.ts": `export default function (pi) { let n = 0; pi.on("session_stop", () => (++n === 1 ? { decision: "block", reason: "refused" } : undefined)); }`,
			},
			script: [{ text: "a" }, { text: "b" }],
		});
		await both.runtime.submit("go");
		expect(injected(both.entries())).toEqual(["refused"]);
	});

	it(`advisory continuations are capped at ${MAX_ADVISORY_CONTINUATIONS} per prompt; refusals do not use the allowance`, async () => {
		const log = probe() as Logged[];
		const { runtime, entries } = await startRuntime({
			files: { "hook.ts": stopHook(`return n <= 2 ? { decision: "block", reason: "refused " + n } : { continue: true, additionalContext: "more " + n };`) },
			script: [],
		});
		await runtime.submit("go");
		const expected = ["refused 1", "refused 2", ...Array.from({ length: MAX_ADVISORY_CONTINUATIONS }, (_, i) => `more ${i + 3}`)];
		expect(injected(entries())).toEqual(expected);
		// Each continuation is one more reply; the hook is asked once more and its ninth advisory request is refused.
		expect(log.filter((e) => e.type === "session_stop")).toHaveLength(expected.length + 1);
		expect(log.filter((e) => e.type === "turn_end")).toHaveLength(expected.length + 1);
		expect(log.at(-1)?.type).toBe("agent_end");

		// A new prompt starts a new allowance.
		await runtime.submit("again");
		expect(injected(entries())).toHaveLength(expected.length + MAX_ADVISORY_CONTINUATIONS);
	});

	it("is not asked while the agent still has calls to answer, nor after a failed reply", async () => {
		const log = probe() as Logged[];
		const tool = `export default function (pi) { pi.registerTool({ name: "noop", description: "noop", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [{ type: "text", text: "ok" }] }) }); }`;
		const { runtime } = await startRuntime({
			files: { "hook.ts": stopHook(""), "tool.ts": tool },
			script: [{ toolCalls: [{ name: "noop", arguments: {} }] }, { text: "done" }, { error: "provider down" }],
		});
		await runtime.submit("go");
		expect(log.map((e) => e.type)).toEqual(["turn_end", "turn_end", "session_stop", "agent_end"]);
		log.length = 0;
		await runtime.submit("again");
		expect(log.map((e) => e.type)).toEqual(["turn_end", "agent_end"]);
	});
});
