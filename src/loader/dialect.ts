/**
 * Which API dialect an extension is written against, read from the packages its own files import
 * (type-only imports included, so the source is read before TypeScript erases them). pi 1.6's packages
 * (`@earendil-works/*`, `@mariozechner/*`) select pi's behaviour where it differs from the oh-my-pi
 * reference (`@oh-my-pi/*`); see docs/dialects.md. An extension importing neither, or both, gets the
 * reference's, the API Playa implements.
 */
export type Dialect = "pi" | "reference";

const PI_SCOPES = ["@earendil-works/", "@mariozechner/"];
const REFERENCE_SCOPE = "@oh-my-pi/";

/** `from "x"`, `import "x"`, `import("x")`, `require("x")`: the quoted specifiers a module names. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*(["'])(@[^"'\s]+)\1/g;

export interface ScopesSeen {
	pi: boolean;
	reference: boolean;
}

/** The pi scopes one module's source names. */
export function scopesIn(source: string): ScopesSeen {
	const seen: ScopesSeen = { pi: false, reference: false };
	for (const match of source.matchAll(SPECIFIER)) {
		const specifier = match[2];
		if (PI_SCOPES.some((scope) => specifier.startsWith(scope))) seen.pi = true;
		else if (specifier.startsWith(REFERENCE_SCOPE)) seen.reference = true;
	}
	return seen;
}

/** pi's dialect when the extension's files name pi's packages and not the reference's. */
export function dialectOf(seen: ScopesSeen): Dialect {
	return seen.pi && !seen.reference ? "pi" : "reference";
}
