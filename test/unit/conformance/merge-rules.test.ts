/**
 * Conformance: the merge column of reference section 5, one row per event, driven through
 * `ExtensionRunner.dispatch` with fake extensions (extensions in load order, handlers in
 * registration order).
 */
import { describe, expect, it } from "vitest";
import type { ExtensionEventName } from "../../../src/api/types.ts";
import { MERGE_RULES } from "../../../src/runtime/extensions/merge-rules.ts";
import { newPromptOptions, renderPromptParts } from "../../../src/runtime/extensions/system-prompt.ts";
import { type AnyHandler, deferred, fakeRunner, NOTIFY_EVENTS, REFERENCE_EVENTS } from "./support.ts";

const text = (t: string) => ({ type: "text" as const, text: t });

/** Handlers that log their name and what they saw, then return `result(event)`. */
function recorder() {
	const log: { name: string; event: any }[] = [];
	const handler =
		(name: string, result: (event: any) => unknown = () => undefined): AnyHandler =>
		(event) => {
			log.push({ name, event: structuredClone({ ...event, signal: undefined }) });
			return result(event);
		};
	return { log, handler, names: () => log.map((entry) => entry.name) };
}

/** The non-notify rows: each checks the reference's rule for that event. */
const RULES: Partial<Record<ExtensionEventName, () => Promise<void>>> = {};
// session_before_fork is upstream pi 1.6's (SessionBeforeForkEvent), with the same rule.
const sessionBefore = ["session_before_switch", "session_before_branch", "session_before_compact", "session_before_tree", "session_before_fork"] as const;

describe("notify events: results ignored, every handler called in order with the same payload", () => {
	it.each(NOTIFY_EVENTS)("%s", async (type) => {
		const { log, handler, names } = recorder();
		// Results that would mean something under any other rule.
		const loud = () => ({ cancel: true, block: true, handled: true, decision: "block", messages: [], content: [], result: { output: "x" } });
		const { dispatch, errors } = fakeRunner(type, [[handler("a1", loud), handler("a2", loud)], [handler("b1", loud)]]);
		const payload = { marker: "payload-field", turnIndex: 3 } as never;
		const outcome = await dispatch(type, payload);
		expect(outcome).toBeUndefined();
		expect(names()).toEqual(["a1", "a2", "b1"]);
		for (const { event } of log) expect(event).toEqual({ type, marker: "payload-field", turnIndex: 3, signal: undefined });
		expect(errors).toEqual([]);
	});
});

// session_before_*: the first cancel short-circuits, else the last result.
for (const type of sessionBefore) {
	RULES[type] = async () => {
		const r = recorder();
		const cancelling = fakeRunner(type, [
			[r.handler("a", () => ({ skipConversationRestore: true }))],
			[r.handler("b", () => ({ cancel: true })), r.handler("c", () => ({ cancel: false }))],
		]);
		expect(await cancelling.dispatch(type, {} as never)).toEqual({ cancel: true });
		expect(r.names()).toEqual(["a", "b"]);

		const last = fakeRunner(type, [
			[() => ({ cancel: false, first: 1 }), () => undefined],
			[() => ({ cancel: false, last: 2 }), () => undefined],
		]);
		expect(await last.dispatch(type, {} as never)).toEqual({ cancel: false, last: 2 });
	};
}

RULES["session.compacting"] = async () => {
	const { dispatch } = fakeRunner("session.compacting", [
		[() => ({ context: ["kept"] }), () => ({ context: [] }), () => ({})],
		[() => ({ prompt: undefined }), () => undefined],
	]);
	expect(await dispatch("session.compacting", { sessionId: "s", messages: [] })).toEqual({ context: ["kept"] });
	const later = fakeRunner("session.compacting", [[() => ({ context: ["first"] })], [() => ({ prompt: "second" })]]);
	expect(await later.dispatch("session.compacting", { sessionId: "s", messages: [] })).toEqual({ prompt: "second" });
};

