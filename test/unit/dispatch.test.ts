import { describe, expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime, toolResults, transcript } from "../support/runtime-harness.ts";

const LOG = PROBE_EXPR;

/** `greet({ name })`: records the arguments it ran with, answers `hi <name>`. */
const GREET_TOOL = `
export default function (pi) {
	pi.registerTool({
		name: "greet",
		description: "greet someone",
		parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
		execute: async (_id, params) => {
			${LOG}.push({ executed: params });
			return { content: [{ type: "text", text: "hi " + params.name }] };
		},
	});
}`;

/** An extension whose factory body is `body` (with `pi` in scope). */
const ext = (body: string) => `export default function (pi) {\n${body}\n}`;

const greetScript = (args: Record<string, unknown>) => [{ toolCalls: [{ name: "greet", arguments: args }] }, { text: "done" }];

describe("input: chain", () => {
	it("each handler sees the text as transformed by the previous one; the model gets the last", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"a.ts": ext(`pi.on("input", (e) => { ${LOG}.push("a saw " + e.text); return { text: e.text + " +a" }; });`),
				"b.ts": ext(`
					pi.on("input", (e) => { ${LOG}.push("b1 saw " + e.text); return undefined; });
					pi.on("input", (e) => { ${LOG}.push("b2 saw " + e.text); return { text: e.text + " +b" }; });
					pi.on("before_agent_start", (e) => { ${LOG}.push("prompt " + e.prompt); });`),
			},
			script: [{ text: "ok" }],
		});
		await runtime.submit("hello");
		expect(log).toEqual(["a saw hello", "b1 saw hello +a", "b2 saw hello +a", "prompt hello +a +b"]);
		expect(transcript(entries())).toEqual(["user: hello +a +b", "assistant: ok"]);
	});

	it("handled: true stops later handlers and no model call happens", async () => {
		const log = probe();
		const { runtime, entries, events } = await startRuntime({
			files: {
				"a.ts": ext(`pi.on("input", (e) => { ${LOG}.push("a"); return { handled: true }; });`),
				"b.ts": ext(`
					pi.on("input", () => { ${LOG}.push("b input"); });
					pi.on("agent_start", () => { ${LOG}.push("b agent_start"); });`),
			},
			script: [{ text: "should not be said" }],
		});
		await runtime.submit("hello");
		expect(log).toEqual(["a"]);
		expect(entries()).toEqual([]);
		expect(events.some((e) => e.type === "run_state" || e.type === "streaming")).toBe(false);
	});
});

describe("before_agent_start", () => {
	it("systemPrompt is chained: each handler sees the current one and the session uses the last", async () => {
		const log = probe();
		const { runtime } = await startRuntime({
			files: {
				"a.ts": ext(`pi.on("before_agent_start", (e) => ({ systemPrompt: [...e.systemPrompt, "A rules"] }));`),
				"b.ts": ext(`
					pi.on("before_agent_start", (e) => { ${LOG}.push({ bSaw: e.systemPrompt.slice(1) }); return { systemPrompt: [e.systemPrompt.at(-1), "B rules"] }; });
					pi.on("before_agent_start", (e) => { ${LOG}.push({ b2Saw: e.systemPrompt }); });
					pi.on("agent_start", (_e, ctx) => { ${LOG}.push({ used: ctx.getSystemPrompt() }); });`),
			},
			script: [{ text: "ok" }],
		});
		await runtime.submit("go");
		expect(log).toEqual([{ bSaw: ["A rules"] }, { b2Saw: ["A rules", "B rules"] }, { used: ["A rules", "B rules"] }]);
	});
});

