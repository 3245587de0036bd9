/**
 * Conformance: pi.sendMessage / pi.sendUserMessage delivery (spec extensions.md, "Message delivery
 * semantics"). A `wait` tool whose execute awaits a promise the test controls keeps a run streaming.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../../src/protocol/runtime.ts";
import type { StoredEntry } from "../../../src/session/entries.ts";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";
import { deferred } from "./support.ts";

const HOOKS = Symbol.for("playa.test.delivery");
interface Hooks {
	pi?: { sendMessage(payload: unknown, opts?: unknown): void; sendUserMessage(content: unknown, opts?: unknown): void };
	started: () => void;
	release: Promise<void>;
}
const hooks = () => (globalThis as unknown as Record<symbol, Hooks>)[HOOKS];

/** Captures its `pi`; registers `wait`; logs what each provider call's context holds. */
const EXTENSION = `
export default function (pi) {
	const hooks = globalThis[Symbol.for("playa.test.delivery")];
	hooks.pi = pi;
	pi.registerTool({
		name: "wait", description: "waits", parameters: { type: "object", properties: {} },
		execute: async () => { hooks.started(); await hooks.release; return { content: [{ type: "text", text: "waited" }] }; },
	});
	pi.on("context", (e) => {
		${PROBE_EXPR}.push(e.messages.filter((m) => m.role !== "system").map((m) => m.role === "custom" ? "custom:" + m.customType : m.role));
	});
}`;

/** Each entry as `kind:text`, for compact order assertions. */
function shape(entries: StoredEntry[]): string[] {
	return entries.map((entry) => {
		const e = entry as unknown as { type: string; customType?: string; content?: unknown; message?: { role: string; content: unknown } };
		if (e.type === "custom_message") return `custom:${e.customType}:${typeof e.content === "string" ? e.content : JSON.stringify(e.content)}`;
		if (e.type !== "message") return e.type;
		const content = e.message!.content;
		const blocks = typeof content === "string" ? [{ type: "text", text: content }] : (content as { type: string; text?: string; name?: string }[]);
		return `${e.message!.role}:${blocks.map((b) => (b.type === "text" ? b.text : b.type === "toolCall" ? `call ${b.name}` : "")).join("")}`;
	});
}

const runs = (events: RuntimeEvent[]) => events.filter((e) => e.type === "run_state" && e.running).length;

/** Waits (on the event loop, not on a clock) until a run started and ended `count` times in total. */
async function runsEnded(events: RuntimeEvent[], count: number) {
	for (let i = 0; i < 1000; i++) {
		if (events.filter((e) => e.type === "run_state" && !e.running).length >= count) return;
		await new Promise((resolve) => setImmediate(resolve));
	}
	throw new Error(`expected ${count} finished run(s)`);
}

async function setup(script: { text?: string; toolCalls?: { name: string; arguments: Record<string, unknown> }[] }[]) {
	const started = deferred();
	const release = deferred();
	(globalThis as unknown as Record<symbol, Hooks>)[HOOKS] = { started: started.resolve, release: release.promise };
	const contexts = probe() as string[][];
	const harness = await startRuntime({ files: { "delivery.ts": EXTENSION }, script });
	return { ...harness, pi: hooks().pi!, started: started.promise, release: release.resolve, contexts };
}

const WAIT = { toolCalls: [{ name: "wait", arguments: {} }] };

afterEach(() => {
	delete (globalThis as unknown as Record<symbol, unknown>)[HOOKS];
});

describe("sendMessage while idle", () => {
	it("without triggerTurn: a custom_message entry is appended and no run starts; the next prompt carries it", async () => {
		const { runtime, pi, events, entries, contexts } = await setup([{ text: "ok" }]);
		pi.sendMessage({ customType: "note", content: "remember this", details: { n: 1 } });
		expect(entries()).toEqual([
			expect.objectContaining({ type: "custom_message", customType: "note", content: "remember this", display: true, details: { n: 1 } }),
		]);
		expect(runs(events)).toBe(0);
		expect(contexts).toEqual([]);
		await runtime.submit("go");
		expect(contexts).toEqual([["custom:note", "user"]]);
	});

	it("a plain string payload is normalized under the default custom type", async () => {
		const { pi, entries } = await setup([]);
		pi.sendMessage("just text");
		expect(entries()).toEqual([expect.objectContaining({ type: "custom_message", content: "just text", display: true })]);
	});

	it("with triggerTurn: the message starts a run and the model answers it", async () => {
		const { pi, events, entries, contexts } = await setup([{ text: "on it" }]);
		pi.sendMessage({ customType: "kick", content: "wake up" }, { triggerTurn: true });
		await runsEnded(events, 1);
		expect(runs(events)).toBe(1);
		expect(contexts).toEqual([["custom:kick"]]);
		expect(shape(entries())).toEqual(["custom:kick:wake up", "assistant:on it"]);
	});

	it("aside: starts a run even without triggerTurn", async () => {
		const { pi, events, entries } = await setup([{ text: "aside answered" }]);
		pi.sendMessage({ customType: "aside", content: "by the way" }, { deliverAs: "aside" });
		await runsEnded(events, 1);
		expect(shape(entries())).toEqual(["custom:aside:by the way", "assistant:aside answered"]);
	});

	it("nextTurn: starts no run and reaches the model with the next prompt", async () => {
		const { runtime, pi, events, contexts, entries: _entries } = await setup([{ text: "ok" }, { text: "ok2" }]);
		pi.sendMessage({ customType: "later", content: "for next time" }, { deliverAs: "nextTurn" });
		expect(runs(events)).toBe(0);
		await runtime.submit("go");
		expect(contexts).toEqual([["custom:later", "user"]]);
	});
});

