import { describe, expect, it } from "vitest";
import type { RuntimeEvent, ScriptStep } from "../../src/protocol/runtime.ts";
import type { SessionEntry } from "../../src/session/entries.ts";
import { buildTreeView } from "../../src/session/tree-view.ts";
import { buildTree } from "../../src/session/tree.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../support/runtime-harness.ts";

const entry = (id: string, parentId: string | null, timestamp: string, text = id): SessionEntry =>
	({ type: "message", id, parentId, timestamp, message: { role: "user", content: [{ type: "text", text }], timestamp: 0 } }) as SessionEntry;

/** Records the tree events an extension sees, and answers session_before_tree / _fork as told. */
function recorderExtension(answers: { tree?: string; fork?: string } = {}): string {
	return `export default function (pi) {
		const log = ${PROBE_EXPR};
		pi.on("session_before_tree", (event) => { log.push({ type: event.type, preparation: { ...event.preparation, entriesToSummarize: event.preparation.entriesToSummarize.map((e) => e.id) } }); return ${answers.tree ?? "undefined"}; });
		pi.on("session_tree", (event) => { log.push({ type: event.type, newLeafId: event.newLeafId, oldLeafId: event.oldLeafId, summaryEntry: event.summaryEntry, fromExtension: event.fromExtension }); });
		pi.on("session_before_fork", (event) => { log.push({ type: event.type, entryId: event.entryId, position: event.position }); return ${answers.fork ?? "undefined"}; });
		pi.on("session_before_branch", (event) => { log.push({ type: event.type, entryId: event.entryId, reason: event.reason }); });
		pi.on("session_branch", (event) => { log.push({ type: event.type, reason: event.reason, previousSessionFile: event.previousSessionFile }); });
		pi.registerCommand("where", { handler: async (args, ctx) => { log.push({ leaf: ctx.sessionManager.getLeafId(), label: args ? ctx.sessionManager.getLabel(args) : undefined, roots: ctx.sessionManager.getTree().length }); } });
		pi.registerCommand("go", { handler: async (args, ctx) => { const [id, summarize] = args.split(" "); log.push({ go: await ctx.navigateTree(id, { summarize: summarize === "yes" }) }); } });
		pi.registerCommand("rewind", { handler: async (args, ctx) => { log.push({ rewind: await ctx.branch(args) }); } });
		pi.registerCommand("forkat", { handler: async (args, ctx) => { log.push({ fork: await ctx.fork(args, { position: "at" }) }); } });
	};`;
}

/** Two prompts, two replies: user a → "one" → user b → "two". */
async function twoTurns(options: { tree?: string; fork?: string; script?: ScriptStep[] } = {}) {
	const log = probe();
	const harness = await startRuntime({
		files: { "ext.ts": recorderExtension(options) },
		script: options.script ?? [{ text: "one" }, { text: "two" }, { text: "three" }],
	});
	await harness.runtime.submit("a");
	await harness.runtime.submit("b");
	const [userA, replyOne, userB, replyTwo] = harness.entries();
	return { ...harness, log, userA, replyOne, userB, replyTwo };
}

const leafEvents = (events: RuntimeEvent[]) => events.flatMap((e) => (e.type === "leaf_changed" ? [e.leafId] : []));

