/**
 * A bounded, structured-clonable copy of any value for the inspector: long strings, long arrays, big
 * objects and deep nesting are cut with a note of what was left out; functions, class instances and
 * binary data become short descriptions. Never throws (a getter that throws is noted instead). The runtime
 * takes it of what it records; the provider gateway of a payload it reports only for the record (its size
 * grows with the conversation, and only this much of it is kept). A conversation (an array under a `messages` or `contents` key)
 * keeps its newest messages only, after a note of how many earlier ones were left out: a late turn's records cost
 * what an early one's do.
 */
import { INSPECTOR_LIMITS } from "./inspector.ts";

export interface SnapshotLimits {
	string: number;
	items: number;
	depth: number;
	nodes: number;
	/** The newest items kept of an array under a `messages` key. */
	messages: number;
}

export const FULL: SnapshotLimits = INSPECTOR_LIMITS;
/** For events that fire many times a second (message_update): enough to tell them apart. */
export const LIGHT: SnapshotLimits = { string: 200, items: 20, depth: 4, nodes: 200, messages: 5 };

/** Keys under which an array is a conversation: chat payloads' and contexts' `messages`, Google's `contents`. */
const CONVERSATIONS = new Set(["messages", "contents"]);

/** The note that stands first in a conversation cut to its newest messages. */
export function earlierNote(count: number): string {
	return `… [${count} earlier messages]`;
}

export function cutText(text: string, limit: number): string {
	return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

/** `key`: the key `value` is found under, when it is part of something larger (`"messages"`: a conversation). */
export function snapshot(value: unknown, limits: SnapshotLimits = FULL, key?: string): unknown {
	let nodes = 0;
	const seen = new Set<object>();
	const copy = (item: unknown, depth: number, key?: string): unknown => {
		nodes++;
		if (item === null || typeof item === "boolean") return item;
		if (typeof item === "number") return Number.isFinite(item) ? item : String(item);
		if (typeof item === "string") return cutText(item, limits.string);
		if (item === undefined) return undefined;
		if (typeof item === "bigint") return `${item}n`;
		if (typeof item === "symbol") return item.toString();
		if (typeof item === "function") return `[function ${item.name || "anonymous"}]`;
		if (nodes > limits.nodes) return "[…]";
		if (depth >= limits.depth) return Array.isArray(item) ? `[array of ${item.length}]` : "[object]";
		if (ArrayBuffer.isView(item)) return `[${item.constructor.name} of ${item.byteLength} bytes]`;
		if (item instanceof ArrayBuffer) return `[ArrayBuffer of ${item.byteLength} bytes]`;
		if (seen.has(item)) return "[circular]";
		seen.add(item);
		try {
			if (Array.isArray(item) && key !== undefined && CONVERSATIONS.has(key) && item.length > limits.messages) {
				const earlier = item.length - limits.messages;
				return [earlierNote(earlier), ...item.slice(earlier).map((child) => copy(child, depth + 1) ?? null)];
			}
			if (Array.isArray(item)) {
				const out = item.slice(0, limits.items).map((child) => copy(child, depth + 1) ?? null);
				if (item.length > limits.items) out.push(`… [${item.length - limits.items} more items]`);
				return out;
			}
			if (item instanceof Map) return copy(Object.fromEntries(item), depth);
			if (item instanceof Set) return copy([...item], depth);
			if (item instanceof Date) return item.toISOString();
			if (item instanceof Error) return { name: item.name, message: cutText(item.message, limits.string) };
			const out: Record<string, unknown> = {};
			const keys = Object.keys(item);
			for (const key of keys.slice(0, limits.items)) {
				let child: unknown;
				try {
					child = (item as Record<string, unknown>)[key];
				} catch {
					child = "[getter threw]";
				}
				const copied = copy(child, depth + 1, key);
				if (copied !== undefined) out[cutText(key, limits.string)] = copied;
			}
			if (keys.length > limits.items) out["…"] = `${keys.length - limits.items} more keys`;
			return out;
		} finally {
			seen.delete(item);
		}
	};
	return copy(value, 0, key);
}
