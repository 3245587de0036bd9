// pi's theme in the runtime follows the page's colour scheme when it changes; a theme chosen from a file stays.
import { afterEach, describe, expect, it } from "vitest";
import { DARK_THEME, darkTheme, getTheme, lightTheme, setTheme, Theme } from "../../src/modules/coding-agent/theme.ts";
import { appearanceOf, followAppearance } from "../../src/runtime/extensions/ui/page-appearance.ts";
import type { UIClientState } from "../../src/runtime/extensions/ui/ui-client.ts";

const state = (fields: Partial<UIClientState>) => fields as UIClientState;

afterEach(() => setTheme(darkTheme));

describe("followAppearance", () => {
	it("switches pi's built-in theme, and the global one components use, to the page's new scheme", () => {
		const ui = state({ theme: darkTheme });
		expect(followAppearance(ui, "light")).toBe(true);
		expect(ui.theme).toBe(lightTheme);
		expect(getTheme()).toBe(lightTheme);
		expect(appearanceOf(ui)).toBe("light");
		// The same scheme again changes nothing.
		expect(followAppearance(ui, "light")).toBe(false);
		expect(followAppearance(ui, "dark")).toBe(true);
		expect(ui.theme).toBe(darkTheme);
	});

	it("keeps a theme an extension chose from a file, and changes the built-in one it falls back to", () => {
		const fromFile = new Theme({ ...DARK_THEME, name: "from-file" });
		const ui = state({ theme: fromFile, builtinTheme: darkTheme });
		setTheme(fromFile);
		expect(followAppearance(ui, "light")).toBe(false);
		expect(ui.theme).toBe(fromFile);
		expect(getTheme()).toBe(fromFile);
		expect(ui.builtinTheme).toBe(lightTheme);
		expect(appearanceOf(ui)).toBe("light");
		// Back on the built-in theme (ctx.ui.setTheme("dark") picks builtinTheme), it follows again.
		ui.theme = ui.builtinTheme!;
		expect(followAppearance(ui, "dark")).toBe(true);
		expect(ui.theme).toBe(darkTheme);
	});

	it("refuses a scheme that is not dark or light", () => {
		const ui = state({ theme: darkTheme });
		expect(() => followAppearance(ui, "sepia" as never)).toThrow('The page\'s scheme is "dark" or "light", not "sepia"');
		expect(ui.theme).toBe(darkTheme);
	});
});
