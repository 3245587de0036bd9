/**
 * pi's built-in theme follows the page's colour scheme, so what renderers and components draw reads well on the
 * page in both. A theme an extension chose from a file (`ctx.ui.setTheme`) stays until it picks another.
 */
import { darkTheme, lightTheme, setTheme, type Theme } from "../../../modules/coding-agent/theme.ts";
import type { UIClientState } from "./ui-client.ts";

export type PageAppearance = "dark" | "light";

export function builtinTheme(appearance: PageAppearance | undefined): Theme {
	return appearance === "light" ? lightTheme : darkTheme;
}

/** The page's scheme as the runtime knows it. */
export function appearanceOf(ui: Pick<UIClientState, "theme" | "builtinTheme">): PageAppearance {
	return (ui.builtinTheme ?? ui.theme) === lightTheme ? "light" : "dark";
}

/** Takes the page's new scheme; true when what draws from now on changed (the built-in theme is the one in use). */
export function followAppearance(ui: UIClientState, appearance: PageAppearance): boolean {
	if (appearance !== "dark" && appearance !== "light") throw new Error(`The page's scheme is "dark" or "light", not ${JSON.stringify(appearance)}`);
	const next = builtinTheme(appearance);
	const usingBuiltin = ui.builtinTheme === undefined || ui.theme === ui.builtinTheme;
	if (ui.builtinTheme !== undefined) ui.builtinTheme = next;
	if (!usingBuiltin || ui.theme === next) return false;
	ui.theme = next;
	setTheme(next);
	return true;
}
