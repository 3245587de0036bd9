/**
 * Stand-ins for the parts of pi-tui that need a real terminal or a Node process (the terminal
 * driver, stdin buffering, the native clipboard, inline image protocols, file-path completion).
 * Importing them works, so an extension that only mentions one still loads; using one throws an
 * error that says why, which the runtime can report as "not supported in the browser".
 */

export class UnsupportedInBrowserError extends Error {
	constructor(
		readonly feature: string,
		why = "it needs a real terminal",
	) {
		super(`${feature} is not supported in the browser: ${why}.`);
		this.name = "UnsupportedInBrowserError";
	}
}

/** A function with the signature of `T` that throws when called. */
export function unsupportedFunction<T extends (...args: never[]) => unknown>(feature: string, why?: string): T {
	const stub = () => {
		throw new UnsupportedInBrowserError(feature, why);
	};
	return stub as unknown as T;
}

/** A class with the type of `T` whose constructor throws. */
export function unsupportedClass<T extends abstract new (...args: never[]) => unknown>(feature: string, why?: string): T {
	const stub = class {
		constructor() {
			throw new UnsupportedInBrowserError(feature, why);
		}
	};
	Object.defineProperty(stub, "name", { value: feature });
	return stub as unknown as T;
}
