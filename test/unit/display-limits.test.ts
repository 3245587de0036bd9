import { describe, expect, it } from "vitest";
import {
	boundLines,
	capText,
	KEYED_ITEMS_LIMIT,
	LINE_TEXT_LIMIT,
	NOTIFICATIONS_PER_SOURCE,
	VISIBLE_NOTIFICATIONS,
	WIDGET_LINE_LIMIT,
	WIDGET_TEXT_LIMIT,
	withBoundedKey,
	withNotice,
	type Notice,
	type NoticeBoard,
} from "../../src/host/state/display-limits.ts";

let nextId = 1;
function notice(message: string, source = "flood", origin: Notice["origin"] = "session", level: Notice["level"] = "info"): Notice {
	return { id: nextId++, message, level, source, origin };
}

function post(board: NoticeBoard<Notice>, ...notices: Notice[]): NoticeBoard<Notice> {
	return notices.reduce(withNotice, board);
}

const empty: NoticeBoard<Notice> = { notifications: [], droppedNotifications: {} };

describe("notifications", () => {
	it("a flood from one source shows its latest few and counts the rest", () => {
		const board = post(empty, ...Array.from({ length: 300 }, (_, i) => notice(`notice ${i}`)));
		expect(board.notifications.map((n) => n.message)).toEqual(
			Array.from({ length: NOTIFICATIONS_PER_SOURCE }, (_, i) => `notice ${300 - NOTIFICATIONS_PER_SOURCE + i}`),
		);
		expect(board.droppedNotifications).toEqual({ flood: 300 - NOTIFICATIONS_PER_SOURCE });
	});

	it("shows at most a few in all, the page's own kept over the session's", () => {
		let board = post(empty, notice("The key was rejected", "Playa", "page", "error"));
		for (let source = 0; source < 10; source++) board = post(board, notice(`hello from ${source}`, `ext-${source}`));
		expect(board.notifications).toHaveLength(VISIBLE_NOTIFICATIONS);
		expect(board.notifications[0].message).toBe("The key was rejected");
		expect(board.notifications.at(-1)!.message).toBe("hello from 9");
		expect(Object.values(board.droppedNotifications).reduce((a, b) => a + b, 0)).toBe(11 - VISIBLE_NOTIFICATIONS);
	});

	it("a repeated message counts up instead of showing twice, and moves to the end", () => {
		const board = post(empty, notice("saved"), notice("other"), notice("saved"), notice("saved"));
		expect(board.notifications.map((n) => [n.message, n.count ?? 1])).toEqual([
			["other", 1],
			["saved", 3],
		]);
		expect(board.droppedNotifications).toEqual({});
	});

	it("the same text from another source or level is another notification", () => {
		const board = post(empty, notice("done", "a"), notice("done", "b"), notice("done", "a", "session", "error"));
		expect(board.notifications).toHaveLength(3);
	});

	it("cuts a long message", () => {
		const [shown] = post(empty, notice("x".repeat(100_000))).notifications;
		expect(shown.message.length).toBeLessThanOrEqual(1_000);
		expect(shown.message.endsWith("…")).toBe(true);
	});

	it("counts a source named like an Object property as itself", () => {
		const board = post(empty, ...Array.from({ length: NOTIFICATIONS_PER_SOURCE + 2 }, (_, i) => notice(`n${i}`, "__proto__")));
		expect(Object.getPrototypeOf(board.droppedNotifications)).toBe(Object.prototype);
		expect(Object.entries(board.droppedNotifications)).toEqual([["__proto__", 2]]);
	});
});

describe("widgets and statuses", () => {
	it("shows a widget's first lines and counts the rest", () => {
		const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i}`);
		const bounded = boundLines(lines);
		expect(bounded.lines).toEqual(lines.slice(0, WIDGET_LINE_LIMIT));
		expect(bounded.hiddenLines).toBe(50_000 - WIDGET_LINE_LIMIT);
	});

	it("shows a short widget whole", () => {
		expect(boundLines(["a", "", "b"])).toEqual({ lines: ["a", "", "b"], hiddenLines: 0 });
	});

	it("caps a widget's text: each line, and all lines together", () => {
		const bounded = boundLines(Array.from({ length: 100 }, () => "y".repeat(50_000)));
		for (const line of bounded.lines) expect(line.length).toBeLessThanOrEqual(LINE_TEXT_LIMIT);
		expect(bounded.lines.join("").length).toBeLessThanOrEqual(WIDGET_TEXT_LIMIT);
		expect(bounded.lines.length + bounded.hiddenLines).toBe(100);
	});

	it("makes text of lines that are not strings", () => {
		expect(boundLines([1, null, { a: 1 }]).lines).toEqual(["1", "null", "[object Object]"]);
	});

	it("cuts text past its limit and leaves shorter text as it is", () => {
		expect(capText("short", 10)).toBe("short");
		expect(capText("0123456789abc", 10)).toBe("012345678…");
	});

	it("keeps a bounded number of keys: a new key past the limit is not added, known keys still change", () => {
		let map: Record<string, string> = {};
		for (let i = 0; i < KEYED_ITEMS_LIMIT + 5; i++) map = withBoundedKey(map, `k${i}`, `v${i}`);
		expect(Object.keys(map)).toHaveLength(KEYED_ITEMS_LIMIT);
		expect(map.k0).toBe("v0");
		map = withBoundedKey(map, "k0", "changed");
		expect(map.k0).toBe("changed");
		map = withBoundedKey(map, "k1", undefined);
		map = withBoundedKey(map, "late", "now shown");
		expect(map.late).toBe("now shown");
		expect(withBoundedKey(map, "absent", undefined)).toBe(map);
	});

	it("a key named __proto__ is an ordinary key", () => {
		const map = withBoundedKey<string>({}, "__proto__", "text");
		expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
		expect(Object.keys(map)).toEqual(["__proto__"]);
	});
});
