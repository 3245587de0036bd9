// What the page accepts from the runtime worker: the bridge's calls and the runtime's answers, parsed before use.
import { describe, expect, it } from "vitest";
import { checkedHostBridge } from "../../src/host/runtime/checked-bridge.ts";
import { parseRuntimeAnswer } from "../../src/protocol/runtime-schema.ts";
import { startRuntime } from "../support/runtime-harness.ts";
import { type HostBridge, type RuntimeEvent, TRANSPILE_CACHE_SOURCE_LIMIT, type UIRequest } from "../../src/protocol/runtime.ts";

function setUp() {
	const emitted: RuntimeEvent[] = [];
	const shown: UIRequest[] = [];
	const refused: string[] = [];
	const bridge: HostBridge = {
		emit: (event) => void emitted.push(event),
		requestUI: async (_id, request) => (shown.push(request), { confirmed: true }),
		cancelUI: () => undefined,
	};
	return { checked: checkedHostBridge(bridge, (problem) => void refused.push(problem)), emitted, shown, refused };
}

describe("the checked host bridge", () => {
	it("passes valid events on as parsed copies, without fields the page does not know", () => {
		const { checked, emitted, refused } = setUp();
		const notify = { type: "notify", message: "Saved", level: "info", extension: "demo", html: "<img onerror=alert(1)>" };
		checked.emit(notify as RuntimeEvent);
		const entry = {
			id: "a1b2c3d4",
			parentId: null,
			timestamp: "2026-01-01T00:00:00.000Z",
			type: "message",
			message: { role: "user", content: "hi", timestamp: 1 },
		};
		checked.emit({ type: "entry_appended", sessionId: "s", entry: entry as never, leafId: "a1b2c3d4" });
		checked.emit({ type: "streaming", message: undefined });
		expect(refused).toEqual([]);
		expect(emitted[0]).toEqual({ type: "notify", message: "Saved", level: "info", extension: "demo" });
		expect(emitted[0]).not.toBe(notify);
		// Session entries keep every field (upstream's entries carry more than the page reads).
		expect(emitted[1]).toEqual({ type: "entry_appended", sessionId: "s", entry, leafId: "a1b2c3d4" });
		expect(emitted).toHaveLength(3);
	});

	it("hands the host's answer back, so the runtime can wait until an entry is stored", async () => {
		let stored!: () => void;
		const bridge: HostBridge = {
			emit: () => new Promise<void>((resolve) => (stored = resolve)),
			requestUI: async () => ({ cancelled: true }),
			cancelUI: () => undefined,
		};
		const checked = checkedHostBridge(bridge, () => undefined);
		const entry = {
			id: "a1b2c3d4",
			parentId: null,
			timestamp: "2026-01-01T00:00:00.000Z",
			type: "message",
			message: { role: "user", content: "hi", timestamp: 1 },
		};
		let done = false;
		const answer = Promise.resolve(checked.emit({ type: "entry_appended", sessionId: "s", entry: entry as never, leafId: "a1b2c3d4" })).then(
			() => (done = true),
		);
		await Promise.resolve();
		expect(done).toBe(false);
		stored();
		await answer;
		expect(done).toBe(true);
	});

	it("drops and reports events of unknown types or with the wrong shape, never acting on them", () => {
		const { checked, emitted, refused } = setUp();
		const hostile: unknown[] = [
			{ type: "pwn" },
			{ type: "constructor" },
			{ type: "__proto__" },
			"notify",
			null,
			{ type: "notify", message: { toString: "x" }, level: "info", extension: "demo" },
			{ type: "notify", message: "x", level: "critical", extension: "demo" },
			{ type: "entry_appended", sessionId: "s", entry: "not an entry", leafId: "x" },
			{ type: "entry_appended", sessionId: "s", entry: { id: "a", parentId: null, timestamp: "t", type: "message" }, leafId: "a" },
			{ type: "widget", key: "w", lines: [1, 2], placement: "aboveEditor" },
			{ type: "session_request", action: "delete-everything" },
			{ type: "leaf_changed", sessionId: "s" },
		];
		for (const event of hostile) checked.emit(event as RuntimeEvent);
		expect(emitted).toEqual([]);
		expect(refused).toHaveLength(hostile.length);
		expect(refused[0]).toBe('emit: unknown event type "pwn"');
		expect(refused[5]).toMatch(/^emit: notify: .* at message$/);
	});

	it("refuses a malformed dialog request with an error, so the worker is not left waiting", async () => {
		const { checked, shown, refused } = setUp();
		await expect(checked.requestUI("d1", { method: "confirm", title: "Deploy?", message: "Sure?" })).resolves.toEqual({ confirmed: true });
		await expect(checked.requestUI("d2", { method: "eval", title: "x" } as never)).rejects.toThrow(/The page refused requestUI/);
		await expect(checked.requestUI(7 as never, { method: "confirm", title: "x", message: "y" })).rejects.toThrow(/the id is not a string/);
		expect(shown).toEqual([{ method: "confirm", title: "Deploy?", message: "Sure?" }]);
		expect(refused).toHaveLength(2);
		expect(checked.requestManualTurn).toBeUndefined();
	});

	it("asks the transpile cache only with a URL and a bounded source text, never anything else", async () => {
		const asked: [string, string][] = [];
		const refused: string[] = [];
		const bridge: HostBridge = {
			emit: () => undefined,
			requestUI: async () => ({ cancelled: true }),
			cancelUI: () => undefined,
			transpiled: async (url, source) => (asked.push([url, source]), "export default 1;"),
		};
		const checked = checkedHostBridge(bridge, (problem) => void refused.push(problem));
		await expect(checked.transpiled?.("https://ext.example/a.ts", "export default 1 as number;")).resolves.toBe("export default 1;");
		await expect(checked.transpiled?.("https://ext.example/a.ts", { toString: () => "x" } as never)).rejects.toThrow(/The page refused transpiled/);
		await expect(checked.transpiled?.("", "x")).rejects.toThrow(/The page refused transpiled/);
		await expect(checked.transpiled?.("https://ext.example/big.ts", "x".repeat(TRANSPILE_CACHE_SOURCE_LIMIT + 1))).rejects.toThrow(
			/The page refused transpiled/,
		);
		expect(asked).toEqual([["https://ext.example/a.ts", "export default 1 as number;"]]);
		expect(refused).toHaveLength(3);
	});
});

