/**
 * Browser key presses as the byte sequences a terminal sends, for pi-tui components: xterm's encoding
 * (modifiers as `1 + shift + 2·alt + 4·ctrl` in CSI parameters), and the CSI-u form for modified Enter,
 * which legacy encodings cannot tell from Enter.
 */
interface KeyPress {
	key: string;
	ctrlKey: boolean;
	altKey: boolean;
	shiftKey: boolean;
	metaKey: boolean;
}

const PLAIN: Record<string, string> = {
	Enter: "\r",
	Escape: "\x1b",
	Backspace: "\x7f",
	Tab: "\t",
};

/** Keys xterm sends as `CSI 1 ; <mod> <final>` when modified, `CSI <final>` (or SS3 for F1–F4) when not. */
const FINAL: Record<string, { final: string; plain: string }> = {
	ArrowUp: { final: "A", plain: "\x1b[A" },
	ArrowDown: { final: "B", plain: "\x1b[B" },
	ArrowRight: { final: "C", plain: "\x1b[C" },
	ArrowLeft: { final: "D", plain: "\x1b[D" },
	Home: { final: "H", plain: "\x1b[H" },
	End: { final: "F", plain: "\x1b[F" },
	F1: { final: "P", plain: "\x1bOP" },
	F2: { final: "Q", plain: "\x1bOQ" },
	F4: { final: "S", plain: "\x1bOS" },
};

/** Keys xterm sends as `CSI <number> ~`, `CSI <number> ; <mod> ~` when modified (F3 too: `CSI 1;<mod>R` reads as a cursor report). */
const TILDE: Record<string, number> = {
	Insert: 2,
	Delete: 3,
	PageUp: 5,
	PageDown: 6,
	F3: 13,
	F5: 15,
	F6: 17,
	F7: 18,
	F8: 19,
	F9: 20,
	F10: 21,
	F11: 23,
	F12: 24,
};

function modifierParam(event: KeyPress): number {
	return 1 + (event.shiftKey ? 1 : 0) + (event.altKey ? 2 : 0) + (event.ctrlKey ? 4 : 0);
}

export function terminalSequence(event: KeyPress): string | undefined {
	if (event.metaKey) return undefined;
	const modifier = modifierParam(event);
	if (event.key === "Tab" && event.shiftKey && !event.ctrlKey && !event.altKey) return "\x1b[Z";
	if (event.key === "Enter" && (event.shiftKey || event.ctrlKey)) return `\x1b[13;${modifier}u`;
	const final = FINAL[event.key];
	if (final) return modifier === 1 ? final.plain : `\x1b[1;${modifier}${final.final}`;
	const tilde = TILDE[event.key];
	if (tilde !== undefined) return modifier === 1 ? `\x1b[${tilde}~` : `\x1b[${tilde};${modifier}~`;
	const plain = PLAIN[event.key];
	if (plain) return event.altKey ? `\x1b${plain}` : plain;
	if (event.key.length !== 1) return undefined;
	if (event.ctrlKey) {
		const code = event.key.toLowerCase().charCodeAt(0);
		if (code >= 97 && code <= 122) return event.altKey ? `\x1b${String.fromCharCode(code - 96)}` : String.fromCharCode(code - 96);
		return undefined;
	}
	return event.altKey ? `\x1b${event.key}` : event.key;
}