describe("tool_call", () => {
	it("block with a reason: the model sees an error result with that reason and execute never runs", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"tool.ts": GREET_TOOL,
				"guard.ts": ext(
					`pi.on("tool_call", (e) => e.toolName === "greet" ? { block: true, reason: "greeting " + e.input.name + " is not allowed" } : undefined);`,
				),
				"later.ts": ext(`pi.on("tool_call", () => { ${LOG}.push("later tool_call ran"); });`),
			},
			script: greetScript({ name: "Eve" }),
		});
		await runtime.submit("greet Eve");
		expect(toolResults(entries())).toEqual([{ toolName: "greet", isError: true, text: "greeting Eve is not allowed" }]);
		expect(log).toEqual([]);
	});

	it("replacement input: execute receives the replaced arguments; every handler sees the original", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"tool.ts": GREET_TOOL,
				"a.ts": ext(`pi.on("tool_call", (e) => { ${LOG}.push({ aSaw: e.input }); return { input: { name: "Grace" } }; });`),
				"b.ts": ext(`pi.on("tool_call", (e) => { ${LOG}.push({ bSaw: e.input }); return { input: { name: "Hopper" } }; });`),
			},
			script: greetScript({ name: "Ada" }),
		});
		await runtime.submit("greet Ada");
		expect(log).toEqual([{ aSaw: { name: "Ada" } }, { bSaw: { name: "Ada" } }, { executed: { name: "Hopper" } }]);
		expect(toolResults(entries())).toEqual([{ toolName: "greet", isError: false, text: "hi Hopper" }]);
	});

	it("an invalid replacement input becomes an error result and execute never runs", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"tool.ts": GREET_TOOL,
				"bad.ts": ext(`pi.on("tool_call", () => ({ input: { nom: "typo" } }));`),
			},
			script: greetScript({ name: "Ada" }),
		});
		await runtime.submit("greet Ada");
		const [result] = toolResults(entries());
		expect(result.isError).toBe(true);
		expect(result.text).toMatch(/name/);
		expect(log).toEqual([]);
	});

	it("a handler that throws blocks the call (fail-closed) and is reported as an extension error", async () => {
		const log = probe();
		const { runtime, entries, errors } = await startRuntime({
			files: {
				"tool.ts": GREET_TOOL,
				"crashy.ts": ext(`pi.on("tool_call", () => { throw new Error("policy file unreadable"); });`),
			},
			script: greetScript({ name: "Ada" }),
		});
		await runtime.submit("greet Ada");
		const [result] = toolResults(entries());
		expect(result.isError).toBe(true);
		expect(result.text).toContain("policy file unreadable");
		expect(log).toEqual([]);
		expect(errors()).toEqual([expect.objectContaining({ phase: "handler", where: "tool_call", message: "policy file unreadable", line: 2 })]);
		expect(transcript(entries()).at(-1)).toBe("assistant: done");
	});
});

describe("tool_result: middleware", () => {
	it("each handler sees the result as patched by the previous ones; the model sees the last patch", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({
			files: {
				"tool.ts": GREET_TOOL,
				"a.ts": ext(`pi.on("tool_result", (e) => ({ content: [{ type: "text", text: "[a] " + e.content[0].text }], details: { by: "a" } }));`),
				"b.ts": ext(`pi.on("tool_result", (e) => {
					${LOG}.push({ text: e.content[0].text, details: e.details, input: e.input });
					return { content: [...e.content, { type: "text", text: " [b]" }], isError: true };
				});`),
			},
			script: greetScript({ name: "Ada" }),
		});
		await runtime.submit("greet Ada");
		expect(log).toEqual([{ executed: { name: "Ada" } }, { text: "[a] hi Ada", details: { by: "a" }, input: { name: "Ada" } }]);
		expect(toolResults(entries())).toEqual([{ toolName: "greet", isError: true, text: "[a] hi Ada [b]" }]);
	});
});

describe("order and isolation", () => {
	it("extensions run in load order, each one's handlers in registration order", async () => {
		const log = probe();
		const handlers = (name: string) =>
			ext(`
				pi.on("session_start", () => { ${LOG}.push("${name}1"); });
				pi.on("session_start", async () => { await new Promise((r) => setTimeout(r, 0)); ${LOG}.push("${name}2"); });
				pi.on("session_start", () => { ${LOG}.push("${name}3"); });`);
		await startRuntime({ files: { "a.ts": handlers("a"), "b.ts": handlers("b"), "c.ts": handlers("c") }, load: ["c.ts", "a.ts", "b.ts"] });
		expect(log).toEqual(["c1", "c2", "c3", "a1", "a2", "a3", "b1", "b2", "b3"]);
	});

	it("a handler that throws in one extension does not stop the other handlers of a notify event", async () => {
		const log = probe();
		const { runtime, entries, errors } = await startRuntime({
			files: {
				"a.ts": ext(`
					pi.on("agent_start", () => { throw new Error("a broke"); });
					pi.on("agent_start", () => { ${LOG}.push("a2"); });`),
				"b.ts": ext(`pi.on("agent_start", async () => { ${LOG}.push("b"); });`),
			},
			script: [{ text: "fine" }],
		});
		await runtime.submit("go");
		expect(log).toEqual(["a2", "b"]);
		expect(errors()).toEqual([expect.objectContaining({ url: expect.stringMatching(/a\.ts$/), phase: "handler", where: "agent_start", message: "a broke" })]);
		expect(transcript(entries())).toEqual(["user: go", "assistant: fine"]);
	});
});
