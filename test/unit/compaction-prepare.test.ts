import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { AssistantMessage, TranscriptContext } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { summarize } from "../../src/runtime/agent/compaction/summarize.ts";
import { contextEntries } from "../../src/session/compaction/context-entries.ts";
import { DEFAULT_COMPACTION_SETTINGS, findCutPoint, prepareCompaction, shouldCompact } from "../../src/session/compaction/prepare.ts";
import { estimateTokens } from "../../src/session/usage.ts";
import { newSessionHeader, type StoredEntry } from "../../src/session/entries.ts";
import { SessionTree } from "../../src/session/tree.ts";

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const user = (text: string): AgentMessage => ({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() });
const reply = (text: string): AgentMessage => ({
	role: "assistant",
	content: [{ type: "text", text }],
	api: "a",
	provider: "p",
	model: "m",
	usage,
	stopReason: "stop",
	timestamp: Date.now(),
});
const call = (id: string, path: string): AgentMessage => ({
	role: "assistant",
	content: [{ type: "toolCall", id, name: "read", arguments: { path } }],
	api: "a",
	provider: "p",
	model: "m",
	usage,
	stopReason: "toolUse",
	timestamp: Date.now(),
});
const result = (id: string, text: string): AgentMessage => ({
	role: "toolResult",
	toolCallId: id,
	toolName: "read",
	content: [{ type: "text", text }],
	isError: false,
	timestamp: Date.now(),
});

function treeOf(messages: AgentMessage[]): SessionTree {
	const tree = new SessionTree(newSessionHeader("/w"));
	for (const message of messages) tree.append({ type: "message", message });
	return tree;
}

const roleOf = (entry: StoredEntry) => (entry as { message?: { role: string } }).message?.role ?? entry.type;

