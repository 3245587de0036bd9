import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyStreamingDelta, StreamingDeltas } from "../../src/protocol/streaming.ts";

type Block =
	| { type: "text"; text: string }
	| { type: "thinking"; thinking: string }
	| { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> };
type Message = { role: "assistant"; content: Block[]; usage: { output: number } };

/** One step of a stream: a block grows, a tool call's arguments change, a block starts, or a text is rewritten. */
const step = fc.oneof(
	fc.record({ kind: fc.constant("grow" as const), text: fc.string({ maxLength: 8 }) }),
	fc.record({ kind: fc.constant("start" as const), block: fc.constantFrom("text", "thinking", "toolCall") }),
	fc.record({ kind: fc.constant("args" as const), value: fc.string({ maxLength: 5 }) }),
	fc.record({ kind: fc.constant("rewrite" as const), text: fc.string({ maxLength: 20 }) }),
);

type Step = { kind: "grow" | "rewrite"; text: string } | { kind: "start"; block: "text" | "thinking" | "toolCall" } | { kind: "args"; value: string };

function play(message: Message, s: Step): Message {
	const content = message.content.map((block) => ({ ...block }));
	const last = content.at(-1);
	if (s.kind === "start") {
		if (s.block === "text") content.push({ type: "text", text: "" });
		else if (s.block === "thinking") content.push({ type: "thinking", thinking: "" });
		else content.push({ type: "toolCall", id: `c${content.length}`, name: "write", arguments: {} });
	} else if (s.kind === "grow" && last?.type === "text") last.text += s.text;
	else if (s.kind === "grow" && last?.type === "thinking") last.thinking += s.text;
	else if (s.kind === "args" && last?.type === "toolCall") last.arguments = { ...last.arguments, content: `${last.arguments.content ?? ""}${s.value}` };
	else if (s.kind === "rewrite" && last?.type === "text") last.text = s.text;
	return { ...message, content, usage: { output: message.usage.output + 1 } };
}

describe("streamed message deltas", () => {
	it("the page's copy, grown by each delta, is the runtime's message after every send", () => {
		fc.assert(
			fc.property(fc.array(fc.array(step, { maxLength: 6 }), { maxLength: 25 }), (sends) => {
				const deltas = new StreamingDeltas();
				let runtime: Message = { role: "assistant", content: [], usage: { output: 0 } };
				let page: Message | undefined;
				for (const steps of sends) {
					for (const s of steps) runtime = play(runtime, s);
					const event = deltas.next(runtime);
					if (!event) continue;
					page = event.type === "streaming" ? (structuredClone(event.message) as Message) : applyStreamingDelta(page, structuredClone(event));
					expect(page).toEqual(runtime);
				}
			}),
		);
	});

	it("a delta carries what a text gained, not the text", () => {
		const deltas = new StreamingDeltas();
		const long = "x".repeat(100_000);
		deltas.next({ role: "assistant", content: [{ type: "text", text: long }] });
		const event = deltas.next({ role: "assistant", content: [{ type: "text", text: `${long} more` }] });
		expect(event).toEqual({ type: "streaming_delta", head: { role: "assistant" }, count: 1, changes: [{ index: 0, append: " more" }] });
	});

	it("keeps the blocks that did not change, and refuses a delta that does not fit the page's copy", () => {
		const first = { type: "thinking", thinking: "hmm" };
		const message = { role: "assistant", content: [first, { type: "text", text: "a" }] };
		const next = applyStreamingDelta(message, { head: { role: "assistant" }, count: 2, changes: [{ index: 1, append: "b" }] });
		expect(next?.content[0]).toBe(first);
		expect(next?.content[1]).toEqual({ type: "text", text: "ab" });
		expect(applyStreamingDelta(undefined, { head: {}, count: 0, changes: [] })).toBeUndefined();
		expect(applyStreamingDelta(message, { head: {}, count: 2, changes: [{ index: 5, append: "x" }] })).toBeUndefined();
		expect(applyStreamingDelta(message, { head: {}, count: 3, changes: [] })).toBeUndefined();
		expect(
			applyStreamingDelta({ role: "assistant", content: [{ type: "toolCall" }] }, { head: {}, count: 1, changes: [{ index: 0, append: "x" }] }),
		).toBeUndefined();
	});
});
