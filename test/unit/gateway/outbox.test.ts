import { describe, expect, it } from "vitest";
import { MAX_BATCH_EVENTS, Outbox } from "../../../src/host/gateway/outbox.ts";
import type { GatewayEvent, GatewaySink } from "../../../src/protocol/gateway.ts";

const delta = (i: number): GatewayEvent => ({ type: "text_delta", contentIndex: 0, delta: `w${i} `, append: `w${i} ` });

/** A sink whose answers wait until the test lets them go, as a worker that is slow to answer. */
function slowSink() {
	const batches: GatewayEvent[][] = [];
	const waiting: (() => void)[] = [];
	const sink: GatewaySink = {
		events: (batch) => {
			batches.push(batch);
			return new Promise<void>((resolve) => waiting.push(resolve));
		},
		payload: async () => undefined,
		response: async () => undefined,
	};
	/** Answers each batch as it comes until `done` settles. */
	const answerUntil = async (done: Promise<void>) => {
		let settled = false;
		void done.then(() => (settled = true));
		while (!settled) {
			waiting.shift()?.();
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
	};
	return { sink, batches, answerUntil };
}

describe("the gateway's outbox", () => {
	it("sends events that gathered while the worker was slow in batches of at most MAX_BATCH_EVENTS, in order", async () => {
		const { sink, batches, answerUntil } = slowSink();
		const outbox = new Outbox(sink, () => undefined);
		const count = MAX_BATCH_EVENTS * 2 + 123;
		const pushed = Array.from({ length: count }, (_, i) => delta(i));
		for (const event of pushed) outbox.push(event);
		await answerUntil(outbox.flush());

		expect(batches.length).toBe(3);
		expect(batches.every((batch) => batch.length <= MAX_BATCH_EVENTS)).toBe(true);
		expect(batches.flat()).toEqual(pushed);
	});

	it("sends one batch for what gathered in one task when it is small", async () => {
		const { sink, batches, answerUntil } = slowSink();
		const outbox = new Outbox(sink, () => undefined);
		for (let i = 0; i < 10; i++) outbox.push(delta(i));
		await new Promise((resolve) => setTimeout(resolve, 0));
		await answerUntil(outbox.flush());
		expect(batches.map((batch) => batch.length)).toEqual([10]);
	});
});
