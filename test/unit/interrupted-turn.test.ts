import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { describe, expect, it } from "vitest";
import { INTERRUPTED_MESSAGE, isInterruptedMarker } from "../../src/session/interrupted.ts";
import { newSessionHeader, type StoredEntry } from "../../src/session/entries.ts";
import { SessionTree } from "../../src/session/tree.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../support/runtime-harness.ts";

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const user = (text: string): AgentMessage => ({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() });
const reply = (text: string, stopReason: "stop" | "toolUse" = "stop", calls: string[] = []): AgentMessage => ({
	role: "assistant",
	content: [
		...(text ? [{ type: "text" as const, text }] : []),
		...calls.map((id) => ({ type: "toolCall" as const, id, name: "hello", arguments: { name: id } })),
	],
	api: "a",
	provider: "p",
	model: "m",
	usage,
	stopReason,
	timestamp: Date.now(),
});
const result = (id: string): AgentMessage => ({
	role: "toolResult",
	toolCallId: id,
	toolName: "hello",
	content: [{ type: "text", text: "hi" }],
	isError: false,
	timestamp: Date.now(),
});

function stored(messages: AgentMessage[]): StoredEntry[] {
	const tree = new SessionTree(newSessionHeader("/w"));
	for (const message of messages) tree.append({ type: "message", message });
	return tree.getEntries();
}

const CONTEXT_SPY = `export default function (pi) { pi.on("context", (e) => { ${PROBE_EXPR}.push(e.messages.filter((m) => m.role !== "system").map((m) => m.role + (m.role === "assistant" ? ":" + m.content.map((b) => b.type).join(",") : ""))); }); }`;

describe("a turn cut short by a reload", () => {
	it.each([
		["a prompt without its reply", [user("go")]],
		["a reply waiting for its tool calls", [user("go"), reply("", "toolUse", ["c1", "c2"])]],
		["tool results without the reply after them", [user("go"), reply("", "toolUse", ["c1"]), result("c1")]],
	])("%s is marked interrupted when the session reopens", async (_name, messages) => {
		const entries = stored(messages);
		const { entries: appended } = await startRuntime({ files: {}, entries });
		expect(appended()).toHaveLength(1);
		const [marker] = appended();
		expect(marker.parentId).toBe(entries.at(-1)!.id);
		expect((marker as { message: AgentMessage }).message).toMatchObject({ role: "assistant", stopReason: "aborted", errorMessage: INTERRUPTED_MESSAGE });
		expect(isInterruptedMarker((marker as { message: AgentMessage }).message)).toBe(true);
	});

	it("a turn cut short by a hang says so: the page names what hung", async () => {
		const interruption = 'Interrupted: extension "spinner" stopped responding in tool spin. Playa restarted the runtime with it turned off.';
		const { entries } = await startRuntime({ files: {}, entries: stored([user("go"), reply("", "toolUse", ["c1"])]), interruption });
		const [marker] = entries();
		const message = (marker as { message: AgentMessage }).message;
		expect(message).toMatchObject({ role: "assistant", stopReason: "aborted", errorMessage: interruption });
		expect(isInterruptedMarker(message)).toBe(true);
	});

	it("a finished turn is left as it is", async () => {
		const { entries } = await startRuntime({ files: {}, entries: stored([user("go"), reply("done")]) });
		expect(entries()).toEqual([]);
	});

	it("the next prompt continues cleanly: no dangling tool call, no marker, the script in step", async () => {
		const log = probe();
		const before = stored([user("go"), reply("", "toolUse", ["c1", "c2"]), result("c1")]);
		const { runtime, entries } = await startRuntime({
			files: { "spy.ts": CONTEXT_SPY },
			entries: before,
			// Reply 1 called the tools, reply 2 was cut short: the next prompt plays step 3.
			script: [{ text: "unused" }, { text: "unused" }, { text: "picked up" }],
		});
		await runtime.submit("again");
		// The call that got its result stays with it; the one that never did is gone, and so is the marker.
		expect(log[0]).toEqual(["user", "assistant:toolCall", "toolResult", "user"]);
		expect(transcript(entries()).slice(1)).toEqual(["user: again", "assistant: picked up"]);
		// Opened again, the session is not marked a second time.
		const again = await startRuntime({ files: {}, entries: [...before, ...entries()] });
		expect(again.entries()).toEqual([]);
	});
});

describe("the script after an interrupted turn", () => {
	it("a reply cut mid-stream used its step; tools cut while running did not use one", async () => {
		const midStream = await startRuntime({ files: {}, entries: stored([user("go")]), script: [{ text: "cut" }, { text: "next" }] });
		await midStream.runtime.submit("again");
		expect(transcript(midStream.entries()).at(-1)).toBe("assistant: next");
		const midTools = await startRuntime({
			files: {},
			entries: stored([user("go"), reply("", "toolUse", ["c1"])]),
			script: [{ text: "called" }, { text: "next" }],
		});
		await midTools.runtime.submit("again");
		expect(transcript(midTools.entries()).at(-1)).toBe("assistant: next");
	});
});
