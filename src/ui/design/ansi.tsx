/**
 * ANSI-styled lines (what pi-tui components render) as styled text: SGR colours and styles become
 * inline styles; every other escape (cursor markers, OSC, APC) is dropped. Text stays text.
 */
import type { CSSProperties, ReactNode } from "react";

interface Style {
	color?: string;
	background?: string;
	bold?: boolean;
	dim?: boolean;
	italic?: boolean;
	underline?: boolean;
	inverse?: boolean;
	strike?: boolean;
}

const BASIC = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5"];
const BRIGHT = ["#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"];

function color256(n: number): string {
	if (n < 8) return BASIC[n];
	if (n < 16) return BRIGHT[n - 8];
	if (n >= 232) {
		const v = 8 + (n - 232) * 10;
		return `rgb(${v},${v},${v})`;
	}
	const i = n - 16;
	const level = (x: number) => (x === 0 ? 0 : 55 + x * 40);
	return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
}

/** Applies one SGR parameter list to a style. */
function applySgr(style: Style, params: number[]): Style {
	const next = { ...style };
	for (let i = 0; i < params.length; i++) {
		const p = params[i];
		if (p === 0) Object.keys(next).forEach((key) => delete next[key as keyof Style]);
		else if (p === 1) next.bold = true;
		else if (p === 2) next.dim = true;
		else if (p === 3) next.italic = true;
		else if (p === 4) next.underline = true;
		else if (p === 7) next.inverse = true;
		else if (p === 9) next.strike = true;
		else if (p === 22) next.bold = next.dim = false;
		else if (p === 23) next.italic = false;
		else if (p === 24) next.underline = false;
		else if (p === 27) next.inverse = false;
		else if (p === 29) next.strike = false;
		else if (p >= 30 && p <= 37) next.color = BASIC[p - 30];
		else if (p >= 90 && p <= 97) next.color = BRIGHT[p - 90];
		else if (p === 39) delete next.color;
		else if (p >= 40 && p <= 47) next.background = BASIC[p - 40];
		else if (p >= 100 && p <= 107) next.background = BRIGHT[p - 100];
		else if (p === 49) delete next.background;
		else if (p === 38 || p === 48) {
			const key = p === 38 ? "color" : "background";
			if (params[i + 1] === 2) {
				next[key] = `rgb(${params[i + 2] ?? 0},${params[i + 3] ?? 0},${params[i + 4] ?? 0})`;
				i += 4;
			} else if (params[i + 1] === 5) {
				next[key] = color256(params[i + 2] ?? 0);
				i += 2;
			}
		}
	}
	return next;
}

function css(style: Style): CSSProperties {
	const [fg, bg] = style.inverse ? [style.background ?? "Canvas", style.color ?? "CanvasText"] : [style.color, style.background];
	return {
		color: fg,
		background: bg,
		fontWeight: style.bold ? "bold" : undefined,
		opacity: style.dim ? 0.6 : undefined,
		fontStyle: style.italic ? "italic" : undefined,
		textDecoration: [style.underline && "underline", style.strike && "line-through"].filter(Boolean).join(" ") || undefined,
	};
}

// SGR sequences, other CSI sequences, OSC / APC / DCS strings, and lone escapes.
const ESCAPES = /\x1b\[([\d;]*)m|\x1b\[[\d;?]*[A-Za-ln-z]|\x1b[\]_P][\s\S]*?(?:\x07|\x1b\\)|\x1b./g;

export function ansiToNodes(line: string, key: string): ReactNode[] {
	const nodes: ReactNode[] = [];
	let style: Style = {};
	let last = 0;
	let index = 0;
	const push = (text: string) => {
		if (text)
			nodes.push(
				<span key={`${key}-${index++}`} style={css(style)}>
					{text}
				</span>,
			);
	};
	for (const match of line.matchAll(ESCAPES)) {
		push(line.slice(last, match.index));
		last = match.index + match[0].length;
		if (match[1] !== undefined) style = applySgr(style, (match[1] || "0").split(";").map(Number));
	}
	push(line.slice(last));
	return nodes;
}

/** The plain text of an ANSI line. */
export function stripAnsi(line: string): string {
	return line.replace(ESCAPES, "");
}
