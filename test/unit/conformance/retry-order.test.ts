/**
 * Conformance: event order for one prompt whose second reply fails with a transient error and is retried
 * (upstream pi's AgentSession: the run ends with `agent_end` {willContinue}, `auto_retry_start`, a new run
 * whose successful reply is followed by `auto_retry_end` {success: true}).
 */
import { describe, expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";

const OBSERVER = `
export default function (pi) {
	pi.registerTool({
		name: "greet", description: "greets", parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
		execute: async (_id, params) => ({ content: [{ type: "text", text: "hi " + params.name }], details: {} }),
	});
	for (const type of ["agent_start", "agent_end", "agent_settled", "turn_start", "turn_end", "message_end", "tool_call", "tool_result", "auto_retry_start", "auto_retry_end", "context"]) {
		pi.on(type, (event, ctx) => {
			const detail = type === "message_end" ? ":" + event.message.role + ":" + (event.message.stopReason ?? "")
				: type === "agent_end" && event.willContinue ? ":willContinue"
				: type === "agent_settled" ? ":" + (event.aborted ? "aborted" : "done") + ":idle=" + ctx.isIdle()
				: type === "auto_retry_start" ? ":" + event.attempt + "/" + event.maxAttempts
				: type === "auto_retry_end" ? ":" + event.success + ":" + event.attempt
				: type === "context" ? ":" + event.messages.map((m) => m.role[0]).join("")
				: "";
			${PROBE_EXPR}.push(type + detail);
		});
	}
}`;

describe("event order with an automatic retry", () => {
	it("agent_end {willContinue} → auto_retry_start → a new run → auto_retry_end after the reply that succeeded", async () => {
		const log = probe();
		const harness = await startRuntime({
			files: { "observer.ts": OBSERVER },
			script: [{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { error: "529 overloaded_error: Overloaded" }, { text: "Done." }],
			retry: { baseDelayMs: 1 },
		});
		await harness.runtime.submit("go");
		expect(log).toEqual([
			"agent_start",
			"turn_start",
			"message_end:user:",
			"context:su",
			"message_end:assistant:toolUse",
			"tool_call",
			"tool_result",
			"message_end:toolResult:",
			"turn_end",
			"turn_start",
			"context:suat",
			"message_end:assistant:error",
			"turn_end",
			"agent_end:willContinue",
			"auto_retry_start:1/3",
			"agent_start",
			"turn_start",
			// The failed reply is not in the context of the retry.
			"context:suat",
			"message_end:assistant:stop",
			"auto_retry_end:true:1",
			"turn_end",
			"agent_end",
			// pi 1.6: once, after the retried run, with the agent idle.
			"agent_settled:done:idle=true",
		]);
	});

	it("a non-transient error ends the run without a retry", async () => {
		const log = probe();
		const harness = await startRuntime({ files: { "observer.ts": OBSERVER }, script: [{ error: "Invalid API key" }], retry: { baseDelayMs: 1 } });
		await harness.runtime.submit("go");
		expect(log.filter((line) => String(line).startsWith("auto_retry") || String(line).startsWith("agent_"))).toEqual([
			"agent_start",
			"agent_end",
			"agent_settled:done:idle=true",
		]);
	});

	it("agent_settled says when the run was aborted; the agent is idle in its handlers", async () => {
		const log = probe();
		const ext = `export default function (pi) {
			pi.registerTool({ name: "stop", description: "aborts", parameters: { type: "object", properties: {} },
				execute: async (_id, _p, _s, _u, ctx) => { ctx.abort(); return { content: [{ type: "text", text: "stopping" }] }; } });
			pi.on("agent_settled", (event, ctx) => { ${PROBE_EXPR}.push("settled aborted=" + event.aborted + " idle=" + ctx.isIdle()); });
		}`;
		const harness = await startRuntime({
			files: { "ext.ts": ext },
			script: [{ text: "hello" }, { toolCalls: [{ name: "stop", arguments: {} }] }, { text: "never" }],
		});
		await harness.runtime.submit("one");
		await harness.runtime.submit("two");
		expect(harness.errors()).toEqual([]);
		expect(log).toEqual(["settled aborted=false idle=true", "settled aborted=true idle=true"]);
	});
});

describe("while a retry waits", () => {
	it("the session is not idle, a prompt steers the retried run, and waitForIdle waits for the retried reply", async () => {
		const log = probe();
		const ext = `export default function (pi) {
			pi.on("auto_retry_start", (_e, ctx) => {
				${PROBE_EXPR}.push("idle during wait " + ctx.isIdle());
				pi.sendUserMessage("also this");
			});
			pi.on("context", (e) => { ${PROBE_EXPR}.push("context " + e.messages.filter((m) => m.role === "user").length + " user"); });
			pi.on("message_end", (e) => { if (e.message.role === "assistant") ${PROBE_EXPR}.push("reply " + e.message.stopReason); });
			pi.registerCommand("go", { handler: async (_a, ctx) => {
				pi.sendUserMessage("go");
				await ctx.waitForIdle();
				${PROBE_EXPR}.push("after waitForIdle " + ctx.isIdle());
			} });
		}`;
		const harness = await startRuntime({
			files: { "w.ts": ext },
			script: [{ error: "503 Service Unavailable" }, { text: "Done." }],
			retry: { baseDelayMs: 5 },
		});
		await harness.runtime.submit("/go");
		expect(log).toEqual(["context 1 user", "reply error", "idle during wait false", "context 2 user", "reply stop", "after waitForIdle true"]);
	});
});
