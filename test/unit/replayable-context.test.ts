import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { describe, expect, it } from "vitest";
import { replayableContext } from "../../src/session/messages.ts";

const user = (text: string): AgentMessage => ({ role: "user", content: [{ type: "text", text }], timestamp: 0 });
const assistant = (content: unknown[], stopReason = "stop"): AgentMessage =>
	({
		role: "assistant",
		content,
		stopReason,
		api: "x",
		provider: "x",
		model: "x",
		usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
		timestamp: 0,
	}) as AgentMessage;
const call = (id: string) => ({ type: "toolCall", id, name: "t", arguments: {} });
const result = (id: string): AgentMessage => ({ role: "toolResult", toolCallId: id, toolName: "t", content: [], isError: false, timestamp: 0 }) as AgentMessage;

describe("replaying a stored transcript", () => {
	it("keeps answered tool calls, removes unanswered ones, and drops a turn left empty", () => {
		const messages = [user("a"), assistant([call("1")]), result("1"), assistant([{ type: "text", text: "and" }, call("2")]), user("b"), assistant([call("3")])];
		const out = replayableContext(messages);
		expect(out.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant", "user"]);
		expect((out[3] as { content: unknown[] }).content).toEqual([{ type: "text", text: "and" }]);
	});

	it("drops aborted and failed replies with the results of their calls", () => {
		const messages = [user("a"), assistant([call("1")], "aborted"), result("1"), user("b"), assistant([{ type: "text", text: "x" }], "error"), user("c")];
		expect(replayableContext(messages).map((m) => m.role)).toEqual(["user", "user", "user"]);
	});
});
