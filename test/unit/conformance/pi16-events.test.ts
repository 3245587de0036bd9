/**
 * Conformance: pi 1.6's events beyond the reference, each dispatched by the real runtime at upstream's
 * moment with upstream's payload (node_modules/@earendil-works/pi-coding-agent/docs/extensions.md).
 */
import { describe, expect, it, vi } from "vitest";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../../support/runtime-harness.ts";

const LOG = PROBE_EXPR;
type Logged = Record<string, any>;

/** An extension whose handlers log `{ type, ...event }` for each of `events`, then run `body`. */
const logging = (events: string[], body = "") => `
export default function (pi: any) {
	for (const type of ${JSON.stringify(events)}) pi.on(type, (event: any) => { ${LOG}.push(JSON.parse(JSON.stringify(event))); });
	${body}
}`;

describe("session_start's reason", () => {
	it("is startup on the page's first start, else why the page started the runtime, with the previous session", async () => {
		const cases = [
			undefined,
			{ reason: "reload" as const },
			{ reason: "new" as const, previousSessionId: "s-old" },
			{ reason: "resume" as const, previousSessionId: "s-other" },
			{ reason: "fork" as const, previousSessionId: "s-forked" },
		];
		const seen: Logged[] = [];
		for (const startReason of cases) {
			const log = probe() as Logged[];
			await startRuntime({ files: { "start.ts": logging(["session_start"]) }, startReason });
			seen.push(...log);
		}
		expect(seen).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "session_start", reason: "reload" },
			{ type: "session_start", reason: "new", previousSessionFile: "s-old" },
			{ type: "session_start", reason: "resume", previousSessionFile: "s-other" },
			{ type: "session_start", reason: "fork", previousSessionFile: "s-forked" },
		]);
	});
});

describe("input's streamingBehavior", () => {
	it("is steer for a prompt sent while a run goes, absent when idle", async () => {
		const log = probe() as Logged[];
		const body = `pi.on("tool_call", async () => { await new Promise((r) => setTimeout(r, 0)); ${LOG}.push({ type: "tool_call" }); });
			pi.registerTool({ name: "slow", description: "d", parameters: { type: "object", properties: {} }, execute: async () => { await new Promise((r) => setTimeout(r, 50)); return { content: [{ type: "text", text: "slow done" }] }; } });`;
		const harness = await startRuntime({
			files: { "in.ts": logging(["input"], body) },
			script: [{ toolCalls: [{ name: "slow", arguments: {} }] }, { text: "ok" }, { text: "ok again" }],
		});
		const run = harness.runtime.submit("first");
		await vi.waitFor(() => expect(log.some((e) => e.type === "tool_call")).toBe(true), { timeout: 10_000 });
		await harness.runtime.submit("while running");
		await run;
		expect(log.filter((e) => e.type === "input")).toEqual([
			{ type: "input", text: "first", source: "interactive" },
			{ type: "input", text: "while running", source: "interactive", streamingBehavior: "steer" },
		]);
	});
});

describe("ctx.newSession({ withSession })", () => {
	it("its ctx puts text in the new session's composer and notifies; other members throw, naming themselves", async () => {
		const log = probe() as Logged[];
		const body = `pi.registerCommand("handoff", { handler: async (_a: string, ctx: any) => {
			${LOG}.push(await ctx.newSession({ withSession: async (next: any) => {
				next.ui.setEditorText("the drafted prompt");
				next.ui.notify("ready", "info");
				try { next.sendUserMessage("x"); } catch (e: any) { ${LOG}.push({ threw: e.message }); }
			} }));
		} });
		pi.on("session_before_switch", () => { ${LOG}.push({ type: "session_before_switch" }); });`;
		const harness = await startRuntime({ files: { "handoff.ts": logging([], body) } });
		await harness.runtime.submit("/handoff");
		expect(log).toEqual([
			{ type: "session_before_switch" },
			{
				threw:
					"ctx.sendUserMessage is not available in newSession's withSession in Playa: the new session runs in a new runtime (only ui.setEditorText and ui.notify are)",
			},
			{ cancelled: false },
		]);
		expect(harness.events.filter((e) => e.type === "session_request" || (e.type === "notify" && e.message === "ready"))).toEqual([
			{ type: "notify", message: "ready", level: "info", extension: "handoff" },
			{ type: "session_request", action: "new", sessionId: undefined, editorText: "the drafted prompt" },
		]);
	});
});

