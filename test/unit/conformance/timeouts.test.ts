/**
 * Conformance: handler time budgets (30 s, tool_call fail-closed, paused while a ctx.ui dialog waits,
 * session_shutdown 2 s each in parallel), the per-handler abort signal, and managed timers.
 * Time is vitest's fake clock throughout; nothing here waits for real.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { darkTheme } from "../../../src/modules/coding-agent/theme.ts";
import { createUIContext } from "../../../src/runtime/extensions/ui/ui-client.ts";
import type { UIResponse } from "../../../src/protocol/runtime.ts";
import { PROBE_EXPR, probe, startRuntime, toolResults } from "../../support/runtime-harness.ts";
import { deferred, fakeRunner } from "./support.ts";

const never = () => new Promise<never>(() => {});

/** Tracks whether a promise has settled yet. */
function watch<T>(promise: Promise<T>) {
	const state = { settled: false, value: undefined as T | undefined };
	promise.then((value) => Object.assign(state, { settled: true, value }));
	return state;
}

afterEach(() => {
	vi.useRealTimers();
});

describe("30 s per handler", () => {
	it("a handler that never settles is abandoned at 30 s and reported; the next handler still runs", async () => {
		vi.useFakeTimers();
		const log: string[] = [];
		const { dispatch, errors } = fakeRunner("agent_start", [[never], [() => void log.push("second ran")]]);
		const state = watch(dispatch("agent_start", {}));
		await vi.advanceTimersByTimeAsync(29_999);
		expect(state.settled).toBe(false);
		expect(log).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(state.settled).toBe(true);
		expect(log).toEqual(["second ran"]);
		expect(errors).toEqual([expect.objectContaining({ phase: "handler", where: "agent_start", url: "http://extensions.test/ext0.ts" })]);
		expect(errors[0].message).toMatch(/agent_start.*30 s/);
	});

	it("the handler's abort signal fires when its budget runs out, not before", async () => {
		vi.useFakeTimers();
		const aborted: unknown[] = [];
		const { dispatch, calls } = fakeRunner("turn_start", [[never]]);
		const state = watch(dispatch("turn_start", { turnIndex: 0, timestamp: 0 }));
		await vi.advanceTimersByTimeAsync(0);
		const { signal } = calls[0];
		signal.addEventListener("abort", () => aborted.push(signal.reason));
		await vi.advanceTimersByTimeAsync(29_000);
		expect(signal.aborted).toBe(false);
		await vi.advanceTimersByTimeAsync(1_000);
		expect(signal.aborted).toBe(true);
		expect(aborted).toHaveLength(1);
		expect(state.settled).toBe(true);
	});

	it("each handler gets its own signal; one that finishes in time is never aborted", async () => {
		vi.useFakeTimers();
		const { dispatch, calls } = fakeRunner("turn_end", [[() => undefined], [never]]);
		const done = dispatch("turn_end", { turnIndex: 0, message: {} as never, toolResults: [] });
		await vi.advanceTimersByTimeAsync(30_000);
		await done;
		expect(calls).toHaveLength(2);
		expect(calls[0].signal).not.toBe(calls[1].signal);
		expect(calls.map((call) => call.signal.aborted)).toEqual([false, true]);
	});

	it("tool_call: a stuck handler blocks the call (fail-closed) and later handlers are not asked", async () => {
		vi.useFakeTimers();
		const later = vi.fn();
		const { dispatch, errors } = fakeRunner("tool_call", [[() => ({ additionalContext: "seen" }), never], [later]]);
		const state = watch(dispatch("tool_call", { toolCallId: "c1", toolName: "greet", input: {} }));
		await vi.advanceTimersByTimeAsync(30_000);
		expect(state.settled).toBe(true);
		expect(state.value).toMatchObject({ block: true, reason: expect.stringContaining("30 s") });
		expect(later).not.toHaveBeenCalled();
		expect(errors).toHaveLength(1);
	});

	it("in a run, a stuck tool_call handler turns into a blocked-call error the model sees; the tool never runs", async () => {
		const log = probe();
		const { runtime, entries, errors } = await startRuntime({
			files: {
				"tool.ts": `export default function (pi) {
					pi.registerTool({ name: "greet", description: "", parameters: { type: "object", properties: {} },
						execute: async () => { ${PROBE_EXPR}.push("executed"); return { content: [{ type: "text", text: "hi" }] }; } });
				}`,
				"stuck.ts": `export default function (pi) { pi.on("tool_call", () => new Promise(() => {})); }`,
			},
			script: [{ toolCalls: [{ name: "greet", arguments: {} }] }, { text: "done" }],
		});
		vi.useFakeTimers();
		const run = watch(runtime.submit("go"));
		await vi.advanceTimersByTimeAsync(30_000);
		expect(run.settled).toBe(true);
		const [result] = toolResults(entries());
		expect(result).toMatchObject({ toolName: "greet", isError: true });
		expect(result.text).toMatch(/stuck.*tool_call.*30 s/);
		expect(log).toEqual([]);
		expect(errors()).toEqual([expect.objectContaining({ where: "tool_call", url: expect.stringMatching(/stuck\.ts$/) })]);
	});
});

