/**
 * Conformance: the load phase (reference section 0) — actions throw ExtensionRuntimeNotInitializedError,
 * registration, getFlag, events, logger and exec work; methods are pre-bound; reserved and duplicate
 * names are refused with a notice; terminal-only members are reported once; old pi/ctx go stale.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";

const LOG = PROBE_EXPR;
const LOAD_MESSAGE = "Extension runtime not initialized. Action methods cannot be called during extension loading.";

/** The reference's action methods, each with arguments that would be valid after load. */
const ACTIONS: Record<string, string> = {
	sendMessage: `"hello"`,
	sendUserMessage: `"hello"`,
	appendEntry: `"note", { a: 1 }`,
	getActiveTools: ``,
	getAllTools: ``,
	setActiveTools: `[]`,
	getCommands: ``,
	setModel: `{ provider: "scripted", id: "scripted" }`,
	getSessionName: ``,
	setSessionName: `"name"`,
	getThinkingLevel: ``,
	setThinkingLevel: `"high"`,
};

afterEach(() => {
	vi.restoreAllMocks();
});

describe("actions during the factory", () => {
	it("every action method throws ExtensionRuntimeNotInitializedError synchronously, with the spec's message", async () => {
		const log = probe();
		const attempts = Object.entries(ACTIONS)
			.map(
				([name, args]) => `
		try {
			const value = pi.${name}(${args});
			if (value && typeof value.then === "function") value.catch(() => {});
			outcome.${name} = "returned";
		} catch (error) {
			outcome.${name} = error instanceof ExtensionRuntimeNotInitializedError ? error.message : "other: " + error;
		}`,
			)
			.join("");
		const source = `
import { ExtensionRuntimeNotInitializedError } from "@earendil-works/pi-coding-agent";
export default async function (pi) {
	const outcome = {};
	${attempts}
	${LOG}.push(outcome);
}`;
		const { extensions, entries } = await startRuntime({ files: { "eager.ts": source } });
		expect(log).toEqual([Object.fromEntries(Object.keys(ACTIONS).map((name) => [name, LOAD_MESSAGE]))]);
		expect(extensions()[0].loaded).toBe(true);
		// Nothing the factory tried happened.
		expect(entries()).toEqual([]);
	});
});

describe("what works during the factory", () => {
	it("registration, getFlag, events, logger and exec work while loading", async () => {
		const log = probe();
		const info = vi.spyOn(console, "info").mockImplementation(() => {});
		const source = `
import { ExtensionRuntimeNotInitializedError } from "@earendil-works/pi-coding-agent";
export default async function (pi) {
	pi.setLabel("Loader");
	pi.registerTool({ name: "t1", description: "d", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [] }) });
	pi.registerCommand("hello", { description: "say hello", handler: async () => {} });
	pi.registerShortcut("ctrl+shift+h", { handler: () => {} });
	pi.registerFlag("verbose", { type: "boolean", default: true, description: "more output" });
	pi.registerMessageRenderer("note", () => undefined);
	pi.registerProvider("later", { baseUrl: "https://example.invalid" });
	pi.on("session_start", () => {});
	${LOG}.push({ flag: pi.getFlag("verbose"), unknownFlag: pi.getFlag("not-mine") });
	pi.events.on("ping", (data) => ${LOG}.push({ bus: data }));
	pi.events.emit("ping", { at: "load" });
	pi.logger.info("loading", { step: 1 });
	const exec = await pi.exec("echo", ["hi"]).then(
		(result) => ({ resolved: true, code: result.code }),
		(error) => ({ rejected: error instanceof ExtensionRuntimeNotInitializedError ? "not-initialized" : String(error.message) }),
	);
	${LOG}.push({ exec });
}`;
		const other = `export default function (pi) { pi.events.on("ping", (data) => ${LOG}.push({ otherBus: data })); }`;
		const { extensions } = await startRuntime({ files: { "other.ts": other, "loader.ts": source } });
		const [, ext] = extensions();
		expect(ext).toMatchObject({ name: "Loader", loaded: true, tools: ["t1"], commands: [{ name: "hello", description: "say hello" }] });
		expect(ext.error).toBeUndefined();
		expect(log[0]).toEqual({ flag: true, unknownFlag: undefined });
		// The bus is shared: the extension loaded before hears it too.
		expect(log).toContainEqual({ bus: { at: "load" } });
		expect(log).toContainEqual({ otherBus: { at: "load" } });
		const exec = (log.at(-1) as { exec: { rejected?: string } }).exec;
		expect(exec.rejected).not.toBe("not-initialized");
		// Until the workspace exists, exec says so.
		if (exec.rejected !== undefined) expect(exec.rejected).toMatch(/workspace/);
		expect(info).toHaveBeenCalledWith(expect.stringContaining("loading"), { step: 1 });
	});

	it("methods are pre-bound: destructured registration and action methods work", async () => {
		const log = probe();
		const source = `
export default function (pi) {
	const { on, registerTool, registerCommand, getFlag, registerFlag, appendEntry, getActiveTools, events } = pi;
	registerFlag("mode", { type: "string", default: "fast" });
	registerTool({ name: "bound", description: "", parameters: {}, execute: async () => ({ content: [] }) });
	registerCommand("bound", { handler: async () => {} });
	${LOG}.push({ mode: getFlag("mode") });
	on("session_start", () => {
		${LOG}.push({ active: getActiveTools() });
		appendEntry("state", { n: 1 });
		events.emit("x", 1);
	});
}`;
		const { extensions, entries } = await startRuntime({ files: { "bound.ts": source } });
		expect(extensions()[0]).toMatchObject({ loaded: true, tools: ["bound"], commands: [{ name: "bound" }] });
		expect(log).toEqual([{ mode: "fast" }, { active: ["bound"] }]);
		expect(entries()).toEqual([expect.objectContaining({ type: "custom", customType: "state", data: { n: 1 } })]);
	});
});

