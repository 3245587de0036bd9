/**
 * Key ids as extensions write them ("ctrl+shift+p", "alt+x", "f5"), in one canonical order so a
 * registered shortcut and a key press in the page compare equal.
 */
const MODIFIERS = ["ctrl", "alt", "shift", "meta"] as const;
const ALIASES: Record<string, string> = {
	control: "ctrl",
	option: "alt",
	cmd: "meta",
	command: "meta",
	super: "meta",
	esc: "escape",
	return: "enter",
	del: "delete",
};

export function normalizeKeyId(id: string): string {
	const parts = id
		.toLowerCase()
		.split("+")
		.map((part) => ALIASES[part.trim()] ?? part.trim());
	const key = parts.filter((part) => !(MODIFIERS as readonly string[]).includes(part)).join("+");
	const modifiers = MODIFIERS.filter((modifier) => parts.includes(modifier));
	return [...modifiers, key].join("+");
}

/** The key id of a browser key press, or undefined for a lone modifier. */
export function keyIdOf(event: { key: string; ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }): string | undefined {
	const key = event.key === " " ? "space" : event.key.length === 1 ? event.key.toLowerCase() : event.key.toLowerCase();
	if (["control", "alt", "shift", "meta"].includes(key)) return undefined;
	const modifiers = [event.ctrlKey && "ctrl", event.altKey && "alt", event.shiftKey && "shift", event.metaKey && "meta"].filter(Boolean);
	return normalizeKeyId([...modifiers, key].join("+"));
}
