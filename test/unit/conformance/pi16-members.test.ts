/**
 * Conformance: pi 1.6's members beyond the reference (`pi.getSettings`, `ctx.scopedModels`,
 * `ctx.ui.getEditorComponent`, `pi.registerToolRenderer`, `pi.registerMarkdownTransformer`, and MCP
 * servers), driven through the real runtime; MCP over a local streamable-HTTP server.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { displayPatch, initialPlaygroundState } from "../../../src/host/state/playground-state.ts";
import { mcpStandIn, type McpStandIn } from "../../support/mcp-stand-in.ts";
import { PROBE_EXPR, probe, startRuntime, toolResults } from "../../support/runtime-harness.ts";

const LOG = PROBE_EXPR;
type Logged = Record<string, any>;
const ext = (body: string) => `export default function (pi: any) { ${body} }`;

describe("settings and models", () => {
	it("pi.getSettings() is a copy of what the runtime runs with; ctx.scopedModels is empty (no scoping)", async () => {
		const log = probe() as Logged[];
		const { runtime } = await startRuntime({
			files: {
				"s.ts": ext(`pi.registerCommand("s", { handler: async (_a: string, ctx: any) => {
					const settings = pi.getSettings();
					${LOG}.push({ settings: structuredClone(settings), scoped: ctx.scopedModels });
					settings.compaction.enabled = false;
					${LOG}.push({ again: pi.getSettings().compaction.enabled });
				} });`),
			},
		});
		await runtime.submit("/s");
		expect(log[0].settings).toMatchObject({
			defaultProvider: "scripted",
			defaultModel: "scripted",
			theme: "dark",
			compaction: { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 },
			retry: { enabled: true, maxRetries: 3, baseDelayMs: 2000 },
			enabledModels: [],
		});
		expect(log[0].scoped).toEqual([]);
		expect(log[1]).toEqual({ again: true });
	});

	it("ctx.ui.getEditorComponent() gives back the factory setEditorComponent took (with its notice)", async () => {
		const log = probe() as Logged[];
		const { runtime } = await startRuntime({
			files: {
				"e.ts": ext(`const factory = () => ({ render: () => [], invalidate() {} });
				pi.registerCommand("e", { handler: async (_a: string, ctx: any) => {
					const before = ctx.ui.getEditorComponent();
					ctx.ui.setEditorComponent(factory);
					${LOG}.push({ before: before === undefined, after: ctx.ui.getEditorComponent() === factory });
					ctx.ui.setEditorComponent(undefined);
					${LOG}.push({ cleared: ctx.ui.getEditorComponent() === undefined });
				} });`),
			},
		});
		await runtime.submit("/e");
		expect(log).toEqual([{ before: true, after: true }, { cleared: true }]);
		expect(runtime.parts.runner.extensions[0].notices).toEqual(["ctx.ui.setEditorComponent is terminal-only and not supported in the browser"]);
	});

	it("registerMarkdownTransformer runs in the worker, no notice (its behaviour: markdown-transformers.test.ts); a non-function is refused", async () => {
		const { runtime, errors } = await startRuntime({
			files: {
				"m.ts": ext(`pi.registerMarkdownTransformer((md: string) => md.toUpperCase());`),
				"bad.ts": ext(`pi.registerMarkdownTransformer("upper");`),
			},
		});
		expect(errors()).toEqual([]);
		const [good, bad] = runtime.parts.runner.extensions;
		expect(good.notices).toEqual([]);
		expect(good.markdownTransformer?.surfaces).toEqual(new Set(["user", "assistant", "assistant-thinking"]));
		expect(bad).toMatchObject({
			loaded: false,
			error: { phase: "factory", message: "pi.registerMarkdownTransformer needs a function (markdown, context) => markdown" },
		});
	});
});

describe("the page's working indicator and thinking label", () => {
	it("setWorkingVisible and setHiddenThinkingLabel reach the page's state", async () => {
		const { runtime, events } = await startRuntime({
			files: {
				"w.ts": ext(`pi.registerCommand("w", { handler: async (_a: string, ctx: any) => {
					ctx.ui.setWorkingVisible(false);
					ctx.ui.setHiddenThinkingLabel("Reasoning...");
					ctx.ui.setHiddenThinkingLabel();
					ctx.ui.setWorkingVisible(true);
				} });`),
			},
		});
		await runtime.submit("/w");
		const sent = events.filter((e) => e.type === "working_visible" || e.type === "thinking_label");
		expect(sent).toEqual([
			{ type: "working_visible", visible: false },
			{ type: "thinking_label", label: "Reasoning..." },
			{ type: "thinking_label" },
			{ type: "working_visible", visible: true },
		]);
		let state = initialPlaygroundState();
		const seen = sent.map((event) => {
			state = { ...state, ...displayPatch(state, event) };
			return [state.workingHidden, state.thinkingLabel];
		});
		expect(seen).toEqual([
			[true, undefined],
			[true, "Reasoning..."],
			[true, undefined],
			[false, undefined],
		]);
	});
});

describe("registerToolRenderer", () => {
	const TOOL =
		ext(`pi.registerTool({ name: "plain", description: "d", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [{ type: "text", text: "done" }] }),
		renderCall: () => ({ render: () => ["own call"], invalidate() {} }) });`);
	const drawn = (events: any[]) =>
		events.flatMap((e) =>
			e.type === "tool_call_rendered" ? [[e.extension, ...(e.lines ?? [])]] : e.type === "entry_rendered" ? [[e.extension, ...e.lines]] : [],
		);

	it("a resolver draws any tool; next() is what later resolvers, then the tool, would use", async () => {
		const RESOLVER = ext(`pi.registerToolRenderer((name: string, next: any) => {
			if (name !== "plain") return next();
			const inner = next();
			return { renderCall: () => ({ render: () => ["wrapped: " + (inner ? "has own" : "none")], invalidate() {} }),
				renderResult: () => ({ render: () => ["result by resolver"], invalidate() {} }) };
		});`);
		const { events } = await startRuntime({
			files: { "tool.ts": TOOL, "resolver.ts": RESOLVER },
			script: [{ toolCalls: [{ name: "plain", arguments: {} }] }, { text: "ok" }],
		}).then(async (h) => {
			await h.runtime.submit("go");
			return h;
		});
		expect(drawn(events)).toEqual([
			["resolver", "wrapped: has own"],
			["resolver", "result by resolver"],
		]);
	});

	it("a resolver that only fills in (next() ?? mine) leaves the tool's own renderer; a throwing one is reported and skipped", async () => {
		const FILL = ext(`pi.registerToolRenderer((_name: string, next: any) => next() ?? { renderCall: () => ({ render: () => ["filled"], invalidate() {} }) });`);
		const THROWS = ext(`pi.registerToolRenderer(() => { throw new Error("resolver broke"); });`);
		const h = await startRuntime({
			files: { "throws.ts": THROWS, "fill.ts": FILL, "tool.ts": TOOL },
			script: [{ toolCalls: [{ name: "plain", arguments: {} }] }, { text: "ok" }],
		});
		await h.runtime.submit("go");
		expect(drawn(h.events)).toEqual([["tool", "own call"]]);
		// Reported each time the call or its result is drawn.
		expect(new Set(h.errors().map((e) => JSON.stringify([e.phase, e.where, e.message])))).toEqual(
			new Set([JSON.stringify(["renderer", "tool renderer resolver for plain", "resolver broke"])]),
		);
	});
});

describe("MCP servers", () => {
	let server: McpStandIn | undefined;
	afterEach(async () => {
		await server?.close();
		server = undefined;
	});

	const registrar = (url: string) =>
		ext(`pi.registerMcpServer("docs", { url: ${JSON.stringify(url)}, description: "Docs" });
		pi.on("session_start", () => { ${LOG}.push({ at: "start", servers: pi.getMcpServers() }); });
		pi.on("mcp_servers_change", (e: any) => { ${LOG}.push({ at: "change", servers: e.servers.map((s: any) => s.name) }); });
		pi.registerCommand("add", { handler: async (a: string) => pi.registerMcpServer("local", { command: "npx", args: [a] }) });
		pi.registerCommand("drop", { handler: async (a: string) => pi.unregisterMcpServer(a) });`);

	it("a server registered at load is listed, connects with the session, and its tools run on it", async () => {
		server = await mcpStandIn();
		const log = probe() as Logged[];
		const h = await startRuntime({
			files: { "reg.ts": registrar(server.url) },
			script: [
				{
					toolCalls: [
						{ name: "mcp__docs__echo", arguments: { text: "hello" } },
						{ name: "mcp__docs__fail", arguments: {} },
					],
				},
				{ text: "ok" },
			],
		});
		expect(log[0]).toEqual({
			at: "start",
			servers: [{ name: "docs", config: { url: server.url, description: "Docs" }, extensionPath: "http://extensions.test/reg.ts" }],
		});
		await vi.waitFor(() => expect(h.runtime.parts.runner.extensions[0].tools.size).toBe(2), { timeout: 10_000 });
		expect(h.extensions()[0].tools).toEqual(["mcp__docs__echo", "mcp__docs__fail"]);
		await h.runtime.submit("go");
		expect(toolResults(h.entries())).toEqual([
			{ toolName: "mcp__docs__echo", isError: false, text: "echo: hello" },
			{ toolName: "mcp__docs__fail", isError: true, text: "it failed" },
		]);
		expect(server.methods).toEqual(["initialize", "notifications/initialized", "tools/list", "tools/call", "tools/call"]);
	});

	it("changes after load are announced with mcp_servers_change; a stdio server is listed with a notice; unregister drops the tools", async () => {
		server = await mcpStandIn();
		const log = probe() as Logged[];
		const h = await startRuntime({ files: { "reg.ts": registrar(server.url) } });
		await vi.waitFor(() => expect(h.runtime.parts.runner.extensions[0].tools.size).toBe(2), { timeout: 10_000 });
		await h.runtime.submit("/add some-server");
		await h.runtime.submit("/drop docs");
		expect(log.filter((l) => l.at === "change")).toEqual([
			{ at: "change", servers: ["docs", "local"] },
			{ at: "change", servers: ["local"] },
		]);
		expect(h.runtime.parts.runner.extensions[0].tools.size).toBe(0);
		expect(h.runtime.parts.runner.extensions[0].notices).toEqual([expect.stringContaining('MCP server "local" runs a command (stdio)')]);
	});

	it("a server that cannot be reached gets a notice naming CORS; bad names and another extension's name throw", async () => {
		const log = probe() as string[];
		const h = await startRuntime({
			files: {
				"a.ts": ext(`pi.registerMcpServer("gone", { url: "http://127.0.0.1:9/mcp" });`),
				"b.ts":
					ext(`for (const [name, config] of [["gone", { url: "http://x.test/" }], ["bad name", { url: "http://x.test/" }], ["nourl", {}], ["ftp", { url: "ftp://x.test/" }]]) {
					try { pi.registerMcpServer(name, config); } catch (e: any) { ${LOG}.push(e.message); }
				}`),
			},
		});
		expect(log).toEqual([
			'registerMcpServer: "gone" is registered by extension "a"',
			'registerMcpServer: invalid server name "bad name" (letters, digits, _ and - only)',
			'registerMcpServer("nourl") needs a url (streamable HTTP) or a command (stdio)',
			'registerMcpServer("ftp"): the URL must be http or https',
		]);
		await vi.waitFor(
			() =>
				expect(h.runtime.parts.runner.extensions[0].notices).toEqual([
					expect.stringMatching(/MCP server "gone" at http:\/\/127.0.0.1:9\/mcp could not be reached: .*CORS headers/),
				]),
			{ timeout: 10_000 },
		);
		expect(h.runtime.parts.mcp.list().map((s) => s.name)).toEqual(["gone"]);
	});
});