describe("the tree's shape", () => {
	it("children are sorted by time, orphans and self-parented entries become extra roots, labels resolve", () => {
		const entries: SessionEntry[] = [
			entry("r0000001", null, "2026-01-01T00:00:00Z"),
			entry("c0000002", "r0000001", "2026-01-01T00:00:05Z"),
			entry("c0000001", "r0000001", "2026-01-01T00:00:02Z"),
			entry("orphan01", "missing1", "2026-01-01T00:00:03Z"),
			entry("selfpar1", "selfpar1", "2026-01-01T00:00:04Z"),
			{ type: "label", id: "l0000001", parentId: "c0000002", timestamp: "2026-01-01T00:00:06Z", targetId: "c0000001", label: "first" } as SessionEntry,
			{ type: "label", id: "l0000002", parentId: "l0000001", timestamp: "2026-01-01T00:00:07Z", targetId: "r0000001", label: "gone" } as SessionEntry,
			{ type: "label", id: "l0000003", parentId: "l0000002", timestamp: "2026-01-01T00:00:08Z", targetId: "r0000001", label: undefined } as SessionEntry,
		];
		const roots = buildTree(entries);
		expect(roots.map((n) => n.entry.id)).toEqual(["r0000001", "orphan01", "selfpar1"]);
		expect(roots[0].children.map((n) => n.entry.id)).toEqual(["c0000001", "c0000002"]);
		expect(roots[0].children[0].label).toBe("first");
		expect(roots[0].label).toBeUndefined();
	});

	it("the view puts the leaf's branch first and indents only where the tree branches", () => {
		const entries = [
			entry("r0000001", null, "2026-01-01T00:00:00Z"),
			entry("a0000001", "r0000001", "2026-01-01T00:00:01Z"),
			entry("a0000002", "a0000001", "2026-01-01T00:00:02Z"),
			entry("b0000001", "r0000001", "2026-01-01T00:00:03Z"),
		];
		const view = buildTreeView(entries, "b0000001");
		expect(view.rows.map((r) => [r.id, r.indent, r.onPath, r.isLeaf])).toEqual([
			["r0000001", 0, true, false],
			["b0000001", 1, true, true],
			["a0000001", 1, false, false],
			["a0000002", 2, false, false],
		]);
		expect(view.rows[1]).toMatchObject({ kind: "user", text: "b0000001", editableText: "b0000001", branchStart: true });
	});

	it("a 10,000-entry chain lays out without recursion", () => {
		const entries = Array.from({ length: 10_000 }, (_, i) =>
			entry(`e${String(i).padStart(7, "0")}`, i === 0 ? null : `e${String(i - 1).padStart(7, "0")}`, new Date(i * 1000).toISOString()),
		);
		const view = buildTreeView(entries, entries.at(-1)!.id);
		expect(view.rows).toHaveLength(10_000);
		expect(view.rows.every((r) => r.indent === 0 && r.onPath)).toBe(true);
	});
});

