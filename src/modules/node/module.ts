/** `node:module`: `createRequire` gives the `require` of the globals (built-ins only), `builtinModules` lists them. */
import { NODE_BUILTINS } from "./support/names.ts";

export function createModule(require: (name: string) => unknown): Record<string, unknown> {
	const module: Record<string, unknown> = {
		createRequire: () => require,
		builtinModules: NODE_BUILTINS.map((name) => name.slice("node:".length)),
		isBuiltin: (name: string) => NODE_BUILTINS.includes((name.startsWith("node:") ? name : `node:${name}`) as never),
	};
	module.default = module;
	return module;
}
