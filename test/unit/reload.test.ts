/**
 * `ctx.reload()`: the runtime asks its host to start again (`session_request` reload); the host
 * shuts this runtime down and starts a new one on the same stored session. Here the test is the
 * host: the extension's file changes between the two loads, the new code runs, the session's
 * entries are kept, and the old `ctx`/`pi` are stale.
 */
import { describe, expect, it } from "vitest";
import { PROBE_EXPR, probe, startRuntime, toolResults, transcript } from "../support/runtime-harness.ts";

/** Version `v` of an extension: a `version` tool, a /reload-now command, and a command that uses the ctx kept from before. */
const extension = (v: string) => `
export default function (pi) {
	const log = ${PROBE_EXPR};
	pi.registerTool({
		name: "version", description: "which version runs", parameters: { type: "object", properties: {} },
		execute: async () => ({ content: [{ type: "text", text: "running ${v}" }] }),
	});
	pi.registerCommand("reload-now", {
		handler: async (_args, ctx) => {
			(globalThis as any).keptCtx = ctx;
			(globalThis as any).keptPi = pi;
			await ctx.reload();
		},
	});
	pi.on("session_start", (_event, ctx) => { log.push({ version: "${v}", entries: ctx.sessionManager.getEntries().length }); });
}`;

describe("ctx.reload()", () => {
	it("re-imports changed modules and keeps the session; the old ctx and pi are stale", async () => {
		const log = probe() as { version: string; entries: number }[];
		const files = { "versioned.ts": extension("v1") };
		const script = [
			{ toolCalls: [{ name: "version", arguments: {} }] },
			{ text: "that was v1" },
			{ toolCalls: [{ name: "version", arguments: {} }] },
			{ text: "now v2" },
		];
		const first = await startRuntime({ files, script });
		await first.runtime.submit("which version?");
		expect(toolResults(first.entries()).map((r) => r.text)).toEqual(["running v1"]);

		await first.runtime.submit("/reload-now");
		expect(first.events.filter((e) => e.type === "session_request")).toEqual([{ type: "session_request", action: "reload" }]);

		// The host's part: shut down, then start again on the stored session, with the file as it is now.
		await first.runtime.shutdown();
		files["versioned.ts"] = extension("v2");
		const stored = first.entries();
		const header = first.runtime.parts.tree.header;
		const second = await startRuntime({ files, script, header, entries: stored });

		expect(log).toEqual([
			{ version: "v1", entries: 0 },
			{ version: "v2", entries: stored.length },
		]);
		await second.runtime.submit("and now?");
		const all = [...stored, ...second.entries()];
		expect(toolResults(all).map((r) => r.text)).toEqual(["running v1", "running v2"]);
		expect(transcript(all)).toEqual([
			"user: which version?",
			"assistant: version({})",
			"toolResult: running v1",
			"assistant: that was v1",
			"user: and now?",
			"assistant: version({})",
			"toolResult: running v2",
			"assistant: now v2",
		]);

		const { keptCtx, keptPi } = globalThis as unknown as {
			keptCtx: { isIdle(): boolean; models: { list(): unknown[] }; modelRegistry: { getAll(): unknown[] } };
			keptPi: { getActiveTools(): string[] };
		};
		expect(() => keptCtx.isIdle()).toThrow(/stale context/);
		expect(() => keptCtx.models.list()).toThrow(/stale context/);
		const { getAll } = keptCtx.modelRegistry;
		expect(() => getAll()).toThrow(/stale context/);
		expect(() => keptPi.getActiveTools()).toThrow(/stale context/);
	});
});
