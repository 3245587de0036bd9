// A new user's first screen (src/ui/editor/first-screen.ts): when the starter extension is made.
import { describe, expect, it } from "vitest";
import { isFirstVisit, STARTER_TEMPLATE } from "../../src/ui/editor/first-screen.ts";
import { TEMPLATES } from "../../src/ui/editor/templates.ts";

const fresh = { playgroundId: "home", search: "", stored: null, files: [], sessions: [{ entryCount: 0 }], entryCount: 0 };

describe("the first screen", () => {
	it("makes the starter on the home playground's first visit, with nothing in it", () => {
		expect(isFirstVisit(fresh)).toBe(true);
		expect(isFirstVisit({ ...fresh, sessions: [] })).toBe(true);
	});

	it("leaves a returning user's work as it was", () => {
		expect(isFirstVisit({ ...fresh, stored: "seen" })).toBe(false);
		expect(isFirstVisit({ ...fresh, files: ["/home/user/project/.pi/extensions/mine.ts"] })).toBe(false);
		expect(isFirstVisit({ ...fresh, sessions: [{ entryCount: 0 }, { entryCount: 4 }] })).toBe(false);
		expect(isFirstVisit({ ...fresh, entryCount: 2 })).toBe(false);
	});

	it("makes none when turned off, on another playground, or for a link that opens something", () => {
		expect(isFirstVisit({ ...fresh, stored: "off" })).toBe(false);
		expect(isFirstVisit({ ...fresh, playgroundId: "abc123" })).toBe(false);
		expect(isFirstVisit({ ...fresh, search: "?ext=/extensions/dialog-demo.ts" })).toBe(false);
		expect(isFirstVisit({ ...fresh, search: "#playa=xyz" })).toBe(false);
	});

	it("starts from a template that exists", () => {
		expect(TEMPLATES.map((t) => t.id)).toContain(STARTER_TEMPLATE);
	});
});
