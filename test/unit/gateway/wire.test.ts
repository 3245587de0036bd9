import type { AssistantMessage, AssistantMessageEvent } from "@earendil-works/pi-ai";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createWireEncoder } from "../../../src/host/gateway/gateway.ts";

/**
 * pi-ai grows a live `partial` and queues an event per delta; the gateway may read the queue late, after later
 * deltas changed the partial. The worker's copy, grown by each event's `append`, must always hold every delta read
 * so far and never anything but the live text's beginning.
 */
describe("the gateway's wire encoding of deltas", () => {
	it("the worker's copy is the live text's beginning and holds every delta read, however late the reads", () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.boolean()), { maxLength: 60 }), (steps) => {
				const partial = { role: "assistant", content: [] as { type: "text"; text: string }[] } as unknown as AssistantMessage;
				const block = { type: "text" as const, text: "" };
				const queue: AssistantMessageEvent[] = [];
				const encode = createWireEncoder();
				let copy: string | undefined;
				let readDeltas = "";
				const readOne = () => {
					const event = queue.shift();
					if (!event) return;
					const wire = encode(event);
					if (wire.type === "text_start") copy = (wire.partial.content[0] as { text: string }).text;
					else if (wire.type === "text_delta") {
						copy += wire.append;
						readDeltas += wire.delta;
					}
					expect(block.text.startsWith(copy ?? "")).toBe(true);
					expect((copy ?? "").startsWith(readDeltas)).toBe(true);
				};
				(partial.content as unknown[]).push(block);
				queue.push({ type: "text_start", contentIndex: 0, partial });
				for (const [delta, readNow] of steps) {
					block.text += delta;
					queue.push({ type: "text_delta", contentIndex: 0, delta, partial });
					if (readNow) while (queue.length > 0) readOne();
				}
				while (queue.length > 0) readOne();
				expect(copy).toBe(block.text);
			}),
		);
	});

	it("sends each delta, not the text, when the reads keep up", () => {
		const partial = { role: "assistant", content: [{ type: "text", text: "" }] } as unknown as AssistantMessage;
		const encode = createWireEncoder();
		encode({ type: "text_start", contentIndex: 0, partial });
		const block = partial.content[0] as { text: string };
		block.text += "x".repeat(50_000);
		encode({ type: "text_delta", contentIndex: 0, delta: "x".repeat(50_000), partial });
		block.text += "y";
		expect(encode({ type: "text_delta", contentIndex: 0, delta: "y", partial })).toEqual({ type: "text_delta", contentIndex: 0, delta: "y", append: "y" });
	});
});
