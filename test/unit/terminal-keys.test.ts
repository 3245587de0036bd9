import { parseKey } from "@earendil-works/pi-tui/dist/keys.js";
import { describe, expect, it } from "vitest";
import { terminalSequence } from "../../src/ui/dialogs/terminal-keys.ts";

const press = (key: string, mods: { ctrl?: boolean; alt?: boolean; shift?: boolean; meta?: boolean } = {}) =>
	terminalSequence({ key, ctrlKey: !!mods.ctrl, altKey: !!mods.alt, shiftKey: !!mods.shift, metaKey: !!mods.meta });

/** What pi-tui reads the sequence as: the round trip components see. */
const read = (key: string, mods?: Parameters<typeof press>[1]) => {
	const sequence = press(key, mods);
	return sequence === undefined ? undefined : parseKey(sequence);
};

describe("browser keys as terminal sequences, read back by pi-tui", () => {
	it("tells Enter, Shift+Enter, Ctrl+Enter and Alt+Enter apart", () => {
		expect(read("Enter")).toBe("enter");
		expect(read("Enter", { shift: true })).toBe("shift+enter");
		expect(read("Enter", { ctrl: true })).toBe("ctrl+enter");
		expect(read("Enter", { alt: true })).toBe("alt+enter");
	});

	it("keeps the modifiers of arrows, Home/End and the editing keys", () => {
		expect(read("ArrowLeft")).toBe("left");
		expect(read("ArrowRight", { ctrl: true })).toBe("ctrl+right");
		expect(read("ArrowUp", { shift: true })).toBe("shift+up");
		expect(read("ArrowLeft", { alt: true })).toBe("alt+left");
		expect(read("ArrowDown", { ctrl: true, shift: true })).toBe("shift+ctrl+down");
		expect(read("Home", { ctrl: true })).toBe("ctrl+home");
		expect(read("End", { shift: true })).toBe("shift+end");
		expect(read("Delete", { ctrl: true })).toBe("ctrl+delete");
		expect(read("PageDown")).toBe("pageDown");
	});

	it("sends the function keys, plain and modified", () => {
		for (let n = 1; n <= 12; n++) expect(read(`F${n}`)).toBe(`f${n}`);
		expect(read("F1", { shift: true })).toBe("shift+f1");
		expect(read("F3", { ctrl: true })).toBe("ctrl+f3");
		expect(read("F5", { ctrl: true })).toBe("ctrl+f5");
	});

	it("keeps the keys it had: Shift+Tab, Ctrl+letters, Alt+letters, text; Meta stays with the browser", () => {
		expect(read("Tab", { shift: true })).toBe("shift+tab");
		expect(read("c", { ctrl: true })).toBe("ctrl+c");
		expect(read("x", { alt: true })).toBe("alt+x");
		expect(press("é")).toBe("é");
		expect(press("v", { meta: true })).toBeUndefined();
		expect(press("Shift", { shift: true })).toBeUndefined();
	});
});