RULES.input = async () => {
	const r = recorder();
	const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
	const { dispatch } = fakeRunner("input", [
		[r.handler("a", (e) => ({ text: `${e.text} +a` })), r.handler("b", () => ({ images: [image] }))],
		[r.handler("c", () => ({ handled: true })), r.handler("d", () => ({ text: "never" }))],
	]);
	const outcome = await dispatch("input", { text: "hi", source: "interactive" });
	expect(outcome).toEqual({ text: "hi +a", images: [image], handled: true });
	expect(r.log.map(({ name, event }) => [name, event.text, event.images?.length ?? 0, event.source])).toEqual([
		["a", "hi", 0, "interactive"],
		["b", "hi +a", 0, "interactive"],
		["c", "hi +a", 1, "interactive"],
	]);
};

RULES.before_agent_start = async () => {
	const r = recorder();
	const { dispatch } = fakeRunner("before_agent_start", [
		[r.handler("a", (e) => ({ systemPrompt: [...e.systemPrompt, "A"], message: { customType: "a", content: "from a" } }))],
		[r.handler("b", () => ({ message: "from b" })), r.handler("c", (e) => ({ systemPrompt: [...e.systemPrompt, "C"] }))],
	]);
	const options = newPromptOptions([], "/w");
	const outcome = await dispatch("before_agent_start", { prompt: "p", systemPrompt: ["base"], systemPromptOptions: options });
	expect(outcome).toEqual({ parts: ["base", "A", "C"], options, messages: [{ customType: "a", content: "from a" }, "from b"] });
	expect(r.log.map(({ name, event }) => [name, event.systemPrompt, event.prompt, event.systemPromptOptions])).toEqual([
		["a", ["base"], "p", undefined],
		["b", ["base", "A"], "p", undefined],
		["c", ["base", "A"], "p", undefined],
	]);
};

// pi's dialect: one string (the parts and the options rendered), options edited in place, a string result forces.
const piDialectAgentStart = async () => {
	const r = recorder();
	const { runner, dispatch } = fakeRunner("before_agent_start", [
		[r.handler("a", (e) => void (e.systemPromptOptions.sections.extra = "E"))],
		[r.handler("b", (e) => ({ systemPrompt: `${e.systemPrompt}!` }))],
		[r.handler("c", (e) => ({ systemPrompt: [...e.systemPrompt, "C"] }))],
	]);
	runner.extensions[0].dialect = "pi";
	runner.extensions[1].dialect = "pi";
	const outcome = await dispatch("before_agent_start", {
		prompt: "p",
		systemPrompt: ["base"],
		messageType: "user",
		systemPromptOptions: newPromptOptions([], "/w"),
	});
	expect(r.log.map(({ name, event }) => [name, event.systemPrompt, event.messageType])).toEqual([
		["a", "base", "user"],
		["b", "base\n\n<extra>\nE\n</extra>", "user"],
		["c", ["base\n\n<extra>\nE\n</extra>!"], undefined],
	]);
	expect(renderPromptParts(outcome)).toEqual(["base\n\n<extra>\nE\n</extra>!\n\nC"]);
};

RULES.context_with_system = async () => {
	const r = recorder();
	const m = (role: "system" | "user", t: string) => ({ role, content: t, timestamp: 0 });
	const { dispatch } = fakeRunner("context_with_system", [
		[r.handler("a", (e) => ({ messages: [...e.messages, m("user", "two")] }))],
		[r.handler("b"), r.handler("c", (e) => ({ messages: e.messages.slice(1) }))],
	]);
	const outcome = await dispatch("context_with_system", { messages: [m("system", "prompt"), m("user", "one")] });
	expect(outcome.map((x) => (x as { content: string }).content)).toEqual(["one", "two"]);
	expect(r.log.map(({ name, event }) => [name, event.messages.length])).toEqual([
		["a", 2],
		["b", 3],
		["c", 3],
	]);
};

// In-place mutation: each handler sees the edits before it; what it returns is ignored.
RULES.before_provider_headers = async () => {
	const r = recorder();
	const { dispatch } = fakeRunner("before_provider_headers", [
		[
			r.handler("a", (e) => {
				e.headers["x-a"] = "1";
				return { headers: { ignored: "yes" } };
			}),
		],
		[
			r.handler("b", (e) => {
				e.headers["x-b"] = e.headers["x-a"];
				e.headers["x-a"] = null;
			}),
		],
	]);
	const outcome = await dispatch("before_provider_headers", { headers: {} });
	expect(outcome).toEqual({ "x-a": null, "x-b": "1" });
	expect(r.log.map(({ name, event }) => [name, event.headers])).toEqual([
		["a", {}],
		["b", { "x-a": "1" }],
	]);
};