describe("the runtime's answers, as the page reads them", () => {
	it("accepts what a real runtime answers and refuses other shapes", async () => {
		const ext = `export default (pi) => pi.registerCommand("go", { handler: async () => {}, getArgumentCompletions: () => [{ value: "fast", label: "fast" }] });`;
		const { runtime, entries } = await startRuntime({ files: { "ext.ts": ext }, script: [{ text: "one" }] });
		await runtime.submit("hi");
		const view = await runtime.getTreeView();
		expect(view.rows.length).toBeGreaterThan(0);
		expect(parseRuntimeAnswer("getTreeView", view)).toEqual({ ok: true, value: view });
		expect(parseRuntimeAnswer("completeCommand", await runtime.completeCommand("go", "f"))).toMatchObject({ ok: true });
		expect(parseRuntimeAnswer("navigateTree", await runtime.navigateTree(entries()[0].id))).toMatchObject({ ok: true });
		expect(parseRuntimeAnswer("ping", await runtime.ping())).toEqual({ ok: true, value: true });
		expect(parseRuntimeAnswer("submit", { anything: 1 })).toEqual({ ok: true, value: undefined });

		expect(parseRuntimeAnswer("getTreeView", { rows: [{ id: 1 }], leafId: null })).toMatchObject({ ok: false });
		expect(parseRuntimeAnswer("ping", () => true)).toMatchObject({ ok: false, error: expect.stringMatching(/^ping: /) });
		expect(parseRuntimeAnswer("runShortcut", "yes")).toMatchObject({ ok: false });
		expect(parseRuntimeAnswer("fork", { cancelled: "no" })).toMatchObject({ ok: false });
		await runtime.shutdown();
	});
});
