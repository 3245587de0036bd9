import type { TranscriptContext } from "@earendil-works/pi-ai";
import { describe, expect, it, vi } from "vitest";
import { SUMMARIZATION_PROMPT, SUMMARIZATION_SYSTEM_PROMPT } from "../../src/runtime/agent/compaction/prompts.ts";
import type { CompactionEntry, StoredEntry } from "../../src/session/entries.ts";
import type { Runtime } from "../../src/runtime/runtime.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../support/runtime-harness.ts";
import { upstreamExample } from "../support/upstream-examples.ts";

const LOG = PROBE_EXPR;
const ext = (body: string) => `export default function (pi) {\n${body}\n}`;

/** Prompts of 10 tokens each; with keepRecentTokens 5 the last prompt and what follows it are kept. */
const prompt = (letter: string) => letter.repeat(40);
const SMALL_KEEP = { keepRecentTokens: 5 };

/** The summary requests the scripted model receives, in order. */
function spyOnRequests(runtime: Runtime): TranscriptContext[] {
	const scripted = runtime.parts.model;
	const original = scripted.stream;
	const requests: TranscriptContext[] = [];
	scripted.stream = (model, context, options) => {
		requests.push(context);
		return original(model, context, options);
	};
	return requests;
}

const requestText = (context: TranscriptContext) =>
	context.messages
		.filter((m) => m.role === "user")
		.flatMap((m) => (typeof m.content === "string" ? [m.content] : m.content.flatMap((b) => (b.type === "text" ? [b.text] : []))))
		.join("\n");
const systemText = (context: TranscriptContext) =>
	context.messages.flatMap((m) => (m.role === "system" ? [typeof m.content === "string" ? m.content : ""] : [])).join("");

const compactions = (entries: StoredEntry[]) => entries.filter((e): e is CompactionEntry => e.type === "compaction");

/** A context hook that records what the model is about to see (roles, and the summary if any). */
const CONTEXT_SPY = ext(
	`pi.on("context", (e) => { ${LOG}.push(e.messages.filter((m) => m.role !== "system").map((m) => m.role === "compactionSummary" ? "summary:" + m.summary.split("\\n")[0] : m.role)); });`,
);

describe("/compact with the scripted model", () => {
	it("a scripted step is the summary; the next turn's context starts with it, then the kept entries", async () => {
		const log = probe();
		const { runtime, entries, events } = await startRuntime({
			files: { "spy.ts": CONTEXT_SPY },
			script: [{ text: "one" }, { text: "two" }, { text: "SUMMARY TEXT" }, { text: "after" }],
			compaction: SMALL_KEEP,
		});
		const requests = spyOnRequests(runtime);
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		await runtime.submit("/compact  focus on the letters ");
		const [entry] = compactions(entries());
		const userB = entries().find((e) => e.type === "message" && transcript([e])[0] === `user: ${prompt("b")}`)!;
		expect(entry).toMatchObject({ summary: "SUMMARY TEXT", firstKeptEntryId: userB.id, summaryReplies: 1, details: { readFiles: [], modifiedFiles: [] } });
		expect(entry.tokensBefore).toBeGreaterThan(20);
		expect(entry.fromExtension).toBeUndefined();
		// The summary request: upstream's system prompt, the history as text, the user's focus.
		const summaryRequest = requests[2];
		expect(systemText(summaryRequest)).toBe(SUMMARIZATION_SYSTEM_PROMPT);
		expect(requestText(summaryRequest)).toContain(`<conversation>\n[User]: ${prompt("a")}\n\n[Assistant]: one\n</conversation>`);
		expect(requestText(summaryRequest)).toContain(`${SUMMARIZATION_PROMPT}\n\nAdditional focus: focus on the letters`);
		expect(events).toContainEqual(
			expect.objectContaining({ type: "notify", level: "info", message: expect.stringMatching(/^Compacted from [\d,]+ tokens\.$/) }),
		);

		log.length = 0;
		await runtime.submit(prompt("c"));
		expect(log[0]).toEqual(["summary:SUMMARY TEXT", "user", "assistant", "user"]);
		expect(transcript(entries()).at(-1)).toBe("assistant: after");
		// What the model got: upstream's summary wording as a user turn first.
		expect(requestText(requests[3])).toMatch(
			/^The conversation history before this point was compacted into the following summary:\n\n<summary>\nSUMMARY TEXT\n<\/summary>/,
		);
	});

	it("a compacted session reopened from its entries keeps the summary in the context and the script in step", async () => {
		const first = await startRuntime({ files: {}, script: [{ text: "one" }, { text: "two" }, { text: "SUMMARY" }], compaction: SMALL_KEEP });
		await first.runtime.submit(prompt("a"));
		await first.runtime.submit(prompt("b"));
		await first.runtime.submit("/compact");
		const log = probe();
		const second = await startRuntime({
			files: { "spy.ts": CONTEXT_SPY },
			script: [{ text: "one" }, { text: "two" }, { text: "SUMMARY" }, { text: "four" }],
			entries: first.entries(),
		});
		await second.runtime.submit(prompt("c"));
		expect(log[0]).toEqual(["summary:SUMMARY", "user", "assistant", "user"]);
		expect(transcript(second.entries())).toEqual([`user: ${prompt("c")}`, "assistant: four"]);
	});

	it("says why when there is nothing to compact", async () => {
		const { runtime, events, entries } = await startRuntime({ files: {}, script: [{ text: "one" }] });
		await runtime.submit("hi");
		await runtime.submit("/compact");
		expect(compactions(entries())).toEqual([]);
		expect(events).toContainEqual(
			expect.objectContaining({ type: "notify", level: "error", message: "Compaction failed: Nothing to compact (session too small)" }),
		);
	});
});