// A boundary: each handler sees the proposal so far; `entries` and `continue` are replaced field by field.
RULES.agent_before_settle = async () => {
	const r = recorder();
	const draft = (customType: string) => ({ type: "custom" as const, customType });
	const { dispatch } = fakeRunner("agent_before_settle", [
		[r.handler("a", (e) => ({ entries: [...e.entries, draft("a")], continue: true }))],
		[r.handler("b", (e) => ({ entries: [...e.entries, draft("b")] })), r.handler("c", () => ({ continue: false })), r.handler("d")],
	]);
	const outcome = await dispatch("agent_before_settle", { entries: [], continue: false, outcome: "completed", context: { messages: [] } });
	expect(outcome).toEqual({ entries: [draft("a"), draft("b")], continue: false });
	expect(r.log.map(({ name, event }) => [name, event.entries.length, event.continue])).toEqual([
		["a", 0, false],
		["b", 1, true],
		["c", 2, true],
		["d", 2, false],
	]);
};

// The first yes or no decides; undecided passes on.
RULES.project_trust = async () => {
	const r = recorder();
	const { dispatch } = fakeRunner("project_trust", [
		[r.handler("a", () => ({ trusted: "undecided" }))],
		[r.handler("b", () => ({ trusted: "no", remember: true })), r.handler("c", () => ({ trusted: "yes" }))],
	]);
	expect(await dispatch("project_trust", { cwd: "/w" })).toEqual({ trusted: "no", remember: true });
	expect(r.names()).toEqual(["a", "b"]);
};

RULES.context = async () => {
	const r = recorder();
	const m = (t: string) => ({ role: "user" as const, content: t, timestamp: 0 });
	const { dispatch } = fakeRunner("context", [
		[r.handler("a", () => ({ messages: [m("one")] })), r.handler("b")],
		[r.handler("c", (e) => ({ messages: [...e.messages, m("two")] }))],
	]);
	const outcome = await dispatch("context", { messages: [m("original")] });
	expect(outcome).toEqual([m("one"), m("two")]);
	expect(r.log.map(({ name, event }) => [name, event.messages.map((x: { content: string }) => x.content)])).toEqual([
		["a", ["original"]],
		["b", ["one"]],
		["c", ["one"]],
	]);
};

RULES.before_provider_request = async () => {
	const r = recorder();
	const { dispatch } = fakeRunner("before_provider_request", [[r.handler("a", () => ({ replaced: 1 })), r.handler("b")], [r.handler("c", () => 0)]]);
	expect(await dispatch("before_provider_request", { payload: { original: true } })).toBe(0);
	expect(r.log.map(({ event }) => event.payload)).toEqual([{ original: true }, { replaced: 1 }, { replaced: 1 }]);
	const untouched = fakeRunner("before_provider_request", [[() => undefined]]);
	expect(await untouched.dispatch("before_provider_request", { payload: { original: true } })).toEqual({ original: true });
};

RULES.assistant_message = async () => {
	const r = recorder();
	const { dispatch } = fakeRunner("assistant_message", [
		[r.handler("a", (e) => ({ content: [text(`${e.message.content[0].text}!`)] }))],
		[r.handler("b"), r.handler("c", (e) => ({ content: [text(`${e.message.content[0].text}?`)] }))],
	]);
	const message = { role: "assistant", content: [text("hi")] } as never;
	expect(await dispatch("assistant_message", { message })).toEqual([text("hi!?")]);
	expect(r.log.map(({ event }) => event.message.content[0].text)).toEqual(["hi", "hi!", "hi!"]);
};