describe("session_info_changed", () => {
	it("fires with the name after pi.setSessionName, undefined once cleared", async () => {
		const log = probe() as Logged[];
		const { runtime } = await startRuntime({
			files: { "names.ts": logging(["session_info_changed"], `pi.registerCommand("rename", { handler: async (args: string) => pi.setSessionName(args) });`) },
		});
		await runtime.submit("/rename Refactor");
		await runtime.submit("/rename");
		expect(log).toEqual([{ type: "session_info_changed", name: "Refactor" }, { type: "session_info_changed" }]);
	});
});

describe("session_compact_failed", () => {
	const compacting = (result: string) => logging(["session_compact", "session_compact_failed"], `pi.on("session_before_compact", () => (${result}));`);
	const longSession = async (files: Record<string, string>) => {
		const harness = await startRuntime({ files, script: [{ text: "one" }, { text: "two" }, { text: "summary" }] });
		await harness.runtime.submit("first");
		await harness.runtime.submit(`second ${"x".repeat(90_000)}`);
		return harness;
	};

	it("a cancel from session_before_compact: aborted, no errorMessage, not from an extension", async () => {
		const log = probe() as Logged[];
		const { runtime } = await longSession({ "cancel.ts": compacting("{ cancel: true }") });
		await runtime.submit("/compact");
		expect(log).toEqual([{ type: "session_compact_failed", reason: "manual", aborted: true, willRetry: false, fromExtension: false }]);
	});

	it("an extension's compaction that cannot be used: its error, fromExtension", async () => {
		const log = probe() as Logged[];
		const { runtime } = await longSession({ "bad.ts": compacting(`{ compaction: { summary: "s", firstKeptEntryId: "nowhere", tokensBefore: 1 } }`) });
		await runtime.submit("/compact");
		expect(log).toEqual([
			{
				type: "session_compact_failed",
				reason: "manual",
				aborted: false,
				willRetry: false,
				fromExtension: true,
				errorMessage: "Compaction keeps from nowhere, which is not in this session",
			},
		]);
	});

	it("a compaction that succeeds fires session_compact only", async () => {
		const log = probe() as Logged[];
		const { runtime } = await longSession({ "ok.ts": logging(["session_compact", "session_compact_failed"]) });
		await runtime.submit("/compact");
		expect(log.map((e) => e.type)).toEqual(["session_compact"]);
	});
});

describe("ui_prompt_start / ui_prompt_end", () => {
	it("one span around a dialog, nested dialogs coalesced into the outer one; not around notify", async () => {
		const log = probe() as Logged[];
		const body = `
			pi.registerCommand("ask", { handler: async (_a: string, ctx: any) => {
				ctx.ui.notify("not a prompt");
				await ctx.ui.confirm("Sure?", "really");
				${LOG}.push({ type: "between" });
				await Promise.all([ctx.ui.select("Pick", ["a", "b"]), ctx.ui.input("Name")]);
			} });`;
		const { runtime } = await startRuntime({ files: { "ask.ts": logging(["ui_prompt_start", "ui_prompt_end"], body) } });
		await runtime.submit("/ask");
		await vi.waitFor(() => expect(log).toHaveLength(5), { timeout: 10_000 });
		expect(log).toEqual([
			{ type: "ui_prompt_start", reason: "ui_prompt", kind: "confirm", title: "Sure?" },
			{ type: "ui_prompt_end", reason: "ui_prompt", kind: "confirm", title: "Sure?" },
			{ type: "between" },
			{ type: "ui_prompt_start", reason: "ui_prompt", kind: "select", title: "Pick" },
			{ type: "ui_prompt_end", reason: "ui_prompt", kind: "select", title: "Pick" },
		]);
	});

	it("ctx.ui.custom is a prompt of kind custom", async () => {
		const log = probe() as Logged[];
		const body = `pi.registerCommand("show", { handler: async (_a: string, ctx: any) => {
			await ctx.ui.custom((_tui: any, _theme: any, _kb: any, done: any) => { setTimeout(() => done("x"), 0); return { render: () => ["hi"], invalidate() {} }; });
		} });`;
		const { runtime } = await startRuntime({ files: { "show.ts": logging(["ui_prompt_start", "ui_prompt_end"], body) } });
		await runtime.submit("/show");
		await vi.waitFor(() => expect(log).toHaveLength(2), { timeout: 10_000 });
		expect(log).toEqual([
			{ type: "ui_prompt_start", reason: "ui_prompt", kind: "custom" },
			{ type: "ui_prompt_end", reason: "ui_prompt", kind: "custom" },
		]);
	});
});

