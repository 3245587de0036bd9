/**
 * Which specifiers name a module the runtime provides (the pi packages of the three scopes, TypeBox, zod, chalk
 * and Node's built-ins): names only, with no module behind them, so the page (which hashes what extensions import,
 * host/trust/) and the loader can ask without loading the modules. table.ts maps each name to its module.
 */
import { NODE_BUILTINS, NODE_GLOBALS, type NodeModuleName } from "./node/support/names.ts";

export type ProvidedModuleName = "coding-agent" | "pi-ai" | "pi-tui" | "typebox" | "typebox/value" | "typebox/compile" | "zod" | "chalk" | NodeModuleName;

/** The package scopes pi's packages have been published under. */
export const PI_SCOPES = ["@earendil-works", "@mariozechner", "@oh-my-pi"] as const;

const SPECIFIERS: Record<string, ProvidedModuleName> = {
	typebox: "typebox",
	"typebox/value": "typebox/value",
	"typebox/compile": "typebox/compile",
	"@sinclair/typebox": "typebox",
	"@sinclair/typebox/value": "typebox/value",
	"@sinclair/typebox/compile": "typebox/compile",
	zod: "zod",
	// The reference's utilities re-export chalk for extensions' console output.
	"@oh-my-pi/pi-utils/chalk": "chalk",
};
for (const name of NODE_BUILTINS) {
	SPECIFIERS[name] = name;
	SPECIFIERS[name.slice("node:".length)] = name;
}
SPECIFIERS[NODE_GLOBALS] = NODE_GLOBALS;
for (const scope of PI_SCOPES) {
	SPECIFIERS[`${scope}/pi-coding-agent`] = "coding-agent";
	SPECIFIERS[`${scope}/pi-ai`] = "pi-ai";
	SPECIFIERS[`${scope}/pi-ai/compat`] = "pi-ai";
	SPECIFIERS[`${scope}/pi-tui`] = "pi-tui";
}

/** The runtime module a bare specifier names, if any. */
export function providedModuleFor(specifier: string): ProvidedModuleName | undefined {
	return Object.hasOwn(SPECIFIERS, specifier) ? SPECIFIERS[specifier] : undefined;
}

/** True for a specifier in one of pi's scopes (whether or not Playa provides it). */
export function isPiScoped(specifier: string): boolean {
	return PI_SCOPES.some((scope) => specifier.startsWith(`${scope}/`));
}