RULES.tool_call = async () => {
	const payload = { toolCallId: "call_1", toolName: "greet", input: { name: "Ada" } };
	// input last-wins, every handler sees the ORIGINAL input; context accumulated without white-space-equal repeats.
	const r = recorder();
	const chain = fakeRunner("tool_call", [
		[r.handler("a", () => ({ input: { name: "Grace" }, additionalContext: "note" }))],
		[r.handler("b", () => ({ additionalContext: "  note\n" })), r.handler("c", () => ({ input: { name: "Hopper" }, additionalContext: "other" }))],
	]);
	expect(await chain.dispatch("tool_call", payload)).toEqual({ block: false, input: { name: "Hopper" }, additionalContext: ["note", "other"] });
	expect(r.log.map(({ event }) => event.input)).toEqual([{ name: "Ada" }, { name: "Ada" }, { name: "Ada" }]);
	expect(r.log[0].event).toMatchObject({ type: "tool_call", toolCallId: "call_1", toolName: "greet" });

	// The first block short-circuits.
	const b = recorder();
	const blocking = fakeRunner("tool_call", [
		[b.handler("a", () => ({ additionalContext: "ctx" })), b.handler("b", () => ({ block: true, reason: "no" }))],
		[b.handler("c")],
	]);
	expect(await blocking.dispatch("tool_call", payload)).toMatchObject({ block: true, reason: "no", additionalContext: ["ctx"] });
	expect(b.names()).toEqual(["a", "b"]);

	// A throwing handler blocks (fail-closed), is reported, and stops the dispatch.
	const t = recorder();
	const failing = fakeRunner("tool_call", [
		[t.handler("a", () => ({ input: { name: "x" } })), () => Promise.reject(new Error("policy unreadable"))],
		[t.handler("c")],
	]);
	const outcome = await failing.dispatch("tool_call", payload);
	expect(outcome.block).toBe(true);
	expect(outcome.reason).toContain("policy unreadable");
	expect(t.names()).toEqual(["a"]);
	expect(failing.errors).toEqual([
		expect.objectContaining({ phase: "handler", where: "tool_call", message: "policy unreadable", url: "http://extensions.test/ext0.ts" }),
	]);
};

RULES.tool_result = async () => {
	const r = recorder();
	const { dispatch } = fakeRunner("tool_result", [
		[r.handler("a", (e) => ({ content: [text(`[a] ${e.content[0].text}`)] })), r.handler("b", () => ({ details: { by: "b" } }))],
		[r.handler("c", () => ({ isError: true })), r.handler("d")],
	]);
	const outcome = await dispatch("tool_result", {
		toolCallId: "c1",
		toolName: "greet",
		input: { name: "Ada" },
		content: [text("hi")],
		details: { by: "tool" },
		isError: false,
	});
	expect(outcome).toEqual({ content: [text("[a] hi")], details: { by: "b" }, isError: true, additionalContext: [] });
	expect(r.log.map(({ name, event }) => [name, event.content[0].text, event.details, event.isError, event.input])).toEqual([
		["a", "hi", { by: "tool" }, false, { name: "Ada" }],
		["b", "[a] hi", { by: "tool" }, false, { name: "Ada" }],
		["c", "[a] hi", { by: "b" }, false, { name: "Ada" }],
		["d", "[a] hi", { by: "b" }, true, { name: "Ada" }],
	]);
};

for (const type of ["user_bash", "user_python"] as const) {
	RULES[type] = async () => {
		const r = recorder();
		const result = { output: "from c", exitCode: 0 };
		const { dispatch } = fakeRunner(type, [
			[r.handler("a"), r.handler("b", () => ({ result: undefined }))],
			[r.handler("c", () => ({ result })), r.handler("d", () => ({ result: { output: "d" } }))],
		]);
		const payload = type === "user_bash" ? { command: "ls", excludeFromContext: false, cwd: "/w" } : { code: "1", excludeFromContext: false, cwd: "/w" };
		expect(await dispatch(type, payload as never)).toEqual({ result });
		expect(r.names()).toEqual(["a", "b", "c"]);
	};
}

RULES.session_stop = async () => {
	const r = recorder();
	const blocked = fakeRunner("session_stop", [
		[r.handler("a", () => ({ continue: true, additionalContext: "more" }))],
		[r.handler("b", () => ({ decision: "block", reason: "stop" })), r.handler("c")],
	]);
	const payload = { messages: [], turn_id: "t", session_id: "s", stop_hook_active: false, signal: new AbortController().signal };
	expect(await blocked.dispatch("session_stop", payload)).toEqual({ decision: "block", reason: "stop" });
	expect(r.names()).toEqual(["a", "b"]);
	const kept = fakeRunner("session_stop", [
		[() => ({ continue: false })],
		[() => ({ continue: true, additionalContext: "first" }), () => ({ continue: true, additionalContext: "second" })],
	]);
	expect(await kept.dispatch("session_stop", payload)).toEqual({ continue: true, additionalContext: "first" });
};

