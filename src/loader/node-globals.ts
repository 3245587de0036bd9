/**
 * Node's globals for an extension's own modules: a module that uses `process`, `Buffer`, `setImmediate`,
 * `require`, `global`, `__dirname` or `__filename` without declaring it gets them bound by a prelude on
 * its first line (so line numbers stay), imported from the module table's globals module. The runtime's
 * own global scope stays as it is: libraries in the worker that test `typeof process` see no change.
 * Modules of the reference's dialect get Bun's global `Bun` the same way.
 */
import { NODE_GLOBALS } from "../modules/node/support/names.ts";

const IMPORTED = ["process", "Buffer", "setImmediate", "clearImmediate", "require", "global"] as const;

/** A top-level (or any) declaration of `name` in the module: then it is the module's own. */
function declares(code: string, name: string): boolean {
	const declaration = new RegExp(`(?:\\b(?:const|let|var|function|class)\\s+|\\bimport\\s+|\\bas\\s+|\\bimport\\s*\\{[^}]*?)\\b${name}\\b`);
	return declaration.test(code);
}

function uses(code: string, name: string): boolean {
	// Not a property (`x.process`) nor an object key (`{ process: 1 }` is still a use when it is shorthand).
	return new RegExp(`(?<![.\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(code);
}

/**
 * The prelude for `code` (the module at `url`), or "" when it uses none of Node's globals. `bun`: the module
 * is of the reference's dialect, which runs on Bun, so a free `Bun` is bound too (modules/node/bun.ts).
 */
export function nodeGlobalsPrelude(code: string, url: string, options: { bun?: boolean } = {}): string {
	const names: string[] = IMPORTED.filter((name) => uses(code, name) && !declares(code, name));
	if (options.bun && uses(code, "Bun") && !declares(code, "Bun")) names.push("Bun");
	const parts: string[] = [];
	if (names.length > 0) parts.push(`import { ${names.join(", ")} } from ${JSON.stringify(NODE_GLOBALS)};`);
	const needsFile = uses(code, "__filename") && !declares(code, "__filename");
	const needsDir = uses(code, "__dirname") && !declares(code, "__dirname");
	if (needsFile || needsDir) {
		let file = url;
		try {
			file = decodeURIComponent(new URL(url).pathname);
		} catch {
			// Not a URL: keep it as it is.
		}
		const directory = file.slice(0, Math.max(1, file.lastIndexOf("/")));
		if (needsFile) parts.push(`const __filename = ${JSON.stringify(file)};`);
		if (needsDir) parts.push(`const __dirname = ${JSON.stringify(directory)};`);
	}
	return parts.join(" ");
}