describe("the budget is paused while a ctx.ui dialog waits", () => {
	it("a handler waiting on a dialog is not timed out while it is open, and the clock resumes after", async () => {
		vi.useFakeTimers();
		const answer = deferred<UIResponse>();
		const requests: string[] = [];
		const host = {
			emit: () => {},
			requestUI: async (id: string) => {
				requests.push(id);
				return answer.promise;
			},
			cancelUI: () => {},
		};
		const state = { host, editorText: "", nextDialogId: 1, theme: darkTheme, toolsExpanded: false, components: new Map() };
		const log: unknown[] = [];
		const handler = async (_event: unknown, ctx: { ui: ReturnType<typeof createUIContext> }) => {
			await new Promise((resolve) => setTimeout(resolve, 10_000)); // 10 s of the extension's own time
			log.push({ confirmed: await ctx.ui.confirm("Proceed?", "really?") });
			await never();
		};
		const { dispatch, calls, errors } = fakeRunner("agent_start", [[handler]], ({ extension, signal, budget }) => ({
			ui: createUIContext(state, { extension: extension.name, notice: () => {}, signal, budget }),
		}));
		const run = watch(dispatch("agent_start", {}));

		await vi.advanceTimersByTimeAsync(10_000);
		expect(requests).toHaveLength(1);
		// The user thinks for two minutes: not the extension's time.
		await vi.advanceTimersByTimeAsync(120_000);
		expect(run.settled).toBe(false);
		expect(calls[0].signal.aborted).toBe(false);

		answer.resolve({ confirmed: true });
		await vi.advanceTimersByTimeAsync(0);
		expect(log).toEqual([{ confirmed: true }]);
		// 10 s were used before the dialog: 20 s remain.
		await vi.advanceTimersByTimeAsync(19_999);
		expect(run.settled).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(run.settled).toBe(true);
		expect(calls[0].signal.aborted).toBe(true);
		expect(errors).toHaveLength(1);
	});
});

describe("session_shutdown: 2 s each, all handlers at once", () => {
	it("stuck handlers are abandoned after 2 s together, not one after another; the others run", async () => {
		vi.useFakeTimers();
		const ran: string[] = [];
		const { dispatch, errors, calls } = fakeRunner("session_shutdown", [[never, () => void ran.push("a2")], [never], [async () => void ran.push("c1")]]);
		const run = watch(dispatch("session_shutdown", {}));
		await vi.advanceTimersByTimeAsync(0);
		// All four started before any budget ran out.
		expect(calls).toHaveLength(4);
		expect(ran.sort()).toEqual(["a2", "c1"]);
		await vi.advanceTimersByTimeAsync(1_999);
		expect(run.settled).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(run.settled).toBe(true);
		expect(errors.map((e) => [e.where, e.url])).toEqual([
			["session_shutdown", "http://extensions.test/ext0.ts"],
			["session_shutdown", "http://extensions.test/ext1.ts"],
		]);
		expect(errors.every((e) => /2 s/.test(e.message))).toBe(true);
	});

	it("runtime.shutdown() is not held up by a stuck session_shutdown handler beyond its 2 s", async () => {
		const { runtime, errors } = await startRuntime({
			files: { "stuck.ts": `export default function (pi) { pi.on("session_shutdown", () => new Promise(() => {})); }` },
		});
		vi.useFakeTimers();
		const done = watch(runtime.shutdown());
		await vi.advanceTimersByTimeAsync(2_000);
		expect(done.settled).toBe(true);
		expect(errors()).toEqual([expect.objectContaining({ where: "session_shutdown" })]);
	});
});

describe("managed timers", () => {
	const TIMERS = `export default function (pi) {
		pi.registerCommand("arm", { handler: async (_args, ctx) => {
			ctx.setTimeout(() => { throw new Error("timeout threw"); }, 1000);
			ctx.setTimeout(async () => { throw new Error("async timeout rejected"); }, 1500);
			let ticks = 0;
			ctx.setInterval(() => { ticks++; ${PROBE_EXPR}.push("tick " + ticks); if (ticks === 1) throw new Error("tick threw"); }, 500);
			const cancelled = ctx.setTimeout(() => ${PROBE_EXPR}.push("cleared timer ran"), 100);
			ctx.clearTimer(cancelled);
			ctx.setTimeout((a, b) => ${PROBE_EXPR}.push("args " + a + b), 200, "x", "y");
			ctx.setTimeout(() => ${PROBE_EXPR}.push("late"), 60000);
		} });
	}`;

	it("throws are contained and reported as the extension's errors; the timers keep running", async () => {
		const log = probe();
		const { runtime, errors, extensions } = await startRuntime({ files: { "timers.ts": TIMERS } });
		vi.useFakeTimers();
		await runtime.submit("/arm");
		await vi.advanceTimersByTimeAsync(2_000);
		expect(log).toEqual(["args xy", "tick 1", "tick 2", "tick 3", "tick 4"]);
		expect(errors().map((e) => [e.message, e.phase, e.url.endsWith("timers.ts")])).toEqual([
			["tick threw", "handler", true],
			["timeout threw", "handler", true],
			["async timeout rejected", "handler", true],
		]);
		expect(extensions()[0].loaded).toBe(true);
		await runtime.shutdown();
	});

	it("runtime.shutdown() clears every pending and repeating timer", async () => {
		const log = probe();
		const { runtime } = await startRuntime({ files: { "timers.ts": TIMERS } });
		vi.useFakeTimers();
		await runtime.submit("/arm");
		await vi.advanceTimersByTimeAsync(600);
		expect(log).toEqual(["args xy", "tick 1"]);
		await runtime.shutdown();
		await vi.advanceTimersByTimeAsync(120_000);
		expect(log).toEqual(["args xy", "tick 1"]);
		expect(vi.getTimerCount()).toBe(0);
	});
});
