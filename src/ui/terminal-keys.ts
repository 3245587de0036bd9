/** Browser key presses as the byte sequences a terminal sends, for pi-tui components. */
const NAMED: Record<string, string> = {
	Enter: "\r",
	Escape: "\x1b",
	Backspace: "\x7f",
	Tab: "\t",
	ArrowUp: "\x1b[A",
	ArrowDown: "\x1b[B",
	ArrowRight: "\x1b[C",
	ArrowLeft: "\x1b[D",
	Home: "\x1b[H",
	End: "\x1b[F",
	Delete: "\x1b[3~",
	PageUp: "\x1b[5~",
	PageDown: "\x1b[6~",
};

export function terminalSequence(event: { key: string; ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }): string | undefined {
	if (event.metaKey) return undefined;
	if (event.key === "Tab" && event.shiftKey) return "\x1b[Z";
	const named = NAMED[event.key];
	if (named) return event.altKey ? `\x1b${named}` : named;
	if (event.key.length !== 1) return undefined;
	if (event.ctrlKey) {
		const code = event.key.toLowerCase().charCodeAt(0);
		if (code >= 97 && code <= 122) return String.fromCharCode(code - 96);
		return undefined;
	}
	return event.altKey ? `\x1b${event.key}` : event.key;
}
