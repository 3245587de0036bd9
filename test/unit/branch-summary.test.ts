import type { StreamFn } from "@earendil-works/pi-agent-core";
import type { AssistantMessage, Model, TranscriptContext } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import type { TreeRow } from "../../src/protocol/runtime.ts";
import { SUMMARIZATION_SYSTEM_PROMPT } from "../../src/runtime/agent/compaction/prompts.ts";
import { BRANCH_SUMMARY_PROMPT, generateBranchSummary } from "../../src/runtime/navigation/branch-summary.ts";
import type { SessionEntry } from "../../src/session/entries.ts";
import { filterTreeRows, nearestShownIndex } from "../../src/ui/panels/tree-filter.ts";

const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
const message = (id: string, parentId: string | null, msg: Record<string, unknown>): SessionEntry =>
	({ type: "message", id, parentId, timestamp: at(0), message: { timestamp: 0, ...msg } }) as SessionEntry;

const BRANCH: SessionEntry[] = [
	message("u1", null, { role: "user", content: [{ type: "text", text: "fix the parser" }] }),
	message("a1", "u1", {
		role: "assistant",
		content: [
			{ type: "text", text: "Reading it." },
			{ type: "toolCall", id: "c1", name: "read", arguments: { path: "src/parser.ts" } },
		],
		stopReason: "toolUse",
	}),
	message("t1", "a1", { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "source" }] }),
	message("a2", "t1", {
		role: "assistant",
		content: [{ type: "toolCall", id: "c2", name: "edit", arguments: { path: "src/parser.ts", oldText: "a", newText: "b" } }],
		stopReason: "toolUse",
	}),
];

/** A model that records the request and answers with the given text. */
function recordingModel(reply: Partial<AssistantMessage>) {
	const requests: TranscriptContext[] = [];
	const stream = (async (_model: unknown, context: TranscriptContext) => {
		requests.push(context);
		return { result: async () => ({ role: "assistant", content: [], stopReason: "stop", ...reply }) };
	}) as unknown as StreamFn;
	return { requests, stream, model: { provider: "test", id: "m", contextWindow: 1000 } as unknown as Model<string> };
}

const requestText = (context: TranscriptContext) =>
	context.messages.map((m) => (Array.isArray(m.content) ? m.content.map((b) => ("text" in b ? b.text : "")).join("") : String(m.content))).join("\n---\n");

describe("branch summary request", () => {
	it("sends upstream's system prompt and the branch as text, leaves tool results out, appends the files it touched", async () => {
		const { requests, stream, model } = recordingModel({ content: [{ type: "text", text: "## Goal\nfix" }] });
		const result = await generateBranchSummary(BRANCH, { model, stream, customInstructions: "the tests" });
		const sent = requestText(requests[0]);
		expect(sent).toContain(SUMMARIZATION_SYSTEM_PROMPT);
		expect(sent).toContain('<conversation>\n[User]: fix the parser\n\n[Assistant]: Reading it.\n\n[Assistant tool calls]: read(path="src/parser.ts")');
		expect(sent).not.toContain("[Tool result]");
		expect(sent).toContain(`${BRANCH_SUMMARY_PROMPT}\n\nAdditional focus: the tests`);
		expect(result).toEqual({
			summary:
				"The user explored a different conversation branch before returning here.\nSummary of that exploration:\n\n## Goal\nfix\n\n<modified-files>\nsrc/parser.ts\n</modified-files>",
			details: { readFiles: [], modifiedFiles: ["src/parser.ts"] },
		});
	});

	it("replaceInstructions swaps the prompt; a reply that calls a tool or fails is an error; an abort is reported", async () => {
		const plain = recordingModel({ content: [{ type: "text", text: "x" }] });
		await generateBranchSummary(BRANCH, { ...plain, customInstructions: "Only say x.", replaceInstructions: true });
		expect(requestText(plain.requests[0])).toMatch(/<\/conversation>\n\nOnly say x\.$/);
		const calling = recordingModel({ content: [{ type: "toolCall", id: "x", name: "read", arguments: {} }] });
		expect(await generateBranchSummary(BRANCH, calling)).toEqual({ error: "Branch summarization attempted to call a tool" });
		const failing = recordingModel({ stopReason: "error", errorMessage: "overloaded" });
		expect(await generateBranchSummary(BRANCH, failing)).toEqual({ error: "Branch summarization failed: overloaded" });
		const aborted = recordingModel({ stopReason: "aborted" });
		expect(await generateBranchSummary(BRANCH, aborted)).toEqual({ aborted: true });
	});
});

describe("tree panel filters", () => {
	const row = (id: string, parentId: string | null, kind: TreeRow["kind"], extra: Partial<TreeRow> = {}): TreeRow => ({
		id,
		parentId,
		kind,
		indent: 0,
		branchStart: false,
		text: id,
		onPath: true,
		isLeaf: false,
		timestamp: at(0),
		...extra,
	});
	const rows = [
		row("u1", null, "user", { label: "start" }),
		row("a1", "u1", "assistant", { toolOnly: true }),
		row("t1", "a1", "toolResult"),
		row("m1", "t1", "bookkeeping"),
		row("a2", "m1", "assistant", { text: "the parser is fixed" }),
		row("l1", "a2", "bookkeeping", { isLeaf: true }),
	];
	const ids = (shown: TreeRow[]) => shown.map((r) => r.id);

	it("modes and search as upstream's selector", () => {
		expect(ids(filterTreeRows(rows, "default", ""))).toEqual(["u1", "t1", "a2"]);
		expect(ids(filterTreeRows(rows, "no-tools", ""))).toEqual(["u1", "a2"]);
		expect(ids(filterTreeRows(rows, "user-only", ""))).toEqual(["u1"]);
		expect(ids(filterTreeRows(rows, "labeled-only", ""))).toEqual(["u1"]);
		expect(ids(filterTreeRows(rows, "all", ""))).toEqual(["u1", "t1", "m1", "a2", "l1"]);
		expect(ids(filterTreeRows(rows, "all", "PARSER fixed"))).toEqual(["a2"]);
	});

	it("a hidden leaf is shown at its nearest shown ancestor", () => {
		const shown = filterTreeRows(rows, "default", "");
		expect(nearestShownIndex(shown, rows, "l1")).toBe(2);
		expect(nearestShownIndex(shown, rows, "a1")).toBe(0);
	});
});