RULES.before_subagent_spawn = async () => {
	const payload = { agent: {}, invocationKind: "task" as const, patterns: [] };
	const r = recorder();
	const blocked = fakeRunner("before_subagent_spawn", [
		[r.handler("a", () => ({ model: "a" })), r.handler("b", () => ({ block: true, reason: "no" }))],
		[r.handler("c", () => ({ model: "c" }))],
	]);
	expect(await blocked.dispatch("before_subagent_spawn", payload)).toMatchObject({ block: true, reason: "no" });
	expect(r.names()).toEqual(["a", "b"]);
	const models = fakeRunner("before_subagent_spawn", [
		[() => ({ model: "a" }), () => ({ note: "no model" })],
		[() => ({ model: ["b", "c"] }), () => undefined],
	]);
	const outcome = await models.dispatch("before_subagent_spawn", payload);
	expect(outcome?.model).toEqual(["b", "c"]);
	expect(outcome?.block).toBeFalsy();
};

RULES.cache_warming_decision = async () => {
	const payload = { warmCost: 1, missCost: 2, continuationProbability: 0.5, action: "stop" as const };
	const { dispatch } = fakeRunner("cache_warming_decision", [
		[() => ({ action: "stop" }), () => ({ action: "warm" })],
		[() => ({}), () => undefined],
	]);
	expect((await dispatch("cache_warming_decision", payload))?.action).toBe("warm");
};

RULES.resources_discover = async () => {
	const { dispatch } = fakeRunner("resources_discover", [
		[() => ({ skillPaths: ["s1"] }), () => ({ promptPaths: ["p1"], skillPaths: ["s2"] })],
		[() => undefined, () => ({ themePaths: ["t1"] })],
	]);
	expect(await dispatch("resources_discover", { cwd: "/w", reason: "startup" })).toEqual({ skillPaths: ["s1", "s2"], promptPaths: ["p1"], themePaths: ["t1"] });
};

RULES.session_shutdown = async () => {
	// a1 waits for something b1 does: one after another this could never finish in time.
	const log: string[] = [];
	const b1Ran = deferred();
	const { dispatch, errors } = fakeRunner("session_shutdown", [
		[
			async () => {
				log.push("a1 start");
				await b1Ran.promise;
				log.push("a1 end");
			},
		],
		[
			() => {
				log.push("b1");
				b1Ran.resolve();
			},
		],
	]);
	await dispatch("session_shutdown", {});
	expect(log).toEqual(["a1 start", "b1", "a1 end"]);
	expect(errors).toEqual([]);
};

describe("rules with results (reference section 5 merge column)", () => {
	it.each(Object.keys(RULES))("%s", async (type) => {
		await RULES[type as ExtensionEventName]!();
	});
});

describe("the table", () => {
	it("covers every event of the reference's section 5", () => {
		expect(REFERENCE_EVENTS.filter((type) => !(type in MERGE_RULES))).toEqual([]);
	});

	it("before_agent_start in pi's dialect: one string, options edited in place, a string result replaces the prompt", piDialectAgentStart);

	it("every event in MERGE_RULES has a conformance row here (notify or a rule test)", () => {
		const tested = new Set<string>([...NOTIFY_EVENTS, ...Object.keys(RULES)]);
		expect(Object.keys(MERGE_RULES).filter((type) => !tested.has(type))).toEqual([]);
	});

	it("session_shutdown is the only parallel rule, with a 2 s budget", () => {
		const parallel = Object.entries(MERGE_RULES).filter(([, rule]) => (rule as { parallel?: boolean }).parallel);
		expect(parallel.map(([type, rule]) => [type, (rule as { timeoutMs?: number }).timeoutMs])).toEqual([["session_shutdown", 2000]]);
	});

	it("extensions that did not load get no events", async () => {
		const { runner, dispatch } = fakeRunner("agent_start", [[() => expect.unreachable()], [() => undefined]]);
		runner.extensions[0].loaded = false;
		const r = recorder();
		runner.extensions[1].handlers.set("agent_start", [r.handler("b")]);
		await dispatch("agent_start", {});
		expect(r.names()).toEqual(["b"]);
	});
});
