/**
 * `pi.registerVirtualModel` (pi 1.6): the model is listed and resolvable through ctx.models,
 * reported in the extension's status, selectable with pi.setModel, and each request to it is
 * routed by the extension to a physical model (here the scripted one), with its state kept on the
 * session branch.
 */
import { describe, expect, it } from "vitest";
import { VIRTUAL_MODEL_API, VIRTUAL_MODEL_STATE_ENTRY } from "../../src/runtime/models/virtual-models.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../support/runtime-harness.ts";

const ROUTER = `
export default function (pi) {
	const log = ${PROBE_EXPR};
	pi.registerVirtualModel({
		provider: "router", id: "auto", name: "Auto", thinkingLevels: ["off", "high"], contextWindow: 1000,
		route(request, ctx) {
			log.push({ reason: request.reason, state: request.state, roles: request.messages.map((m) => m.role), hasCtx: typeof ctx.sessionManager.getEntries === "function" });
			const scripted = ctx.models.list().find((m) => m.provider === "scripted");
			return { model: scripted, thinkingLevel: "off", state: { turns: (request.state?.turns ?? 0) + 1 } };
		},
	});
	pi.registerCommand("use-auto", { handler: async (_a, ctx) => { log.push({ selected: await pi.setModel(ctx.models.resolve("router/auto")) }); } });
	pi.registerCommand("list", { handler: async (_a, ctx) => { log.push({ listed: ctx.models.list().map((m) => [m.provider + "/" + m.id, m.api]) }); } });
	pi.registerCommand("drop", { handler: async () => { pi.unregisterVirtualModel("router", "auto"); } });
}`;

describe("virtual models", () => {
	it("are listed, resolvable and reported in the extension's status", async () => {
		const log = probe();
		const { runtime, extensions } = await startRuntime({ files: { "router.ts": ROUTER } });
		await runtime.submit("/list");
		expect(log).toContainEqual({ listed: expect.arrayContaining([["router/auto", VIRTUAL_MODEL_API]]) });
		expect(extensions()[0].virtualModels).toEqual(["router/auto"]);
		await runtime.submit("/drop");
		expect(extensions()[0].virtualModels).toBeUndefined();
	});

	it("selected with pi.setModel, each request is routed by the extension, its state stored on the branch", async () => {
		const log = probe() as Record<string, unknown>[];
		const { runtime, events, entries } = await startRuntime({ files: { "router.ts": ROUTER }, script: [{ text: "first" }, { text: "second" }] });
		await runtime.submit("/use-auto");
		expect(log).toEqual([{ selected: true }]);
		expect(events).toContainEqual(expect.objectContaining({ type: "model_changed", choice: expect.objectContaining({ provider: "router", id: "auto" }) }));
		await runtime.submit("hello");
		await runtime.submit("again");
		expect(transcript(entries())).toEqual(["user: hello", "assistant: first", "user: again", "assistant: second"]);
		const routes = log.slice(1);
		expect(routes.map((r) => [r.reason, r.state, r.hasCtx])).toEqual([
			["user", undefined, true],
			["user", { turns: 1 }, true],
		]);
		expect((routes[0].roles as string[]).at(-1)).toBe("user");
		const stored = entries().filter((e) => e.type === "custom" && (e as { customType?: string }).customType === VIRTUAL_MODEL_STATE_ENTRY);
		expect(stored.map((e) => (e as { data?: unknown }).data)).toEqual([
			{ provider: "router", modelId: "auto", state: { turns: 1 } },
			{ provider: "router", modelId: "auto", state: { turns: 2 } },
		]);
		// The reply records the physical model that answered.
		const reply = entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "assistant") as {
			message: { provider: string };
		};
		expect(reply.message.provider).toBe("scripted");
	});

	it("a router that throws fails the request with its message", async () => {
		probe();
		const broken = `export default function (pi) {
			pi.registerVirtualModel({ provider: "router", id: "bad", name: "Bad", route() { throw new Error("no route today"); } });
			pi.registerCommand("use-bad", { handler: async (_a, ctx) => { await pi.setModel(ctx.models.resolve("router/bad")); } });
		}`;
		const { runtime, entries } = await startRuntime({ files: { "bad.ts": broken }, script: [{ text: "never" }] });
		await runtime.submit("/use-bad");
		await runtime.submit("hello");
		const reply = entries().find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "assistant") as
			| { message: { stopReason: string; errorMessage?: string } }
			| undefined;
		expect(reply?.message.stopReason).toBe("error");
		expect(reply?.message.errorMessage).toContain("no route today");
	});
});
