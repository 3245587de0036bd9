/**
 * How much of what the runtime sends the page shows at most. Extension code decides how much it sends,
 * so each surface keeps a bounded amount: a few notifications, the first lines of a widget, a short
 * status. What is left out is counted, and the page says so.
 */

/** Notifications on screen at once, and of those at most this many from one source. */
export const VISIBLE_NOTIFICATIONS = 5;
export const NOTIFICATIONS_PER_SOURCE = 3;
export const NOTIFICATION_TEXT_LIMIT = 1_000;
/** Lines of one widget shown, its text in all, and one line's text. */
export const WIDGET_LINE_LIMIT = 200;
export const WIDGET_TEXT_LIMIT = 40_000;
export const LINE_TEXT_LIMIT = 1_000;
export const STATUS_TEXT_LIMIT = 200;
/** A running tool's output shown under its call: the end of it (the tool's own bound is 50 KB). */
export const TOOL_OUTPUT_LIMIT = 20_000;
/** Widgets and statuses shown at once; keys past this are not shown until others are cleared. */
export const KEYED_ITEMS_LIMIT = 20;

/** `text` cut to `limit` characters, with an ellipsis where it was cut. */
export function capText(text: unknown, limit: number): string {
	const value = String(text);
	return value.length > limit ? `${value.slice(0, limit - 1)}…` : value;
}

/** The last `limit` characters of `text`, with an ellipsis where it was cut (output's end is what matters). */
export function capTail(text: unknown, limit: number): string {
	const value = String(text);
	return value.length > limit ? `…${value.slice(value.length - limit + 1)}` : value;
}

/** The lines a widget shows, and how many of the lines it was given are not shown. */
export function boundLines(lines: readonly unknown[]): { lines: string[]; hiddenLines: number } {
	const shown: string[] = [];
	let total = 0;
	for (const line of lines.slice(0, WIDGET_LINE_LIMIT)) {
		const text = capText(line, LINE_TEXT_LIMIT);
		if (total + text.length > WIDGET_TEXT_LIMIT) break;
		total += text.length;
		shown.push(text);
	}
	return { lines: shown, hiddenLines: lines.length - shown.length };
}

/** The map's own value under `key` (never one inherited, like `__proto__`'s). */
export function ownValue<V>(map: Record<string, V>, key: string): V | undefined {
	return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A keyed map with one key set, or removed when the value is undefined; a new key past the limit is not added. */
export function withBoundedKey<V>(map: Record<string, V>, key: string, value: V | undefined): Record<string, V> {
	const known = Object.hasOwn(map, key);
	if (value === undefined && !known) return map;
	if (value !== undefined && !known && Object.keys(map).length >= KEYED_ITEMS_LIMIT) return map;
	const next = { ...map };
	if (value === undefined) delete next[key];
	else Object.defineProperty(next, key, { value, enumerable: true, writable: true, configurable: true });
	return next;
}

export interface Notice {
	id: number;
	message: string;
	level: "info" | "warning" | "error";
	source: string;
	/** "page": Playa's own message; "session": sent by the runtime worker, where extension code runs. */
	origin: "page" | "session";
	/** How many times this same message came in a row (1 when once). */
	count?: number;
}

export interface NoticeBoard<N extends Notice> {
	notifications: N[];
	/** Notifications taken off the screen to make room, counted by source. */
	droppedNotifications: Record<string, number>;
}

/**
 * The board with `notice` added: a repeat of a shown message counts up instead of showing twice; past
 * the limits, the oldest of the same source goes first, then the oldest from the session, then the oldest.
 * The page's own notices are thus the last to make room for a flood from the runtime.
 */
export function withNotice<N extends Notice>(board: NoticeBoard<N>, notice: N): NoticeBoard<N> {
	const added = { ...notice, message: capText(notice.message, NOTIFICATION_TEXT_LIMIT) };
	const same = (n: N) => n.source === added.source && n.origin === added.origin;
	const repeat = board.notifications.find((n) => same(n) && n.level === added.level && n.message === added.message);
	let shown = board.notifications.filter((n) => n !== repeat);
	if (repeat) added.count = (repeat.count ?? 1) + 1;
	let dropped = board.droppedNotifications;
	const drop = (victim: N | undefined) => {
		if (!victim) return;
		shown = shown.filter((n) => n !== victim);
		dropped = withBoundedKey(dropped, victim.source, (ownValue(dropped, victim.source) ?? 0) + (victim.count ?? 1));
	};
	if (shown.filter(same).length >= NOTIFICATIONS_PER_SOURCE) drop(shown.find(same));
	if (shown.length >= VISIBLE_NOTIFICATIONS) drop(shown.find((n) => n.origin === "session") ?? shown[0]);
	return { notifications: [...shown, added], droppedNotifications: dropped };
}
