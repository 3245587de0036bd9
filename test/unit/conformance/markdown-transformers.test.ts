/**
 * Conformance: pi 1.6's `pi.registerMarkdownTransformer` (node_modules/@earendil-works/pi-coding-agent/docs/
 * extensions.md): a chain in load order, each on the previous output; the default surfaces user, assistant and
 * assistant-thinking, `messageTypes` for others; a throw keeps the markdown so far; display only (the stored
 * entry and the model's context unchanged); streaming updates with `isStreaming`; one per extension.
 */
import { describe, expect, it, vi } from "vitest";
import { displayPatch, initialPlaygroundState } from "../../../src/host/state/playground-state.ts";
import { createCallRecordBuffer, readCallRecord } from "../../../src/protocol/call-record.ts";
import type { RuntimeEvent } from "../../../src/protocol/runtime.ts";
import { StreamingRelay } from "../../../src/runtime/agent/streaming-relay.ts";
import type { StoredEntry } from "../../../src/session/entries.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../../support/runtime-harness.ts";

const LOG = PROBE_EXPR;
type Logged = Record<string, any>;

const displays = (events: RuntimeEvent[]) =>
	events.flatMap((event) => (event.type === "markdown_display" ? [{ entryId: event.entryId, texts: event.texts }] : []));