describe("context_with_system", () => {
	it("runs after context with the whole request, system message first; what it returns is sent", async () => {
		const log = probe() as Logged[];
		const body = `
			pi.on("context", (e: any) => { ${LOG}.push({ type: "context", roles: e.messages.map((m: any) => m.role) }); return { messages: [...e.messages, { role: "user", content: "from context", timestamp: 0 }] }; });
			pi.on("context_with_system", (e: any) => {
				${LOG}.push({ type: "context_with_system", roles: e.messages.map((m: any) => m.role), last: e.messages.at(-1).content });
				return { messages: [{ ...e.messages[0], content: "Replaced prompt" }, ...e.messages.slice(1)] };
			});`;
		const harness = await startRuntime({ files: { "ctx.ts": `export default function (pi: any) { ${body} }` }, script: [{ text: "ok" }] });
		await harness.runtime.submit("hi");
		expect(log).toEqual([
			{ type: "context", roles: ["system", "user"] },
			{ type: "context_with_system", roles: ["system", "user", "user"], last: "from context" },
		]);
		harness.runtime.parts.inspector?.flush();
		const [request] = harness.events.flatMap((e) => (e.type === "inspector" ? e.requests : []));
		expect(request.systemPrompt).toBe("Replaced prompt");
	});

	it("dropping the leading system message is sent as asked, with a warning", async () => {
		const harness = await startRuntime({
			files: { "drop.ts": `export default function (pi: any) { pi.on("context_with_system", (e: any) => ({ messages: e.messages.slice(1) })); }` },
			script: [{ text: "ok" }],
		});
		await harness.runtime.submit("hi");
		const warnings = harness.events.flatMap((e) => (e.type === "notify" && e.level === "warning" ? [e.message] : []));
		expect(warnings).toEqual([expect.stringContaining("removed the leading system message")]);
		expect(transcript(harness.entries())).toEqual(["user: hi", "assistant: ok"]);
	});
});