describe("sendMessage while a run streams", () => {
	it("steer: delivered in the same run, before the model's next request", async () => {
		const { runtime, pi, events, entries, contexts, started, release } = await setup([WAIT, { text: "turned" }]);
		const run = runtime.submit("go");
		await started;
		pi.sendMessage({ customType: "steer", content: "turn left" }, { deliverAs: "steer" });
		release();
		await run;
		expect(runs(events)).toBe(1);
		expect(contexts).toEqual([["user"], ["user", "assistant", "toolResult", "custom:steer"]]);
		expect(shape(entries())).toEqual(["user:go", "assistant:call wait", "toolResult:waited", "custom:steer:turn left", "assistant:turned"]);
	});

	it("no deliverAs while streaming steers too", async () => {
		const { runtime, pi, entries, started, release } = await setup([WAIT, { text: "turned" }]);
		const run = runtime.submit("go");
		await started;
		pi.sendMessage({ customType: "default", content: "psst" });
		release();
		await run;
		expect(shape(entries())).toEqual(["user:go", "assistant:call wait", "toolResult:waited", "custom:default:psst", "assistant:turned"]);
	});

	it("followUp: delivered in the same run, after the model would have stopped", async () => {
		const { runtime, pi, events, entries, started, release } = await setup([WAIT, { text: "first answer" }, { text: "after follow-up" }]);
		const run = runtime.submit("go");
		await started;
		pi.sendMessage({ customType: "fu", content: "one more thing" }, { deliverAs: "followUp" });
		release();
		await run;
		expect(runs(events)).toBe(1);
		expect(shape(entries())).toEqual([
			"user:go",
			"assistant:call wait",
			"toolResult:waited",
			"assistant:first answer",
			"custom:fu:one more thing",
			"assistant:after follow-up",
		]);
	});

	it("nextTurn: not delivered in this run; it waits for the next prompt", async () => {
		const { runtime, pi, entries, contexts, started, release } = await setup([WAIT, { text: "answer" }, { text: "second answer" }]);
		const run = runtime.submit("go");
		await started;
		pi.sendMessage({ customType: "nt", content: "later" }, { deliverAs: "nextTurn" });
		release();
		await run;
		expect(shape(entries())).toEqual(["user:go", "assistant:call wait", "toolResult:waited", "assistant:answer"]);
		expect(contexts.flat()).not.toContain("custom:nt");
		await runtime.submit("again");
		expect(contexts.at(-1)).toEqual(["user", "assistant", "toolResult", "assistant", "custom:nt", "user"]);
		expect(shape(entries()).slice(4)).toEqual(["custom:nt:later", "user:again", "assistant:second answer"]);
	});

	it("nextTurn with triggerTurn: kept out of this turn, then the run continues with it without a new prompt", async () => {
		const { runtime, pi, entries, contexts, started, release } = await setup([WAIT, { text: "answer" }, { text: "continued" }]);
		const run = runtime.submit("go");
		await started;
		pi.sendMessage({ customType: "nt", content: "then this" }, { deliverAs: "nextTurn", triggerTurn: true });
		release();
		await run;
		for (let i = 0; i < 1000 && entries().length < 6; i++) await new Promise((resolve) => setImmediate(resolve));
		expect(shape(entries())).toEqual(["user:go", "assistant:call wait", "toolResult:waited", "assistant:answer", "custom:nt:then this", "assistant:continued"]);
		expect(contexts[1]).not.toContain("custom:nt");
	});
});

describe("sendUserMessage", () => {
	it("when idle starts a prompt", async () => {
		const { pi, events, entries } = await setup([{ text: "hello back" }]);
		pi.sendUserMessage("hi from the extension");
		await runsEnded(events, 1);
		expect(shape(entries())).toEqual(["user:hi from the extension", "assistant:hello back"]);
	});

	it.each([
		["steer", ["user:go", "user:queued", "assistant:ok"]],
		["followUp", ["user:go", "assistant:ok", "user:queued", "assistant:ok2"]],
	])("explicit %s when idle queues the prompt instead of starting a turn; the next run delivers it", async (deliverAs, expected) => {
		const { runtime, pi, events, entries } = await setup([{ text: "ok" }, { text: "ok2" }]);
		pi.sendUserMessage("queued", { deliverAs });
		await new Promise((resolve) => setImmediate(resolve));
		expect(runs(events)).toBe(0);
		expect(entries()).toEqual([]);
		await runtime.submit("go");
		expect(shape(entries())).toEqual(expected);
	});

	it("while streaming is delivered as a steer in the same run", async () => {
		const { runtime, pi, events, entries, started, release } = await setup([WAIT, { text: "noted" }]);
		const run = runtime.submit("go");
		await started;
		pi.sendUserMessage("also this");
		release();
		await run;
		expect(runs(events)).toBe(1);
		expect(shape(entries())).toEqual(["user:go", "assistant:call wait", "toolResult:waited", "user:also this", "assistant:noted"]);
	});
});

describe("a prompt from the composer while a run streams", () => {
	it("steers the run: delivered in the same run, before the model's next request", async () => {
		const { runtime, events, entries, contexts, started, release } = await setup([WAIT, { text: "turned" }]);
		const run = runtime.submit("go");
		await started;
		await runtime.submit("turn left");
		release();
		await run;
		expect(runs(events)).toBe(1);
		expect(contexts).toEqual([["user"], ["user", "assistant", "toolResult", "user"]]);
		expect(shape(entries())).toEqual(["user:go", "assistant:call wait", "toolResult:waited", "user:turn left", "assistant:turned"]);
	});
});