describe("compaction: threshold", () => {
	it("compacts once the context passes the window minus the reserve (upstream's 16,384)", () => {
		expect(DEFAULT_COMPACTION_SETTINGS).toEqual({ enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
		expect(shouldCompact(200_000 - 16_384, 200_000, DEFAULT_COMPACTION_SETTINGS)).toBe(false);
		expect(shouldCompact(200_000 - 16_383, 200_000, DEFAULT_COMPACTION_SETTINGS)).toBe(true);
		expect(shouldCompact(199_999, 200_000, { ...DEFAULT_COMPACTION_SETTINGS, enabled: false })).toBe(false);
	});

	it("estimates tokens as characters / 4, rounded up", () => {
		expect(estimateTokens(user("x".repeat(9)))).toBe(3);
		expect(estimateTokens(call("1", "a.ts"))).toBe(Math.ceil(("read".length + JSON.stringify({ path: "a.ts" }).length) / 4));
	});
});

describe("compaction: cut point", () => {
	it("never keeps a tool result without the call it answers", () => {
		// The budget runs out inside the big tool result: the cut moves to the next message, not between call and result.
		const tree = treeOf([user("start"), reply("ok"), user("read it"), call("c1", "a.ts"), result("c1", "y".repeat(4000)), reply("done"), user("next")]);
		const entries = tree.getBranch();
		for (let keep = 1; keep < 1200; keep += 37) {
			const cut = findCutPoint(entries, 0, entries.length, keep);
			const kept = entries.slice(cut.firstKeptEntryIndex);
			expect(roleOf(kept[0])).not.toBe("toolResult");
			const keptCalls = new Set(
				kept.flatMap((e) =>
					(e as { message: AgentMessage }).message.role === "assistant"
						? (e as { message: { content: { type: string; id?: string }[] } }).message.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : []))
						: [],
				),
			);
			for (const entry of kept) {
				const message = (entry as { message: AgentMessage }).message;
				if (message.role === "toolResult") expect(keptCalls.has(message.toolCallId)).toBe(true);
			}
		}
	});

	it("keeps about keepRecentTokens and reports a cut inside a turn as a split turn", () => {
		const tree = treeOf([
			user("a".repeat(400)),
			reply("b".repeat(400)),
			user("c".repeat(400)),
			call("c1", "x.ts"),
			result("c1", "r".repeat(40)),
			reply("d".repeat(400)),
		]);
		const entries = tree.getBranch();
		// 100 tokens from the end reach the last reply: a cut there splits the turn started by entry 2.
		const cut = findCutPoint(entries, 0, entries.length, 100);
		expect(cut).toEqual({ firstKeptEntryIndex: 5, turnStartIndex: 2, isSplitTurn: true });
		// Everything fits: keep from the first message.
		expect(findCutPoint(entries, 0, entries.length, 100_000).firstKeptEntryIndex).toBe(0);
	});

	it("prepares the older history for the summary and the files the tools touched", () => {
		const tree = treeOf([
			user("a".repeat(400)),
			call("c1", "src/x.ts"),
			result("c1", "x"),
			reply("b".repeat(400)),
			user("c".repeat(400)),
			reply("d".repeat(400)),
		]);
		const preparation = prepareCompaction(tree.getBranch(), { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 150 })!;
		expect(preparation.firstKeptEntryId).toBe(tree.getBranch()[4].id);
		expect(preparation.messagesToSummarize.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(preparation.isSplitTurn).toBe(false);
		expect([...preparation.fileOps.read]).toEqual(["src/x.ts"]);
		expect(preparation.tokensBefore).toBeGreaterThan(400);
		// Nothing old enough to summarize.
		expect(prepareCompaction(tree.getBranch(), DEFAULT_COMPACTION_SETTINGS)).toBeUndefined();
	});
});

describe("compaction: context and branch after it", () => {
	it("the model sees the summary, then the kept entries; getBranch still walks every entry", () => {
		const tree = treeOf([user("old question"), reply("old answer"), user("recent question"), reply("recent answer")]);
		const branch = tree.getBranch();
		const compaction = tree.append({ type: "compaction", summary: "SUMMARY", firstKeptEntryId: branch[2].id, tokensBefore: 1234 });
		tree.append({ type: "message", message: user("after") });
		const context = tree.buildContext();
		expect(context.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant", "user"]);
		expect(context[0]).toMatchObject({ role: "compactionSummary", summary: "SUMMARY", tokensBefore: 1234 });
		expect(tree.getBranch().map((e) => e.type)).toEqual(["message", "message", "message", "message", "compaction", "message"]);
		expect(tree.getBranch().map((e) => e.id)).toContain(branch[0].id);
		expect(contextEntries(tree.getBranch())[0].id).toBe(compaction.id);
		// A second compaction builds on the first: only the newest summary is sent.
		const path = tree.getBranch();
		tree.append({ type: "compaction", summary: "SECOND", firstKeptEntryId: path.at(-1)!.id, tokensBefore: 10 });
		expect(tree.buildContext().map((m) => (m.role === "compactionSummary" ? m.summary : m.role))).toEqual(["SECOND", "user"]);
	});

	it("a branch that ends in a compaction is already compacted", () => {
		const tree = treeOf([user("a".repeat(400)), reply("b".repeat(400)), user("c".repeat(400))]);
		tree.append({ type: "compaction", summary: "S", firstKeptEntryId: tree.getBranch()[2].id, tokensBefore: 1 });
		expect(prepareCompaction(tree.getBranch(), { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 1 })).toBeUndefined();
	});
});

describe("compaction: the summary", () => {
	it("a split turn is summarized in two requests and merged; touched files are listed after it", async () => {
		const tree = treeOf([
			user("a".repeat(400)),
			reply("b".repeat(400)),
			user("c".repeat(400)),
			call("c1", "src/x.ts"),
			result("c1", "r"),
			reply("d".repeat(400)),
		]);
		const preparation = prepareCompaction(tree.getBranch(), { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 100 })!;
		expect(preparation.isSplitTurn).toBe(true);
		const asked: string[] = [];
		const answers = ["HISTORY", "PREFIX"];
		const complete = async (context: TranscriptContext) => {
			const text = context.messages
				.flatMap((m) => (m.role === "user" && Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === "text" ? [b.text] : [])) : []))
				.join("");
			asked.push(text);
			return { ...(reply(answers[asked.length - 1]) as AssistantMessage) };
		};
		const made = await summarize(preparation, complete, { customInstructions: "be brief", signal: new AbortController().signal });
		expect(made.replies).toBe(2);
		expect(asked[0]).toMatch(/^<conversation>\n\[User\]: a+\n\n\[Assistant\]: b+\n<\/conversation>/);
		expect(asked[1]).toMatch(/^# Conversation\n\[User\]: c+\n\n\[Assistant tool calls\]: read\(path="src\/x.ts"\)/);
		expect(asked[1]).toMatch(/Additional focus: be brief$/);
		expect(made.summary).toBe("HISTORY\n\n---\n\n**Turn Context (split turn):**\n\nPREFIX\n\n<read-files>\nsrc/x.ts\n</read-files>");
		expect(made.details).toEqual({ readFiles: ["src/x.ts"], modifiedFiles: [] });
	});

	it("a failed or tool-calling summary reply is an error, never a summary", async () => {
		const tree = treeOf([user("a".repeat(400)), reply("b".repeat(400)), user("c".repeat(400)), reply("d")]);
		const preparation = prepareCompaction(tree.getBranch(), { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 50 })!;
		const signal = new AbortController().signal;
		const failed = { ...(reply("") as AssistantMessage), stopReason: "error" as const, errorMessage: "boom" };
		await expect(summarize(preparation, async () => failed, { signal })).rejects.toThrow("Summarization failed: boom");
		await expect(summarize(preparation, async () => call("x", "y") as AssistantMessage, { signal })).rejects.toThrow("Summarization attempted to call a tool");
	});
});
