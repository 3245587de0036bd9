/** `node:util`: the parts extensions use (promisify, format, inspect, inherits, types, …). */
const custom = Symbol.for("nodejs.util.promisify.custom");

type Callback = (error: unknown, ...values: unknown[]) => void;

export function promisify(original: (...args: any[]) => unknown): (...args: unknown[]) => Promise<unknown> {
	const own = (original as unknown as Record<symbol, unknown>)[custom];
	if (typeof own === "function") return own as (...args: unknown[]) => Promise<unknown>;
	return (...args: unknown[]) =>
		new Promise((resolve, reject) => {
			original(...args, ((error, value) => (error ? reject(error) : resolve(value))) as Callback);
		});
}
promisify.custom = custom;

export function callbackify(original: (...args: unknown[]) => Promise<unknown>): (...args: unknown[]) => void {
	return (...args: unknown[]) => {
		const callback = args.pop() as Callback;
		original(...args).then(
			(value) => callback(null, value),
			(error: unknown) => callback(error ?? new Error("rejected")),
		);
	};
}

export function inspect(value: unknown, options?: { depth?: number }): string {
	if (typeof value === "string") return `'${value}'`;
	if (typeof value === "function") return `[Function: ${value.name || "(anonymous)"}]`;
	if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
	if (typeof value !== "object" || value === null) return String(value);
	const seen = new WeakSet<object>();
	try {
		return JSON.stringify(
			value,
			(_key, inner: unknown) => {
				if (typeof inner === "bigint") return `${inner}n`;
				if (inner && typeof inner === "object") {
					if (seen.has(inner)) return "[Circular]";
					seen.add(inner);
				}
				return inner;
			},
			options?.depth === 0 ? undefined : 2,
		);
	} catch {
		return Object.prototype.toString.call(value);
	}
}
inspect.custom = Symbol.for("nodejs.util.inspect.custom");

export function format(first?: unknown, ...rest: unknown[]): string {
	if (typeof first !== "string") return [first, ...rest].map((value) => (typeof value === "string" ? value : inspect(value))).join(" ");
	let index = 0;
	const out = first.replace(/%[sdifjoOc%]/g, (token) => {
		if (token === "%%") return "%";
		if (index >= rest.length) return token;
		const value = rest[index++];
		switch (token) {
			case "%s":
				return typeof value === "string" ? value : inspect(value);
			case "%d":
			case "%i":
				return String(Number.parseInt(String(value), 10));
			case "%f":
				return String(Number.parseFloat(String(value)));
			case "%j":
				return JSON.stringify(value);
			case "%c":
				return "";
			default:
				return inspect(value);
		}
	});
	return [out, ...rest.slice(index).map((value) => (typeof value === "string" ? value : inspect(value)))].join(" ");
}

export function inherits(subConstructor: { prototype: object; super_?: unknown }, superConstructor: { prototype: object }): void {
	Object.setPrototypeOf(subConstructor.prototype, superConstructor.prototype);
	subConstructor.super_ = superConstructor;
}

export function deprecate<T extends (...args: any[]) => unknown>(fn: T, message: string): T {
	let warned = false;
	return function (this: unknown, ...args: unknown[]) {
		if (!warned) {
			warned = true;
			console.warn(`DeprecationWarning: ${message}`);
		}
		return fn.apply(this, args);
	} as T;
}

export function isDeepStrictEqual(a: unknown, b: unknown): boolean {
	if (Object.is(a, b)) return true;
	if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
	if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) => isDeepStrictEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function stripVTControlCharacters(text: string): string {
	return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)/g, "");
}

export const types = {
	isPromise: (value: unknown) => value instanceof Promise,
	isDate: (value: unknown) => value instanceof Date,
	isRegExp: (value: unknown) => value instanceof RegExp,
	isNativeError: (value: unknown) => value instanceof Error,
	isUint8Array: (value: unknown) => value instanceof Uint8Array,
	isAsyncFunction: (value: unknown) => typeof value === "function" && value.constructor?.name === "AsyncFunction",
};

export const isArray = Array.isArray;
const GlobalTextEncoder = globalThis.TextEncoder;
const GlobalTextDecoder = globalThis.TextDecoder;
export { GlobalTextEncoder as TextEncoder, GlobalTextDecoder as TextDecoder };

export default {
	promisify,
	callbackify,
	inspect,
	format,
	inherits,
	deprecate,
	isDeepStrictEqual,
	stripVTControlCharacters,
	types,
	isArray,
	TextEncoder: GlobalTextEncoder,
	TextDecoder: GlobalTextDecoder,
};