describe("pi.registerMarkdownTransformer", () => {
	it("chains in load order on the default surfaces; the stored entries and the model's context keep the original", async () => {
		const log = probe() as Logged[];
		const first = `export default function (pi: any) {
			pi.registerMarkdownTransformer((md: string, ctx: any) => { ${LOG}.push({ by: "first", md, ...ctx }); return md.replaceAll("-->", "→"); });
		}`;
		const second = `export default function (pi: any) {
			pi.registerMarkdownTransformer((md: string) => md.toUpperCase());
			pi.on("context", (event: any) => { ${LOG}.push({ context: event.messages.map((m: any) => JSON.stringify(m.content)) }); });
		}`;
		const harness = await startRuntime({
			files: { "first.ts": first, "second.ts": second },
			script: [{ thinking: "think --> deep", text: "a --> b" }, { text: "plain" }],
		});
		await harness.runtime.submit("x --> y");
		const [user, assistant] = harness.entries();
		expect(transcript(harness.entries())).toEqual(["user: x --> y", "assistant: a --> b"]);
		expect(displays(harness.events)).toEqual([
			{ entryId: user.id, texts: [{ index: 0, text: "X → Y" }] },
			{
				entryId: assistant.id,
				texts: [
					{ index: 0, text: "THINK → DEEP" },
					{ index: 1, text: "A → B" },
				],
			},
		]);
		const calls = log.filter((entry) => entry.by === "first");
		expect(calls.map(({ md, messageType, isStreaming, messageId }) => ({ md, messageType, isStreaming, messageId }))).toEqual([
			{ md: "x --> y", messageType: "user", isStreaming: false, messageId: user.id },
			{ md: "think --> deep", messageType: "assistant-thinking", isStreaming: false, messageId: assistant.id },
			{ md: "a --> b", messageType: "assistant", isStreaming: false, messageId: assistant.id },
		]);
		expect(calls[0].timestamp).toBe(user.timestamp);
		await harness.runtime.submit("next");
		// The next request's context has the text as sent, not as shown.
		expect(log.filter((entry) => entry.context).at(-1)?.context).toContain(JSON.stringify([{ type: "text", text: "x --> y" }]));
	});

	it("messageTypes picks the surfaces: custom messages and summaries, not the defaults then", async () => {
		const body = `export default function (pi: any) {
			pi.registerMarkdownTransformer((md: string, ctx: any) => ctx.messageType + ": " + md, { messageTypes: ["custom", "summary"] });
			pi.registerCommand("say", { handler: async () => pi.sendMessage({ customType: "note", content: "hello", display: true }) });
		}`;
		const entries: StoredEntry[] = [
			{ type: "branch_summary", id: "b1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", fromId: "x", summary: "left behind" } as StoredEntry,
		];
		const harness = await startRuntime({ files: { "types.ts": body }, entries, script: [{ text: "reply" }] });
		await harness.runtime.submit("/say");
		await harness.runtime.submit("hi");
		const custom = harness.entries().find((entry) => entry.type === "custom_message")!;
		expect(displays(harness.events)).toEqual([
			{ entryId: "b1", texts: [{ index: 0, text: "summary: left behind" }] },
			{ entryId: custom.id, texts: [{ index: 0, text: "custom: hello" }] },
		]);
	});

	it("a transformer that throws keeps the markdown so far and the next one goes on; registering again replaces", async () => {
		const thrower = `export default function (pi: any) {
			pi.registerMarkdownTransformer(() => "never");
			pi.registerMarkdownTransformer((md: string) => { if (md.includes("boom")) throw new Error("bad markdown"); return md + "!"; });
		}`;
		const next = `export default function (pi: any) { pi.registerMarkdownTransformer((md: string) => "[" + md + "]"); }`;
		const harness = await startRuntime({ files: { "thrower.ts": thrower, "next.ts": next }, script: [{ text: "fine" }] });
		await harness.runtime.submit("boom");
		const [user, assistant] = harness.entries();
		expect(displays(harness.events)).toEqual([
			{ entryId: user.id, texts: [{ index: 0, text: "[boom]" }] },
			{ entryId: assistant.id, texts: [{ index: 0, text: "[fine!]" }] },
		]);
		expect(harness.errors()).toMatchObject([{ phase: "renderer", where: "markdown transformer", message: "bad markdown" }]);
	});

	it("an output far longer than its input is refused like a throw; a result that is not a string is skipped", async () => {
		const body = `export default function (pi: any) { pi.registerMarkdownTransformer((md: string) => md === "grow" ? "x".repeat(300_000) : 42); }`;
		const harness = await startRuntime({
			files: { "grow.ts": body, "tag.ts": `export default function (pi: any) { pi.registerMarkdownTransformer((md: string) => md + "#"); }` },
			script: [{ text: "n" }],
		});
		await harness.runtime.submit("grow");
		expect(displays(harness.events).map((display) => display.texts)).toEqual([[{ index: 0, text: "grow#" }], [{ index: 0, text: "n#" }]]);
		expect(harness.errors()).toMatchObject([{ where: "markdown transformer", message: "returned 300000 characters for 4: more than the page shows" }]);
	});

	it("runs on a restored session's entries when the runtime starts", async () => {
		const entries: StoredEntry[] = [
			{
				type: "message",
				id: "m1",
				parentId: null,
				timestamp: "2026-01-01T00:00:00.000Z",
				message: { role: "assistant", content: [{ type: "text", text: "old" }], timestamp: 0 },
			} as unknown as StoredEntry,
		];
		const harness = await startRuntime({
			files: { "t.ts": `export default function (pi: any) { pi.registerMarkdownTransformer((md: string) => md + " (shown)"); }` },
			entries,
		});
		expect(displays(harness.events)).toEqual([{ entryId: "m1", texts: [{ index: 0, text: "old (shown)" }] }]);
	});

	it("a call into a transformer is recorded like a handler's, so the watchdog can name one that hangs", async () => {
		const log = probe() as Logged[];
		const buffer = createCallRecordBuffer();
		(globalThis as Record<string, unknown>).readTestCallRecord = () => readCallRecord(buffer);
		const body = `export default function (pi: any) { pi.registerMarkdownTransformer((md: string) => { ${LOG}.push((globalThis as any).readTestCallRecord()); return md; }); }`;
		const harness = await startRuntime({ files: { "slow.ts": body }, callRecord: buffer, script: [{ text: "ok" }] });
		await harness.runtime.submit("hi");
		// Once for the prompt, once for the reply.
		const running = { url: "http://extensions.test/slow.ts", name: "slow", where: "markdown transformer" };
		expect(log).toEqual([running, running]);
		expect(readCallRecord(buffer)).toBeUndefined();
		delete (globalThis as Record<string, unknown>).readTestCallRecord;
	});

	it("nothing is sent when no transformer changes the text, or none is registered", async () => {
		const harness = await startRuntime({
			files: { "same.ts": `export default function (pi: any) { pi.registerMarkdownTransformer((md: string) => md); }` },
			script: [{ text: "ok" }],
		});
		await harness.runtime.submit("hi");
		expect(displays(harness.events)).toEqual([]);
	});

	it("the reply being streamed is sent as shown, transformed with isStreaming once per frame", async () => {
		const log = probe() as Logged[];
		const harness = await startRuntime({
			files: {
				"s.ts": `export default function (pi: any) { pi.registerMarkdownTransformer((md: string, ctx: any) => { ${LOG}.push(ctx.isStreaming); return md.replaceAll("-->", "→"); }); }`,
			},
		});
		const sent: RuntimeEvent[] = [];
		const relay = new StreamingRelay(
			(event) => void sent.push(event),
			(message) => harness.runtime.parts.rendering.markdown.streaming(message),
		);
		const message = (text: string) => ({ role: "assistant", content: [{ type: "text", text }] });
		relay.update(message("a -"));
		relay.update(message("a --> b"));
		await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
		expect(sent).toEqual([{ type: "streaming", message: message("a → b") }]);
		expect(log).toEqual([true]);
	});
});

describe("the page's side", () => {
	it("keeps the display texts by entry and block, replacing an entry's earlier ones", () => {
		let state = initialPlaygroundState();
		const apply = (event: RuntimeEvent) => {
			state = { ...state, ...displayPatch(state, event) };
		};
		apply({ type: "markdown_display", entryId: "e1", texts: [{ index: 1, text: "A → B" }] });
		apply({ type: "markdown_display", entryId: "e2", texts: [{ index: 0, text: "X" }] });
		apply({ type: "markdown_display", entryId: "e1", texts: [{ index: 0, text: "again" }] });
		expect(state.markdownDisplay).toEqual({ e1: { 0: "again" }, e2: { 0: "X" } });
	});
});
