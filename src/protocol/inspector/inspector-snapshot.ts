/**
 * A bounded, structured-clonable copy of any value for the inspector: long strings, long arrays, big
 * objects and deep nesting are cut with a note of what was left out; functions, class instances and
 * binary data become short descriptions. Never throws (a getter that throws is noted instead). The runtime
 * takes it of what it records; the provider gateway of a payload it reports only for the record (its size
 * grows with the conversation, and only this much of it is kept).
 */
import { INSPECTOR_LIMITS } from "./inspector.ts";

export interface SnapshotLimits {
	string: number;
	items: number;
	depth: number;
	nodes: number;
}

export const FULL: SnapshotLimits = INSPECTOR_LIMITS;
/** For events that fire many times a second (message_update): enough to tell them apart. */
export const LIGHT: SnapshotLimits = { string: 200, items: 20, depth: 4, nodes: 200 };

export function cutText(text: string, limit: number): string {
	return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

export function snapshot(value: unknown, limits: SnapshotLimits = FULL): unknown {
	let nodes = 0;
	const seen = new Set<object>();
	const copy = (item: unknown, depth: number): unknown => {
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
				const copied = copy(child, depth + 1);
				if (copied !== undefined) out[cutText(key, limits.string)] = copied;
			}
			if (keys.length > limits.items) out["…"] = `${keys.length - limits.items} more keys`;
			return out;
		} finally {
			seen.delete(item);
		}
	};
	return copy(value, 0);
}