describe("names the host keeps or another extension took", () => {
	it("a built-in command name is skipped with a notice in the extension's status", async () => {
		const { extensions, commands } = await startRuntime({
			files: {
				"shadow.ts": `export default function (pi) { pi.registerCommand("new", { handler: async () => {} }); pi.registerCommand("mine", { handler: async () => {} }); }`,
			},
		});
		const [ext] = extensions();
		expect(ext.loaded).toBe(true);
		expect(ext.commands.map((c) => c.name)).toEqual(["mine"]);
		expect(commands().map((c) => c.name)).toEqual(["mine"]);
		expect(ext.notices).toEqual([expect.stringMatching(/\/new.*built-in/)]);
	});

	it("a command a second extension registers again is skipped with a notice naming the first; the first one runs", async () => {
		const log = probe();
		const dup = (who: string) => `export default function (pi) { pi.registerCommand("deploy", { handler: async () => { ${LOG}.push("${who} ran"); } }); }`;
		const { runtime, extensions, commands } = await startRuntime({ files: { "first.ts": dup("first"), "second.ts": dup("second") } });
		const [first, second] = extensions();
		expect(first).toMatchObject({ loaded: true, commands: [{ name: "deploy" }], notices: [] });
		expect(second).toMatchObject({ loaded: true, commands: [] });
		expect(second.notices).toEqual([expect.stringMatching(/\/deploy.*"first"/)]);
		expect(commands()).toEqual([expect.objectContaining({ name: "deploy", extension: "first" })]);
		await runtime.submit("/deploy");
		expect(log).toEqual(["first ran"]);
	});

	it("a reserved shortcut is refused with a notice; another key is kept", async () => {
		const log = probe();
		const { runtime, extensions } = await startRuntime({
			files: {
				"keys.ts": `export default function (pi) {
					pi.registerShortcut("ctrl+c", { handler: () => ${LOG}.push("stole ctrl+c") });
					pi.registerShortcut("ctrl+shift+y", { handler: () => ${LOG}.push("ctrl+shift+y") });
				}`,
			},
		});
		const [ext] = extensions();
		expect(ext.loaded).toBe(true);
		expect(ext.notices).toEqual([expect.stringMatching(/ctrl\+c.*reserve/)]);
		expect(await runtime.runShortcut("ctrl+c")).toBe(false);
		expect(await runtime.runShortcut("ctrl+shift+y")).toBe(true);
		expect(log).toEqual(["ctrl+shift+y"]);
	});
});

describe("terminal-only members", () => {
	it("are reported once each as notices and never crash the extension", async () => {
		const log = probe();
		const source = `
export default function (pi) {
	pi.registerComposerShape({ label: "boxy", style: {} });
	pi.registerComposerShape({ label: "boxy", style: {} });
	pi.on("session_start", async (_e, ctx) => {
		ctx.ui.setFooter(() => ({ render: () => [] }));
		ctx.ui.setFooter(undefined);
		ctx.ui.setWorkingIndicator("thinking…");
		ctx.ui.setWorkingIndicator("again");
		${LOG}.push({ after: "unknown member" });
	});
	pi.registerCommand("again", { handler: async (_a, ctx) => { ctx.ui.setFooter(undefined); ${LOG}.push("again"); } });
}`;
		const { runtime, extensions, errors } = await startRuntime({ files: { "tui.ts": source } });
		await runtime.submit("/again");
		const [ext] = extensions();
		expect(ext.loaded).toBe(true);
		expect(errors()).toEqual([]);
		expect(log).toEqual([{ after: "unknown member" }, "again"]);
		expect(ext.notices).toHaveLength(3);
		expect(ext.notices).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/registerComposerShape.*browser/),
				expect.stringMatching(/setFooter.*browser/),
				expect.stringMatching(/setWorkingIndicator.*browser/),
			]),
		);
	});
});

describe("after runtime.shutdown()", () => {
	it("an old pi or ctx throws a stale-context error instead of acting on a dead session", async () => {
		const log = probe();
		const source = `
export default function (pi) {
	pi.on("session_start", (_e, ctx) => { globalThis.__stale = { pi, ctx }; });
}`;
		const { runtime, entries } = await startRuntime({ files: { "keeper.ts": source } });
		const { pi, ctx } = (
			globalThis as unknown as { __stale: { pi: Record<string, (...a: unknown[]) => unknown>; ctx: Record<string, (...a: unknown[]) => unknown> } }
		).__stale;
		expect(pi.getActiveTools()).toEqual([]);
		await runtime.shutdown();
		const attempt = (call: () => unknown) => {
			try {
				call();
				return "no error";
			} catch (error) {
				return (error as Error).message;
			}
		};
		for (const call of [
			() => pi.getActiveTools(),
			() => pi.appendEntry("late", {}),
			() => pi.sendMessage("late"),
			() => pi.on("agent_start", () => {}),
			() => ctx.isIdle(),
			() => ctx.getSystemPrompt(),
			() => ctx.setTimeout(() => {}, 1),
		]) {
			log.push(attempt(call));
		}
		expect(log).toHaveLength(7);
		for (const message of log) expect(message).toMatch(/stale/);
		expect(log[0]).toContain('"keeper"');
		expect(entries()).toEqual([]);
		delete (globalThis as Record<string, unknown>).__stale;
	});
});
