/**
 * `structuredClone` for the messages handed to handlers on every turn (the `context` event copies the whole
 * conversation, as pi does), several times faster on plain data: objects and arrays are copied as they are read.
 * Anything else — a class instance, a Date, binary data, a function, a cycle — goes to `structuredClone` whole,
 * so those values come out (or throw) exactly as they would there. One difference: an object reached twice is
 * copied twice rather than shared.
 */

/** Deeper than this is taken for a cycle. */
const MAX_DEPTH = 64;

/** Thrown inside the copy when a value is not plain data: the caller falls back to `structuredClone`. */
const NOT_PLAIN = new Error("not plain data");

function copy(value: unknown, depth: number): unknown {
	if (typeof value !== "object") {
		if (typeof value === "function" || typeof value === "symbol") throw NOT_PLAIN;
		return value;
	}
	if (value === null) return null;
	if (depth > MAX_DEPTH) throw NOT_PLAIN;
	const prototype = Object.getPrototypeOf(value);
	if (prototype === Array.prototype) {
		const array = value as unknown[];
		const out = new Array<unknown>(array.length);
		for (let i = 0; i < array.length; i++) out[i] = copy(array[i], depth + 1);
		return out;
	}
	if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
	const out: Record<string, unknown> = {};
	for (const key in value) {
		if (!Object.hasOwn(value, key)) continue;
		// Assigning `__proto__` would set the copy's prototype, not a key.
		if (key === "__proto__") throw NOT_PLAIN;
		out[key] = copy((value as Record<string, unknown>)[key], depth + 1);
	}
	return out;
}

export function cloneData<T>(value: T): T {
	try {
		return copy(value, 0) as T;
	} catch (error) {
		if (error !== NOT_PLAIN) throw error;
		return structuredClone(value);
	}
}