describe("navigateTree", () => {
	it("jumps to an earlier reply without a summary; the next prompt grows a second branch", async () => {
		const { runtime, events, log, entries, userA, replyOne, replyTwo } = await twoTurns();
		log.length = 0;
		expect(await runtime.navigateTree(replyOne.id)).toEqual({ cancelled: false });
		expect(leafEvents(events).at(-1)).toBe(replyOne.id);
		expect(log).toEqual([
			{
				type: "session_before_tree",
				preparation: expect.objectContaining({ targetId: replyOne.id, oldLeafId: replyTwo.id, commonAncestorId: replyOne.id, userWantsSummary: false }),
			},
			{ type: "session_tree", newLeafId: replyOne.id, oldLeafId: replyTwo.id, summaryEntry: undefined, fromExtension: undefined },
		]);
		expect((log[0] as { preparation: { entriesToSummarize: string[] } }).preparation.entriesToSummarize).toHaveLength(2);
		await runtime.submit("c");
		const [userC, reply] = entries().slice(4);
		expect(userC.parentId).toBe(replyOne.id);
		// Reply N of a branch plays step N: the new branch's second reply is step 2 again.
		expect(transcript([userC, reply])).toEqual(["user: c", "assistant: two"]);
		const view = await runtime.getTreeView();
		expect(view.rows.filter((r) => r.kind === "user").map((r) => [r.text, r.onPath])).toEqual([
			["a", true],
			["c", true],
			["b", false],
		]);
		expect(view.rows.find((r) => r.id === userA.id)?.indent).toBe(0);
	});

	it("choosing a user message moves the leaf to its parent and gives its text back for the composer", async () => {
		const { runtime, events, replyOne, userB } = await twoTurns();
		expect(await runtime.navigateTree(userB.id)).toEqual({ cancelled: false, editorText: "b" });
		expect(leafEvents(events).at(-1)).toBe(replyOne.id);
		expect(events.at(-1)).toEqual({ type: "editor_text", text: "b", mode: "set" });
	});

	it("the composer keeps what the user typed: no draft over it", async () => {
		const { runtime, events, userB } = await twoTurns();
		await runtime.setEditorText("typing");
		await runtime.navigateTree(userB.id);
		expect(events.some((e) => e.type === "editor_text")).toBe(false);
	});

	it("a session_before_tree cancel leaves the leaf where it was", async () => {
		const { runtime, events, log, replyOne } = await twoTurns({ tree: "{ cancel: true }" });
		const before = leafEvents(events).length;
		expect(await runtime.navigateTree(replyOne.id)).toEqual({ cancelled: true });
		expect(leafEvents(events)).toHaveLength(before);
		expect(log.some((e) => (e as { type?: string }).type === "session_tree")).toBe(false);
	});

	it("with a summary from the model: a branch_summary at the new position, in the next request's context", async () => {
		const { runtime, log, entries, replyOne, replyTwo } = await twoTurns({
			script: [{ text: "one" }, { text: "two" }, { text: "Goal: try b" }, { text: "after" }],
		});
		log.length = 0;
		expect(await runtime.navigateTree(replyOne.id, { summarize: true })).toEqual({ cancelled: false });
		const summary = entries().at(-1) as SessionEntry & { summary: string; fromId: string; fromHook?: boolean };
		expect(summary).toMatchObject({ type: "branch_summary", parentId: replyOne.id, fromId: replyTwo.id, fromHook: false });
		expect(summary.summary).toMatch(/^The user explored a different conversation branch before returning here\.\nSummary of that exploration:\n\nGoal: try b$/);
		expect(log.at(-1)).toMatchObject({ type: "session_tree", newLeafId: summary.id, oldLeafId: replyTwo.id, fromExtension: false });
		await runtime.submit("/where");
		expect(log.at(-1)).toMatchObject({ leaf: summary.id });
	});

	it("the user's instructions for the summary reach session_before_tree; an extension may set the label", async () => {
		const { runtime, log, entries, replyOne } = await twoTurns({ tree: `{ label: "came back" }` });
		log.length = 0;
		await runtime.navigateTree(replyOne.id, { summarize: true, customInstructions: "the parser only" });
		expect(log[0]).toMatchObject({ preparation: { customInstructions: "the parser only", userWantsSummary: true } });
		const [summary, label] = entries().slice(-2);
		expect(summary.type).toBe("branch_summary");
		expect(label).toMatchObject({ type: "label", targetId: summary.id, label: "came back" });
	});

	it("a summary supplied by an extension is used instead of asking the model", async () => {
		const { runtime, log, entries, replyOne } = await twoTurns({ tree: `{ summary: { summary: "from the extension", details: { n: 1 } } }` });
		await runtime.navigateTree(replyOne.id, { summarize: true });
		const summary = entries().at(-1);
		expect(summary).toMatchObject({ type: "branch_summary", summary: "from the extension", details: { n: 1 }, fromHook: true, parentId: replyOne.id });
		expect(log.at(-1)).toMatchObject({ type: "session_tree", summaryEntry: summary, fromExtension: true });
	});

	it("without asking for a summary, an extension's summary is not written", async () => {
		const { runtime, entries, replyOne } = await twoTurns({ tree: `{ summary: { summary: "unasked" } }` });
		const count = entries().length;
		await runtime.navigateTree(replyOne.id);
		expect(entries()).toHaveLength(count);
	});

	it("a failing summary request moves nothing and says why", async () => {
		const { runtime, events, replyOne } = await twoTurns({ script: [{ text: "one" }, { text: "two" }, { error: "rate limited" }] });
		const before = events.length;
		const result = await runtime.navigateTree(replyOne.id, { summarize: true });
		expect(result).toEqual({ cancelled: true, error: "Branch summarization failed: rate limited" });
		expect(events.slice(before).some((e) => e.type === "leaf_changed" || e.type === "entry_appended")).toBe(false);
	});

	it("abort while the summary is pending cancels the move", async () => {
		const gate: { open?: () => void } = {};
		(globalThis as Record<string, unknown>).__treeGate = new Promise<void>((resolve) => (gate.open = resolve));
		const ext = `export default function (pi) { pi.on("session_before_tree", async () => { ${PROBE_EXPR}.push("waiting"); await globalThis.__treeGate; }); }`;
		const log = probe();
		const { runtime, entries, events } = await startRuntime({ files: { "ext.ts": ext }, script: [{ text: "one" }, { text: "two" }, { text: "summary" }] });
		await runtime.submit("a");
		await runtime.submit("b");
		const replyOne = entries()[1];
		const before = events.length;
		const moving = runtime.navigateTree(replyOne.id, { summarize: true });
		await expect.poll(() => log).toEqual(["waiting"]);
		await runtime.abort();
		gate.open!();
		expect(await moving).toEqual({ cancelled: true });
		expect(events.slice(before).some((e) => e.type === "leaf_changed" || e.type === "entry_appended")).toBe(false);
	});

	it("abort also stops a summary asked for by ctx.navigateTree", async () => {
		const gate: { open?: () => void } = {};
		(globalThis as Record<string, unknown>).__treeGate = new Promise<void>((resolve) => (gate.open = resolve));
		const ext = `export default function (pi) {
			pi.on("session_before_tree", async () => { ${PROBE_EXPR}.push("waiting"); await globalThis.__treeGate; });
			pi.registerCommand("go", { handler: async (id, ctx) => { ${PROBE_EXPR}.push(await ctx.navigateTree(id, { summarize: true })); } });
		}`;
		const log = probe();
		const { runtime, entries } = await startRuntime({ files: { "ext.ts": ext }, script: [{ text: "one" }, { text: "two" }, { text: "summary" }] });
		await runtime.submit("a");
		await runtime.submit("b");
		const count = entries().length;
		const running = runtime.submit(`/go ${entries()[1].id}`);
		await expect.poll(() => log).toEqual(["waiting"]);
		await runtime.abort();
		gate.open!();
		await running;
		expect(log).toEqual(["waiting", { cancelled: true }]);
		expect(entries()).toHaveLength(count);
	});

	it("ctx.navigateTree from a command has the same semantics", async () => {
		const { runtime, log, replyOne, userB, events } = await twoTurns();
		await runtime.submit(`/go ${userB.id}`);
		expect(events.filter((e) => e.type === "editor_text").at(-1)).toEqual({ type: "editor_text", text: "b", mode: "set" });
		await runtime.submit(`/go ${replyOne.id}`);
		expect(log.at(-1)).toEqual({ go: { cancelled: false } });
		await runtime.submit("/where");
		expect(log.at(-1)).toMatchObject({ leaf: replyOne.id, roots: 1 });
	});
});

