import { describe, expect, it } from "vitest";
import type { RuntimeEvent, UIRequest, UIResponse } from "../../src/protocol/runtime.ts";
import { PROBE_EXPR, probe, startRuntime } from "../support/runtime-harness.ts";

const LOG = PROBE_EXPR;

/** `/deploy <app>`: asks to confirm, then where to; says what it did through notify. */
const DEPLOY = `
export default function (pi) {
	pi.registerCommand("deploy", {
		description: "deploy an app",
		handler: async (args, ctx) => {
			const ok = await ctx.ui.confirm("Deploy?", "Deploy " + args + " now?");
			if (!ok) {
				ctx.ui.notify("deploy of " + args + " cancelled", "warning");
				return;
			}
			const target = await ctx.ui.select("Where to?", ["staging", { label: "production", description: "real users" }]);
			if (target === undefined) return ctx.ui.notify("no target", "error");
			ctx.ui.notify("deployed " + args + " to " + target, "info");
		},
	});
}`;

const notifications = (events: RuntimeEvent[]) => events.flatMap((e) => (e.type === "notify" ? [e] : []));

/** Answers confirm with `confirmed` and select with `choice`. */
const answers =
	(confirmed: boolean, choice: string) =>
	(request: UIRequest): UIResponse =>
		request.method === "confirm" ? { confirmed } : request.method === "select" ? { value: choice } : { cancelled: true };

/** An extension with one command `/try` whose handler body is `body` (`ctx` and `args` in scope). */
const command = (body: string) => `
export default function (pi) {
	pi.registerCommand("try", { handler: async (args, ctx) => {
${body}
	} });
}`;

describe("ctx.ui dialogs from a command", () => {
	it("the host's answers decide what the command does: confirmed, then a chosen target", async () => {
		const { runtime, events, requests, commands, entries } = await startRuntime({
			files: { "deploy.ts": DEPLOY },
			answer: answers(true, "production"),
		});
		expect(commands()).toEqual([{ name: "deploy", description: "deploy an app", extension: "deploy" }]);
		await runtime.submit("/deploy web");
		expect(requests).toEqual([
			{ method: "confirm", title: "Deploy?", message: "Deploy web now?" },
			{ method: "select", title: "Where to?", options: ["staging", "production"], optionDetails: [{}, { description: "real users" }] },
		]);
		expect(notifications(events)).toEqual([{ type: "notify", message: "deployed web to production", level: "info", extension: "deploy" }]);
		// A command is not a prompt: nothing reaches the model or the session.
		expect(entries()).toEqual([]);
	});

	it("a declined confirm stops the command before it asks anything else", async () => {
		const { runtime, events, requests } = await startRuntime({ files: { "deploy.ts": DEPLOY }, answer: answers(false, "staging") });
		await runtime.submit("/deploy api");
		expect(requests.map((r) => r.method)).toEqual(["confirm"]);
		expect(notifications(events).map((n) => [n.message, n.level])).toEqual([["deploy of api cancelled", "warning"]]);
	});

	it("a dialog the host cancels resolves with the no-answer value", async () => {
		const { runtime, events } = await startRuntime({
			files: { "deploy.ts": DEPLOY },
			answer: (request) => (request.method === "confirm" ? { confirmed: true } : { cancelled: true }),
		});
		await runtime.submit("/deploy web");
		expect(notifications(events).map((n) => n.message)).toEqual(["no target"]);
	});
});

describe("timeout and signal", () => {
	const neverAnswers = () => new Promise<UIResponse>(() => {});

	it("timeout: select resolves undefined, confirm false, and the host is told to close each dialog", async () => {
		const log = probe();
		const { runtime, requests, requestIds, cancelled } = await startRuntime({
			files: {
				"slow.ts": command(`
					${LOG}.push({ select: await ctx.ui.select("Pick", ["a", "b"], { timeout: 5 }) });
					${LOG}.push({ confirm: await ctx.ui.confirm("Sure?", "really", { timeout: 5 }) });`),
			},
			answer: neverAnswers,
		});
		await runtime.submit("/try");
		expect(log).toEqual([{ select: undefined }, { confirm: false }]);
		expect(requests.map((r) => [r.method, r.timeout])).toEqual([
			["select", 5],
			["confirm", 5],
		]);
		expect(requestIds).toHaveLength(2);
		expect(cancelled).toEqual(requestIds);
	});

	it("an answer that comes before the timeout wins, and nothing is cancelled", async () => {
		const log = probe();
		const { runtime, cancelled } = await startRuntime({
			files: { "quick.ts": command(`${LOG}.push(await ctx.ui.select("Pick", ["a", "b"], { timeout: 60000 }));`) },
			answer: () => ({ value: "b" }),
		});
		await runtime.submit("/try");
		expect(log).toEqual(["b"]);
		expect(cancelled).toEqual([]);
	});

	it("an already-aborted signal resolves at once without asking the host", async () => {
		const log = probe();
		const { runtime, requests } = await startRuntime({
			files: {
				"aborted.ts": command(`
					const signal = AbortSignal.abort();
					${LOG}.push(await ctx.ui.select("Pick", ["a"], { signal }));
					${LOG}.push(await ctx.ui.confirm("Sure?", "really", { signal }));
					${LOG}.push(await ctx.ui.input("Name?", "", { signal }));`),
			},
			answer: answers(true, "a"),
		});
		await runtime.submit("/try");
		expect(log).toEqual([undefined, false, undefined]);
		expect(requests).toEqual([]);
	});

	it("aborting while the dialog is open resolves it and the host is told to close that dialog", async () => {
		const log = probe();
		const { runtime, requestIds, cancelled } = await startRuntime({
			files: {
				"abort.ts": command(`
					const controller = new AbortController();
					const pending = ctx.ui.confirm("Sure?", "really", { signal: controller.signal });
					controller.abort();
					${LOG}.push(await pending);`),
			},
			answer: neverAnswers,
		});
		await runtime.submit("/try");
		expect(log).toEqual([false]);
		expect(requestIds).toHaveLength(1);
		expect(cancelled).toEqual(requestIds);
	});
});

describe("fire-and-forget", () => {
	it("notify emits a notify runtime event with the level (info by default) and the extension's name", async () => {
		const { runtime, events } = await startRuntime({
			files: {
				"loud.ts": `export default function (pi) {
					pi.setLabel("Loud one");
					pi.on("session_start", (_e, ctx) => ctx.ui.notify("ready"));
					pi.registerCommand("try", { handler: async (_args, ctx) => ctx.ui.notify("careful", "warning") });
				}`,
			},
		});
		await runtime.submit("/try");
		expect(notifications(events)).toEqual([
			{ type: "notify", message: "ready", level: "info", extension: "Loud one" },
			{ type: "notify", message: "careful", level: "warning", extension: "Loud one" },
		]);
	});
});