describe("compaction events", () => {
	it("session_before_compact can cancel: nothing is appended and no step is spent", async () => {
		const log = probe();
		const { runtime, entries, events } = await startRuntime({
			files: {
				"veto.ts": ext(
					`pi.on("session_before_compact", (e, ctx) => { ${LOG}.push([e.reason, e.willRetry, e.customInstructions, e.preparation.messagesToSummarize.length, ctx.isIdle()]); return { cancel: true }; });`,
				),
			},
			script: [{ text: "one" }, { text: "two" }, { text: "three" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		await runtime.submit("/compact why not");
		// While it compacts the session is not idle (upstream's isIdle).
		expect(log).toEqual([["manual", false, "why not", 2, false]]);
		expect(compactions(entries())).toEqual([]);
		expect(events).toContainEqual(expect.objectContaining({ type: "notify", message: "Compaction cancelled" }));
		await runtime.submit("next");
		expect(transcript(entries()).at(-1)).toBe("assistant: three");
	});

	it("session_before_compact can supply the compaction: stored as from an extension, the model is not asked", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"mine.ts": ext(`
					pi.on("session_before_compact", (e) => ({ compaction: { summary: "FROM EXTENSION", firstKeptEntryId: e.preparation.firstKeptEntryId, tokensBefore: e.preparation.tokensBefore, details: { mine: true } } }));
					pi.on("session.compacting", () => { ${LOG}.push("compacting hook ran"); });
					pi.on("session_compact", (e) => { ${LOG}.push([e.compactionEntry.summary, e.fromExtension, e.reason]); });`),
			},
			script: [{ text: "one" }, { text: "two" }, { text: "three" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		await runtime.submit("/compact");
		expect(compactions(entries())).toMatchObject([{ summary: "FROM EXTENSION", fromExtension: true, details: { mine: true } }]);
		expect(log).toEqual([["FROM EXTENSION", true, "manual"]]);
		await runtime.submit("next");
		expect(transcript(entries()).at(-1)).toBe("assistant: three");
	});

	it("a supplied compaction that cannot be stored is refused with a clear error, and nothing is appended", async () => {
		const { runtime, entries, events } = await startRuntime({
			files: {
				"bad.ts": ext(`let n = 0; pi.on("session_before_compact", (e) => {
					n++;
					if (n === 1) return { compaction: { firstKeptEntryId: e.preparation.firstKeptEntryId, tokensBefore: 1 } };
					const loop = {}; loop.self = loop;
					return { compaction: { summary: "S", firstKeptEntryId: e.preparation.firstKeptEntryId, tokensBefore: 1, details: loop } };
				});`),
			},
			script: [{ text: "one" }, { text: "two" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		await runtime.submit("/compact");
		await runtime.submit("/compact");
		const failures = events.flatMap((e) => (e.type === "notify" && e.level === "error" ? [e.message] : []));
		expect(failures).toEqual([
			"Compaction failed: session_before_compact supplied a compaction without a summary and firstKeptEntryId",
			expect.stringMatching(/^Compaction failed: The compaction's details cannot be stored: /),
		]);
		expect(compactions(entries())).toEqual([]);
	});

	it("session.compacting changes the prompt, adds context and stores preserved data", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"steer.ts": ext(
					`pi.on("session.compacting", (e) => { ${LOG}.push(e.messages.map((m) => m.role)); return { prompt: "Summarize in one line.", context: ["The user prefers tabs."], preserveData: { plan: "ship" } }; });`,
				),
			},
			script: [{ text: "one" }, { text: "two" }, { text: "ONE LINE" }],
			compaction: SMALL_KEEP,
		});
		const requests = spyOnRequests(runtime);
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		await runtime.submit("/compact");
		expect(log).toEqual([["user", "assistant"]]);
		const text = requestText(requests[2]);
		expect(text).toContain("<additional-context>\nThe user prefers tabs.\n</additional-context>\n\nSummarize in one line.");
		expect(text).not.toContain(SUMMARIZATION_PROMPT);
		expect(compactions(entries())).toMatchObject([{ summary: "ONE LINE", preserveData: { plan: "ship" } }]);
	});
});

describe("stopping a compaction", () => {
	it("Esc (abort) cancels a compaction in progress: its signal fires and nothing is appended", async () => {
		const log = probe();
		const { runtime, entries, events } = await startRuntime({
			files: {
				"slow.ts": ext(
					`pi.on("session_before_compact", async (e) => { ${LOG}.push("waiting"); await new Promise((resolve) => e.signal.addEventListener("abort", resolve)); ${LOG}.push("signal fired"); });`,
				),
			},
			script: [{ text: "one" }, { text: "two" }, { text: "NOT USED" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		const compacting = runtime.submit("/compact");
		await vi.waitFor(() => expect(log).toEqual(["waiting"]), { timeout: 10_000 });
		await runtime.abort();
		await compacting;
		expect(log).toEqual(["waiting", "signal fired"]);
		expect(compactions(entries())).toEqual([]);
		expect(events).toContainEqual(expect.objectContaining({ type: "notify", level: "warning", message: "Compaction cancelled" }));
	});
});

describe("ctx.compact()", () => {
	it("calls onComplete with the result, and onError when it cannot compact", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"cmd.ts": ext(`pi.registerCommand("squash", { handler: async (args, ctx) => {
					await ctx.compact({ customInstructions: args, onComplete: (r) => ${LOG}.push(["done", r.summary, r.firstKeptEntryId.length]), onError: (e) => ${LOG}.push(["error", e.message]) });
				} });`),
			},
			script: [{ text: "one" }, { text: "two" }, { text: "SQUASHED" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		await runtime.submit("/squash");
		await runtime.submit(prompt("b"));
		await runtime.submit("/squash keep it short");
		await runtime.submit("/squash");
		expect(log).toEqual([
			["error", "Nothing to compact (session too small)"],
			["done", "SQUASHED", 8],
			["error", "Already compacted"],
		]);
		expect(compactions(entries())).toHaveLength(1);
	});
});

describe("upstream's trigger-compact.ts, unchanged", () => {
	it("/trigger-compact compacts through ctx.compact and reports completion", async () => {
		const { runtime, entries, events } = await startRuntime({
			files: { "trigger-compact.ts": upstreamExample("trigger-compact.ts") },
			script: [{ text: "one" }, { text: "two" }, { text: "TRIGGERED SUMMARY" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		await runtime.submit(prompt("b"));
		await runtime.submit("/trigger-compact");
		await vi.waitFor(() => expect(events).toContainEqual(expect.objectContaining({ type: "notify", message: "Compaction completed" })), { timeout: 10_000 });
		expect(compactions(entries())).toMatchObject([{ summary: "TRIGGERED SUMMARY" }]);
	});
});

describe("getContextUsage after a compaction", () => {
	it("estimates the compacted context instead of repeating the last reply's usage", async () => {
		const log = probe();
		const { runtime } = await startRuntime({
			files: { "usage.ts": ext(`pi.registerCommand("usage", { handler: async (_a, ctx) => { ${LOG}.push(ctx.getContextUsage().tokens); } });`) },
			script: [{ text: "one" }, { text: "two" }, { text: "S" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a").repeat(10));
		await runtime.submit(prompt("b"));
		await runtime.submit("/usage");
		await runtime.submit("/compact");
		await runtime.submit("/usage");
		const [before, after] = log as number[];
		expect(before).toBeGreaterThan(100);
		expect(after).toBeLessThan(before / 2);
		expect(after).toBeGreaterThan(0);
	});
});

describe("automatic compaction", () => {
	it("past the threshold after a run: auto_compaction_start/end around it", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"watch.ts": ext(`
					pi.on("auto_compaction_start", (e) => { ${LOG}.push(["start", e.reason, e.action]); });
					pi.on("auto_compaction_end", (e) => { ${LOG}.push(["end", e.aborted, e.willRetry, e.result && e.result.summary, e.errorMessage]); });
					pi.on("session_before_compact", (e) => { ${LOG}.push(["before", e.reason]); });`),
			},
			script: [{ text: "one" }, { text: "two" }, { text: "AUTO SUMMARY" }, { text: "three" }],
			// A window of 200,000 with 199,990 reserved: any real context passes the threshold.
			compaction: { ...SMALL_KEEP, reserveTokens: 199_990 },
		});
		await runtime.submit(prompt("a"));
		// One turn is all recent history: nothing to summarize, no events.
		expect(log).toEqual([]);
		await runtime.submit(prompt("b"));
		expect(log).toEqual([
			["start", "threshold", "soft"],
			["before", "threshold"],
			["end", false, false, "AUTO SUMMARY", undefined],
		]);
		expect(compactions(entries())).toHaveLength(1);
		expect(transcript(entries()).at(-1)).toBe("assistant: two");
	});

	it("past the threshold inside a tool loop: compacted before the next request, which starts with the summary", async () => {
		const log = probe();
		const { runtime, entries, events } = await startRuntime({
			files: {
				"greet.ts":
					ext(`pi.registerTool({ name: "greet", description: "greet", parameters: { type: "object", properties: { name: { type: "string" } } }, execute: async (_id, p) => ({ content: [{ type: "text", text: "hi " + p.name }] }) });
					pi.on("auto_compaction_start", (e) => { ${LOG}.push(["start", e.reason]); });`),
				"spy.ts": CONTEXT_SPY,
			},
			script: [{ text: "one" }, { toolCalls: [{ name: "greet", arguments: { name: "x" } }] }, { text: "MID-TURN SUMMARY" }, { text: "after tools" }],
			compaction: { keepRecentTokens: 12, reserveTokens: 199_990 },
		});
		await runtime.submit(prompt("a"));
		log.length = 0;
		const running: boolean[] = [];
		const seen = events.length;
		await runtime.submit(prompt("b"));
		for (const event of events.slice(seen)) if (event.type === "run_state") running.push(event.running);
		expect(log).toEqual([
			["user", "assistant", "user"],
			["start", "threshold"],
			["summary:MID-TURN SUMMARY", "user", "assistant", "toolResult"],
		]);
		expect(transcript(entries()).at(-1)).toBe("assistant: after tools");
		expect(compactions(entries())).toHaveLength(1);
		// One run for the UI: the compaction between its turns does not end it.
		expect(running).toEqual([true, false]);
	});

	it("a context-overflow error compacts and retries the turn once", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"watch.ts": ext(`
					pi.on("auto_compaction_start", (e) => { ${LOG}.push(["start", e.reason]); });
					pi.on("auto_compaction_end", (e) => { ${LOG}.push(["end", e.willRetry, e.aborted]); });
					pi.on("session_compact", (e) => { ${LOG}.push(["compact", e.reason, e.willRetry]); });`),
				"spy.ts": CONTEXT_SPY,
			},
			script: [{ text: "one" }, { error: "prompt is too long: 213462 tokens > 200000 maximum" }, { text: "OVERFLOW SUMMARY" }, { text: "retried fine" }],
			compaction: SMALL_KEEP,
		});
		await runtime.submit(prompt("a"));
		log.length = 0;
		await runtime.submit(prompt("b"));
		expect(log.filter((l) => !Array.isArray(l) || typeof l[0] !== "string" || ["start", "end", "compact"].includes(l[0]))).toEqual([
			["start", "overflow"],
			["compact", "overflow", true],
			["end", true, false],
		]);
		// The retry's context: the summary, the prompt that overflowed (the failed reply is not sent again).
		expect(log.at(-1)).toEqual(["summary:OVERFLOW SUMMARY", "user"]);
		expect(transcript(entries()).at(-1)).toBe("assistant: retried fine");
	});
});