describe("branch", () => {
	it("ctx.branch rewinds to before a user message: the next prompt branches from its parent", async () => {
		const { runtime, log, entries, replyOne, userB } = await twoTurns();
		log.length = 0;
		await runtime.submit(`/rewind ${userB.id}`);
		expect(log).toEqual([
			{ type: "session_before_branch", entryId: userB.id, reason: "branch" },
			{ type: "session_branch", reason: "branch", previousSessionFile: undefined },
			{ rewind: { cancelled: false } },
		]);
		await runtime.submit("b again");
		expect(entries().at(-2)).toMatchObject({ parentId: replyOne.id });
		expect(transcript(entries().slice(-2))).toEqual(["user: b again", "assistant: two"]);
	});

	it("session_before_branch can cancel", async () => {
		const log = probe();
		const ext = recorderExtension().replace(
			`log.push({ type: event.type, entryId: event.entryId, reason: event.reason }); });`,
			`log.push({ type: event.type }); return { cancel: true }; });`,
		);
		const { runtime, events } = await startRuntime({ files: { "ext.ts": ext }, script: [{ text: "one" }] });
		await runtime.submit("a");
		const before = leafEvents(events).length;
		await runtime.submit(`/rewind ${(events.find((e) => e.type === "entry_appended") as { entry: SessionEntry }).entry.id}`);
		expect(log.at(-1)).toEqual({ rewind: { cancelled: true } });
		expect(leafEvents(events)).toHaveLength(before);
	});
});

