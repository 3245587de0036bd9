/** The lessons' check: each kind of goal over observations, hostile shapes read as data, the page's state observed. */
import { describe, expect, it, vi } from "vitest";
import { LessonDesk, lessonIdOf, lessonSnapshot } from "../../src/host/lessons/lesson-desk.ts";
import { observeState } from "../../src/host/lessons/lesson-goals.ts";
import { readProgress, writeProgress } from "../../src/host/lessons/lesson-progress.ts";
import { initialPlaygroundState } from "../../src/host/state/playground-state.ts";
import { Store } from "../../src/host/state/store.ts";
import { goalMet } from "../../src/lessons/check.ts";
import { type Goal, goalSchema, lessonFromFiles } from "../../src/lessons/lesson.ts";
import { Observations } from "../../src/lessons/observations.ts";
import { parseSnapshot } from "../../src/share/snapshot.ts";

const call = (id: string, name: string, args: unknown) => ({
	id: `a${id}`,
	type: "message",
	message: { role: "assistant", content: [{ type: "toolCall", id, name, arguments: args }] },
});
const result = (id: string, text: string, isError = false) => ({
	id: `r${id}`,
	type: "message",
	message: { role: "toolResult", toolCallId: id, toolName: "greet", content: [{ type: "text", text }], isError },
});

describe("a lesson's goals", () => {
	it("match a tool call by name, arguments, result and error, each call on its own", () => {
		const seen = new Observations();
		seen.entry(call("1", "greet", { name: "Bo" }));
		seen.entry(result("1", "Hello, Bo!"));
		seen.entry(call("2", "greet", { name: "Ada" }));
		seen.entry(result("2", "failed", true));
		expect(goalMet({ toolCalled: "greet", resultContains: "Hello" }, seen)).toBe(true);
		// The call with Ada failed, the one that said Hello was Bo's: no single call is both.
		expect(goalMet({ toolCalled: "greet", argumentsInclude: { name: "Ada" }, resultContains: "Hello" }, seen)).toBe(false);
		expect(goalMet({ toolCalled: "greet", argumentsInclude: { name: "Ada" }, isError: true }, seen)).toBe(true);
		expect(goalMet({ toolCalled: "greet", resultContains: "Hello", isError: true }, seen)).toBe(false);
		expect(goalMet({ toolCalled: "other" }, seen)).toBe(false);
	});

	it("read what extensions showed, with terminal colours taken out", () => {
		const seen = new Observations();
		seen.event({ type: "widget", key: "card", lines: ["\u001b[1mA \u001b[38;2;1;2;3mcard\u001b[39m"], placement: "aboveEditor" });
		seen.event({ type: "status", key: "build", text: "built" });
		seen.event({ type: "notify", message: "Hello, Ada!", level: "info", extension: "x" });
		seen.event({ type: "ui_request", request: { method: "confirm", title: "Deploy?", message: "" } } as never);
		seen.event({ type: "tool_call_rendered", toolCallId: "1", extension: "x", lines: ["\u001b[2m☀ forecast\u001b[22m for Lisbon"] });
		const cases: [Goal, boolean][] = [
			[{ widgetSet: { key: "card", contains: "A card" } }, true],
			[{ widgetSet: { key: "other" } }, false],
			[{ statusSet: { contains: "built" } }, true],
			[{ notified: "Hello, Ada!", level: "info" }, true],
			[{ notified: "Hello, Ada!", level: "error" }, false],
			[{ dialogOpened: { method: "confirm", titleContains: "Deploy" } }, true],
			[{ dialogOpened: { method: "select" } }, false],
			[{ rendered: { contains: "☀ forecast for Lisbon" } }, true],
		];
		for (const [goal, met] of cases) expect([goal, goalMet(goal, seen)]).toEqual([goal, met]);
	});

	it("read entries of any shape as data, and count each entry once", () => {
		const seen = new Observations();
		for (const hostile of [null, 7, "x", { id: 1 }, { type: "message" }, { id: "a", type: "message", message: "no" }]) seen.entry(hostile);
		seen.entry({ id: "b", type: "message", message: { role: "toolResult", toolCallId: {}, content: [{ text: 5 }, null] } });
		seen.entry({ id: "c", type: "custom", customType: "counter", data: { count: 1 } });
		seen.entry({ id: "c", type: "custom", customType: "counter", data: { count: 2 } });
		seen.entry({ id: "d", type: "compaction", summary: "The user asked: x", firstKeptEntryId: "a" });
		expect(seen.entries.map((entry) => entry.id)).toEqual(["a", "b", "c", "d"]);
		expect(goalMet({ toolCalled: "greet" }, seen)).toBe(false);
		expect(goalMet({ entryAppended: { customType: "counter", contains: '"count":1' } }, seen)).toBe(true);
		expect(goalMet({ entryAppended: { customType: "counter", contains: '"count":2' } }, seen)).toBe(false);
		expect(goalMet({ compacted: { summaryContains: "The user asked" } }, seen)).toBe(true);
		expect(goalMet({ messageContains: { role: "user", text: "x" } }, seen)).toBe(false);
	});

	it("refuse a goal the vocabulary does not have, or one with a field it does not know", () => {
		expect(goalSchema.safeParse({ codeMatches: "greet" }).success).toBe(false);
		expect(goalSchema.safeParse({ toolCalled: "greet", resultMatches: "/Ada/" }).success).toBe(false);
		expect(goalSchema.safeParse({ toolCalled: "greet", resultContains: "Ada" }).success).toBe(true);
	});
});