describe("agent_before_settle", () => {
	const settle = (body: string) => `export default function (pi: any) {
		let round = 0;
		pi.on("agent_before_settle", (event: any) => { ${LOG}.push({ type: "agent_before_settle", entries: event.entries.length, continue: event.continue, outcome: event.outcome, context: event.context.messages.length }); ${body} });
		pi.on("agent_settled", (event: any) => { ${LOG}.push({ type: "agent_settled", aborted: event.aborted }); });
	}`;

	it("its entries are appended and continue: true runs one more turn; the next settle ends the run", async () => {
		const log = probe() as Logged[];
		const body = `if (round++ > 0) return; return { entries: [...event.entries, { type: "custom", customType: "note", data: { n: 1 } }, { type: "custom_message", customType: "reminder", content: "Check the diff.", display: false }], continue: true };`;
		const harness = await startRuntime({ files: { "settle.ts": settle(body) }, script: [{ text: "first" }, { text: "second" }] });
		await harness.runtime.submit("go");
		expect(log).toEqual([
			{ type: "agent_before_settle", entries: 0, continue: false, outcome: "completed", context: 2 },
			{ type: "agent_before_settle", entries: 0, continue: false, outcome: "completed", context: 4 },
			{ type: "agent_settled", aborted: false },
		]);
		expect(
			harness
				.entries()
				.map((e) => (e.type === "message" ? `${(e as { message: { role: string } }).message.role}` : `${e.type}:${(e as { customType?: string }).customType}`)),
		).toEqual(["user", "assistant", "custom:note", "custom_message:reminder", "assistant"]);
	});

	it("continue without anything new to answer is refused with a warning, and the run settles", async () => {
		const log = probe() as Logged[];
		const harness = await startRuntime({ files: { "settle.ts": settle(`return { continue: true };`) }, script: [{ text: "first" }, { text: "second" }] });
		await harness.runtime.submit("go");
		expect(log.map((e) => e.type)).toEqual(["agent_before_settle", "agent_settled"]);
		expect(harness.events.some((e) => e.type === "notify" && e.message.includes("agent_before_settle asked to continue"))).toBe(true);
	});

	it("an entry kind Playa does not append is reported; the others are appended", async () => {
		const body = `if (round++ > 0) return; return { entries: [{ type: "context_edit", targetId: "x", replacement: null }, { type: "custom", customType: "kept" }] };`;
		const harness = await startRuntime({ files: { "settle.ts": settle(body) }, script: [{ text: "first" }] });
		await harness.runtime.submit("go");
		expect(
			harness
				.entries()
				.filter((e) => e.type === "custom")
				.map((e) => (e as { customType: string }).customType),
		).toEqual(["kept"]);
		expect(harness.events.some((e) => e.type === "notify" && e.message.includes('"context_edit" was not appended'))).toBe(true);
	});

	it("an aborted run skips it and goes to agent_settled", async () => {
		const log = probe() as Logged[];
		const body = `pi.on("turn_start", (_e: any, ctx: any) => ctx.abort());`;
		const harness = await startRuntime({
			files: { "settle.ts": settle("return;").replace('pi.on("agent_settled"', `${body}\n\t\tpi.on("agent_settled"`) },
			script: [{ text: "first" }],
		});
		await harness.runtime.submit("go");
		expect(log).toEqual([{ type: "agent_settled", aborted: true }]);
	});
});

describe("messages queued as a run ends", () => {
	it("sendMessage (triggerTurn) and sendUserMessage (followUp) from agent_end go out in this run, in order", async () => {
		const body = `
			let sent = false;
			pi.on("agent_end", () => {
				if (sent) return;
				sent = true;
				pi.sendMessage({ customType: "plan", content: "Execute the plan", display: true }, { triggerTurn: true });
				pi.sendUserMessage("and then this", { deliverAs: "followUp" });
			});
			pi.on("agent_settled", () => { ${LOG}.push({ type: "agent_settled" }); });`;
		const log = probe() as Logged[];
		const harness = await startRuntime({
			files: { "queue.ts": `export default function (pi: any) { ${body} }` },
			script: [{ text: "plan ready" }, { text: "executing" }, { text: "done" }],
		});
		await harness.runtime.submit("make a plan");
		const lines = harness
			.entries()
			.flatMap((e) =>
				e.type === "custom_message" ? [`custom(${(e as { customType: string }).customType}): ${(e as { content: string }).content}`] : transcript([e]),
			);
		expect(lines).toEqual([
			"user: make a plan",
			"assistant: plan ready",
			"custom(plan): Execute the plan",
			"assistant: executing",
			"user: and then this",
			"assistant: done",
		]);
		expect(log).toEqual([{ type: "agent_settled" }]);
	});

	it("a plain sendMessage from agent_end (no triggerTurn, no deliverAs) is appended without another turn", async () => {
		const body = `
			pi.on("agent_end", () => { pi.sendMessage({ customType: "note", content: "Plan steps listed", display: true }); });
			pi.on("agent_settled", () => { ${LOG}.push({ type: "agent_settled" }); });`;
		const log = probe() as Logged[];
		const harness = await startRuntime({
			files: { "note.ts": `export default function (pi: any) { ${body} }` },
			script: [{ text: "plan ready" }, { text: "NOT PLAYED" }],
		});
		await harness.runtime.submit("make a plan");
		await harness.runtime.parts.session.agent.waitForIdle();
		const lines = harness
			.entries()
			.flatMap((e) =>
				e.type === "custom_message" ? [`custom(${(e as { customType: string }).customType}): ${(e as { content: string }).content}`] : transcript([e]),
			);
		expect(lines).toEqual(["user: make a plan", "assistant: plan ready", "custom(note): Plan steps listed"]);
		expect(log).toEqual([{ type: "agent_settled" }]);
	});
});