describe("labels", () => {
	it("setLabel writes a label entry that getLabel and the tree view reflect; an empty label clears it", async () => {
		const { runtime, log, entries, userA } = await twoTurns();
		await runtime.setLabel(userA.id, "start");
		expect(entries().at(-1)).toMatchObject({ type: "label", targetId: userA.id, label: "start" });
		await runtime.submit(`/where ${userA.id}`);
		expect(log.at(-1)).toMatchObject({ label: "start" });
		expect((await runtime.getTreeView()).rows.find((r) => r.id === userA.id)?.label).toBe("start");
		await runtime.setLabel(userA.id, "  ");
		await runtime.submit(`/where ${userA.id}`);
		expect(log.at(-1)).toMatchObject({ label: undefined });
		expect((await runtime.getTreeView()).rows.find((r) => r.id === userA.id)?.label).toBeUndefined();
		await expect(runtime.setLabel("nothere", "x")).rejects.toThrow(/no entry nothere/);
	});
});

describe("fork", () => {
	it("copies the path to an entry into a new session whose header names its parent; labels come along", async () => {
		const { runtime, events, log, userA, replyOne, runtime: rt } = await twoTurns();
		await rt.setLabel(userA.id, "start");
		log.length = 0;
		expect(await runtime.fork(replyOne.id, "at")).toEqual({ cancelled: false });
		const fork = events.at(-1) as Extract<RuntimeEvent, { type: "session_fork" }>;
		expect(fork.type).toBe("session_fork");
		const sessionId = fork.previousSessionId;
		expect(fork.session.header).toMatchObject({ type: "session", version: 3, parentSession: sessionId });
		expect(fork.session.header.id).not.toBe(sessionId);
		expect(fork.session.entries.map((e) => e.id).slice(0, 2)).toEqual([userA.id, replyOne.id]);
		expect(fork.session.entries[2]).toMatchObject({ type: "label", targetId: userA.id, label: "start", parentId: replyOne.id });
		expect(fork.session.leafId).toBe(fork.session.entries[2].id);
		expect(fork.editorText).toBeUndefined();
		expect(log).toEqual([
			{ type: "session_before_fork", entryId: replyOne.id, position: "at" },
			{ type: "session_before_branch", entryId: replyOne.id, reason: "fork" },
		]);
	});

	it('"before" a user message keeps the path to its parent and hands its text to the composer', async () => {
		const { runtime, events, userA, replyOne, userB } = await twoTurns();
		await runtime.fork(userB.id, "before");
		const fork = events.at(-1) as Extract<RuntimeEvent, { type: "session_fork" }>;
		expect(fork.session.entries.map((e) => e.id)).toEqual([userA.id, replyOne.id]);
		expect(fork.editorText).toBe("b");
		expect(await runtime.fork(replyOne.id, "before")).toMatchObject({ cancelled: true, error: expect.stringMatching(/user message/) });
	});

	it("session_before_fork can cancel", async () => {
		const { runtime, events, replyOne } = await twoTurns({ fork: "{ cancel: true }" });
		expect(await runtime.fork(replyOne.id, "at")).toEqual({ cancelled: true });
		expect(events.some((e) => e.type === "session_fork")).toBe(false);
	});

	it("/fork copies the current branch; ctx.fork works from a command", async () => {
		const { runtime, events, replyTwo, replyOne, log } = await twoTurns();
		await runtime.submit("/fork");
		const fork = events.filter((e) => e.type === "session_fork").at(-1) as Extract<RuntimeEvent, { type: "session_fork" }>;
		expect(fork.session.entries.at(-1)!.id).toBe(replyTwo.id);
		await runtime.submit(`/forkat ${replyOne.id}`);
		expect(log.at(-1)).toEqual({ fork: { cancelled: false } });
	});

	it("the forked session's runtime tells extensions it was forked", async () => {
		const log = probe();
		await startRuntime({ files: { "ext.ts": recorderExtension() }, startReason: { reason: "fork", previousSessionId: "old-session" } });
		expect(log).toContainEqual({ type: "session_branch", reason: "fork", previousSessionFile: "old-session" });
	});
});