describe("a lesson in the page", () => {
	it("is observed from the page's state: notifications of the session only, widgets, dialogs, tools", () => {
		const seen = new Observations();
		const state = {
			...initialPlaygroundState(),
			notifications: [
				{ id: 1, message: "from the page", level: "info" as const, source: "Playa", origin: "page" as const },
				{ id: 2, message: "Hello, Ada!", level: "info" as const, source: "x", origin: "session" as const },
			],
			widgets: { build: { lines: ["Build step 3 of 3"], hiddenLines: 0, placement: "aboveEditor" as const } },
			dialogs: [{ id: "1", request: { method: "select" as const, title: "Where to?", options: ["a"] } }],
			extensions: [{ url: "u", name: "n", loaded: true, tools: ["greet"], commands: [], shortcuts: [], flags: [], notices: [] }],
		};
		observeState(seen, state);
		expect(goalMet({ notified: "from the page" }, seen)).toBe(false);
		expect(goalMet({ notified: "Hello, Ada!" }, seen)).toBe(true);
		expect(goalMet({ widgetSet: { key: "build", contains: "3 of 3" } }, seen)).toBe(true);
		expect(goalMet({ dialogOpened: { titleContains: "Where to?" } }, seen)).toBe(true);
		expect(goalMet({ toolRegistered: "greet" }, seen)).toBe(true);
		// A widget taken away later still counts: the goal was met when it showed.
		observeState(seen, { ...state, widgets: {} }, state);
		expect(goalMet({ widgetSet: { key: "build" } }, seen)).toBe(true);
	});

	it("is named by ?lesson= only in a lesson's id shape, and opens as a valid snapshot of its starting files", () => {
		expect(lessonIdOf({ search: "?lesson=01-first-tool" })).toBe("01-first-tool");
		expect(lessonIdOf({ search: "?lesson=https://example.com/x" })).toBeUndefined();
		expect(lessonIdOf({ search: "?lesson=../01-first-tool" })).toBeUndefined();
		const parsed = lessonFromFiles("01-x", {
			"lesson.md": "# X",
			"lesson.json": JSON.stringify({ title: "X", area: "tools", goals: [{ label: "l", check: { toolRegistered: "t" } }], prompts: ["hi"], hint: "h" }),
			"start/a.ts": "export default () => {}",
			"solution/a.ts": "export default () => {}",
		});
		if (!parsed.ok) throw new Error(parsed.error);
		const snapshot = parseSnapshot(lessonSnapshot(parsed.lesson));
		expect(snapshot.ok && snapshot.snapshot.files.map((file) => file.path)).toEqual([".pi/extensions/a.ts"]);
		expect(lessonFromFiles("01-x", { "lesson.md": "# X", "lesson.json": "{" })).toMatchObject({ ok: false, error: expect.stringContaining("not valid JSON") });
	});

	it("knows a lesson's playground as its lesson's page, however it was opened", () => {
		const stored = JSON.stringify({ done: [], playgrounds: { "02-first-command": "pg-2" } });
		vi.stubGlobal("localStorage", { getItem: (key: string) => (key === "playa.lessons" ? stored : null), setItem() {} });
		try {
			expect(new LessonDesk({ href: "https://p.test/?playground=pg-2", search: "?playground=pg-2", assign() {} }, "pg-2").lessonId).toBe("02-first-command");
			expect(new LessonDesk({ href: "https://p.test/?playground=pg-3", search: "?playground=pg-3", assign() {} }, "pg-3").lessonId).toBeUndefined();
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it("in an embed keeps the progress for the frame only: the browser's is neither read nor written", async () => {
		const stored = JSON.stringify({ done: ["01-first-tool"], playgrounds: {} });
		const written: string[] = [];
		vi.stubGlobal("localStorage", { getItem: (key: string) => (key === "playa.lessons" ? stored : null), setItem: (key: string) => void written.push(key) });
		try {
			const location = { href: "https://p.test/?embed&lesson=01-first-tool", search: "?embed&lesson=01-first-tool", assign() {} };
			expect(new LessonDesk(location, "home").store.get().progress.done).toEqual(["01-first-tool"]);
			const embedded = new LessonDesk(location, "pg-1", { keep: false });
			expect(embedded.store.get().progress.done).toEqual([]);
			const page = new Store(initialPlaygroundState());
			await embedded.openFromAddress(page);
			expect(embedded.store.get().lesson?.id).toBe("01-first-tool");
			// Its goals met: done in the frame, nothing written to the browser.
			page.set({
				extensions: [{ url: "x", name: "greet", loaded: true, tools: ["greet"], commands: [], shortcuts: [], flags: [], notices: [] }],
				entries: [call("1", "greet", { name: "Ada" }), result("1", "Hello, Ada!")] as never,
			});
			await vi.waitFor(() => expect(embedded.store.get().progress.done).toEqual(["01-first-tool"]));
			expect(embedded.store.get().goals).toEqual([true, true]);
			expect(written).toEqual([]);
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it("keeps the progress in localStorage, and starts again from anything unreadable there", () => {
		const items = new Map<string, string>();
		const store = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
		expect(readProgress(store)).toEqual({ done: [], playgrounds: {} });
		writeProgress((p) => ({ ...p, done: ["01-first-tool"] }), store);
		expect(readProgress(store).done).toEqual(["01-first-tool"]);
		items.set("playa.lessons", '{"done": 5}');
		expect(readProgress(store)).toEqual({ done: [], playgrounds: {} });
	});
});
