/**
 * pi's `Theme` for Playa: the same colour names and the same `fg(color, text)` / `bg` / `bold`...
 * API, rendering ANSI escapes (true colour by default) like pi does in a terminal, so components
 * produce the lines pi would. The page turns those escapes into styles. Colour maths come from
 * pi-tui's colors.js; pi's own theme module reads files with node:fs, so it is not reused.
 */
import {
	backgroundAnsi,
	type Color,
	foregroundAnsi,
	parseColor,
	styleTextWithAnsi,
	type TerminalColorMode,
	type TextAttributes,
} from "@earendil-works/pi-tui/dist/colors.js";
import {
	DARK_THEME,
	LIGHT_THEME,
	THEME_BACKGROUNDS,
	THEME_COLORS,
	THEME_FALLBACKS,
	type ThemeBg,
	type ThemeColor,
	type ThemeJson,
	type ThemeToken,
} from "../pi-tui/themes.ts";

export { DARK_THEME, LIGHT_THEME, THEME_BACKGROUNDS, THEME_COLORS, type ThemeBg, type ThemeColor, type ThemeJson, type ThemeToken };

export type ThemeAppearance = "dark" | "light";
export type ThinkingLevelName = "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

/** Tokens only style their own slot: a foreground token as `fg`, a background token as `bg`. */
export interface ThemeStyle extends TextAttributes {
	fg?: ThemeColor | Color;
	bg?: ThemeBg | Color;
}

const BACKGROUNDS: ReadonlySet<string> = new Set(THEME_BACKGROUNDS);
const TOKENS: readonly ThemeToken[] = [...THEME_COLORS, ...THEME_BACKGROUNDS];

function resolveValue(value: string | number, vars: Record<string, string | number>, seen: string[] = []): string | number {
	if (typeof value === "number" || value === "" || value.startsWith("#") || /^ok(lch|hsl)\(/i.test(value)) return value;
	if (seen.includes(value)) throw new Error(`Circular variable reference detected: ${value}`);
	if (!(value in vars)) throw new Error(`Variable reference not found: ${value}`);
	return resolveValue(vars[value], vars, [...seen, value]);
}

/** chalk's wrapping: an inner close of the same attribute re-opens it, so nesting keeps the style. */
function wrap(open: string, close: string, text: string): string {
	return `${open}${text.includes(close) ? text.split(close).join(close + open) : text}${close}`;
}

export class Theme {
	readonly name?: string;
	readonly appearance: ThemeAppearance;
	private readonly fgAnsi = new Map<string, string>();
	private readonly bgAnsi = new Map<string, string>();
	private readonly concrete: Partial<Record<ThemeToken, Color>> = {};

	constructor(
		json: ThemeJson,
		private readonly mode: TerminalColorMode = "truecolor",
	) {
		this.name = json.name;
		const values: Partial<Record<ThemeToken, string | number>> = {};
		for (const [token, value] of Object.entries(json.colors)) {
			if (value !== undefined) values[token as ThemeToken] = resolveValue(value, json.vars ?? {});
		}
		for (const token of TOKENS) {
			const fallback = THEME_FALLBACKS[token];
			if (values[token] === undefined && fallback) values[token] = values[fallback];
			const value = values[token];
			if (value === undefined) throw new Error(`Theme "${json.name ?? "unnamed"}" has no colour for ${token}`);
			const background = BACKGROUNDS.has(token);
			if (value === "") {
				(background ? this.bgAnsi : this.fgAnsi).set(token, background ? "\x1b[49m" : "\x1b[39m");
				continue;
			}
			const color = parseColor(value);
			this.concrete[token] = color;
			(background ? this.bgAnsi : this.fgAnsi).set(token, background ? backgroundAnsi(color, mode) : foregroundAnsi(color, mode));
		}
		this.appearance = json.appearance ?? "dark";
	}

	/** The concrete colour of every token that has one ("" tokens use the page's default colours). */
	get colors(): Readonly<Partial<Record<ThemeToken, Color>>> {
		return this.concrete;
	}

	fg(color: ThemeColor, text: string): string {
		return `${this.tokenAnsi(this.fgAnsi, color)}${text}\x1b[39m`;
	}

	bg(color: ThemeBg, text: string): string {
		return `${this.tokenAnsi(this.bgAnsi, color)}${text}\x1b[49m`;
	}

	style(text: string, options: ThemeStyle): string {
		const { fg, bg } = options;
		const fgAnsi = fg === undefined ? undefined : typeof fg === "string" ? this.tokenAnsi(this.fgAnsi, fg) : foregroundAnsi(fg, this.mode);
		const bgAnsi = bg === undefined ? undefined : typeof bg === "string" ? this.tokenAnsi(this.bgAnsi, bg) : backgroundAnsi(bg, this.mode);
		return styleTextWithAnsi(text, fgAnsi, bgAnsi, options);
	}

	bold(text: string): string {
		return wrap("\x1b[1m", "\x1b[22m", text);
	}

	/** Faint text. Not in pi's Theme, but in Playa's `ctx.ui.theme` type. */
	dim(text: string): string {
		return wrap("\x1b[2m", "\x1b[22m", text);
	}

	italic(text: string): string {
		return wrap("\x1b[3m", "\x1b[23m", text);
	}

	underline(text: string): string {
		return wrap("\x1b[4m", "\x1b[24m", text);
	}

	inverse(text: string): string {
		return wrap("\x1b[7m", "\x1b[27m", text);
	}

	strikethrough(text: string): string {
		return wrap("\x1b[9m", "\x1b[29m", text);
	}

	getFgAnsi(color: ThemeColor): string {
		return this.tokenAnsi(this.fgAnsi, color);
	}

	getBgAnsi(color: ThemeBg): string {
		return this.tokenAnsi(this.bgAnsi, color);
	}

	getColorMode(): TerminalColorMode {
		return this.mode;
	}

	getThinkingBorderColor(level: ThinkingLevelName): (text: string) => string {
		const token: ThemeColor = `thinking${level.charAt(0).toUpperCase()}${level.slice(1)}` as ThemeColor;
		return (text) => this.fg(this.fgAnsi.has(token) ? token : "thinkingOff", text);
	}

	getBashModeBorderColor(): (text: string) => string {
		return (text) => this.fg("bashMode", text);
	}

	private tokenAnsi(table: Map<string, string>, token: string): string {
		const ansi = table.get(token);
		if (ansi === undefined) throw new Error(`Unknown theme color: ${token}`);
		return ansi;
	}
}

export const darkTheme = new Theme(DARK_THEME);
export const lightTheme = new Theme(LIGHT_THEME);

let current: Theme = darkTheme;

/** The theme components use when none is passed (pi's global `theme`). */
export function getTheme(): Theme {
	return current;
}

export function setTheme(theme: Theme): void {
	current = theme;
}

export function getBuiltinTheme(name: string): Theme | undefined {
	return name === "dark" ? darkTheme : name === "light" ? lightTheme : undefined;
}
