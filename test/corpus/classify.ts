/**
 * What an example needs, read from its source (and the sources of its local imports): Node
 * built-ins it imports, Node globals it touches, terminal-only UI it uses. Type-only imports are
 * dropped first (the source goes through Playa's own transpiler), so only real imports count.
 */
import { builtinModules } from "node:module";
import { init, parse } from "es-module-lexer";
import { transpile } from "../../src/loader/transpile.ts";
import { EXT_ORIGIN } from "../support/runtime-harness.ts";

export type Kind = "node" | "terminal" | "browser";

export interface Needs {
	kind: Kind;
	/** Node built-in modules imported (by the entry or a local module it imports). */
	nodeImports: string[];
	/** Node-only globals used (`process`, `Buffer`, `require`, `__dirname`). */
	nodeGlobals: string[];
	/** Terminal-only UI the source uses. */
	terminal: string[];
	/** Bare package imports other than pi's, TypeBox and zod (fetched from the CDN). */
	packages: string[];
}

const BUILTINS = new Set(builtinModules);
const HOST_PACKAGES = /^(@(earendil-works|mariozechner|oh-my-pi)\/pi-(coding-agent|ai|tui|agent-core)(\/.*)?|typebox(\/.*)?|@sinclair\/typebox(\/.*)?|zod)$/;

const NODE_GLOBALS: [RegExp, string][] = [
	[/\bprocess\.\w+/, "process"],
	[/\bBuffer\.\w+/, "Buffer"],
	[/\brequire\(/, "require"],
	[/\b__dirname\b|\b__filename\b/, "__dirname"],
];

/** Pieces of the API that only a terminal can show (custom components, terminal chrome). */
const TERMINAL_APIS: [RegExp, string][] = [
	[/\.ui\.custom\s*[<(]/, "ctx.ui.custom"],
	[/\.setEditorComponent\s*\(/, "setEditorComponent"],
	[/\.setFooter\s*\(/, "setFooter"],
	[/\.setHeader\s*\(/, "setHeader"],
	[/\.onTerminalInput\s*\(/, "onTerminalInput"],
	[/\.addAutocompleteProvider\s*\(/, "addAutocompleteProvider"],
	[/\.setWorkingIndicator\s*\(/, "setWorkingIndicator"],
	[/\.setWorkingVisible\s*\(/, "setWorkingVisible"],
	[/\.setHiddenThinkingLabel\s*\(/, "setHiddenThinkingLabel"],
];

function stripComments(code: string): string {
	return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\"'`])\/\/.*$/gm, "$1");
}

function isNodeBuiltin(specifier: string): boolean {
	return specifier.startsWith("node:") || BUILTINS.has(specifier) || BUILTINS.has(specifier.split("/")[0]);
}

/** Classifies `entry` (a path inside `files`), following its relative imports. */
export async function classify(entry: string, files: Record<string, string>): Promise<Needs> {
	await init;
	const nodeImports = new Set<string>();
	const nodeGlobals = new Set<string>();
	const terminal = new Set<string>();
	const packages = new Set<string>();
	const seen = new Set<string>();
	const visit = async (path: string) => {
		if (seen.has(path) || files[path] === undefined) return;
		seen.add(path);
		const url = EXT_ORIGIN + path;
		const code = await transpile(files[path], url);
		const [imports] = parse(code);
		for (const { specifier } of imports) {
			if (!specifier) continue;
			if (specifier.startsWith("./") || specifier.startsWith("../")) await visit(new URL(specifier, url).href.slice(EXT_ORIGIN.length));
			else if (isNodeBuiltin(specifier)) nodeImports.add(specifier);
			else if (!HOST_PACKAGES.test(specifier)) packages.add(specifier);
		}
		const body = stripComments(code);
		for (const [pattern, name] of NODE_GLOBALS) if (pattern.test(body)) nodeGlobals.add(name);
		for (const [pattern, name] of TERMINAL_APIS) if (pattern.test(body)) terminal.add(name);
	};
	await visit(entry);
	const sorted = (set: Set<string>) => [...set].sort();
	const kind: Kind = nodeImports.size > 0 || nodeGlobals.size > 0 ? "node" : terminal.size > 0 ? "terminal" : "browser";
	return { kind, nodeImports: sorted(nodeImports), nodeGlobals: sorted(nodeGlobals), terminal: sorted(terminal), packages: sorted(packages) };
}

/** One-line summary for the table's "needs" column. */
export function describeNeeds(needs: Needs): string {
	const parts: string[] = [];
	if (needs.nodeImports.length > 0) parts.push(`Node built-ins (${needs.nodeImports.join(", ")})`);
	if (needs.nodeGlobals.length > 0) parts.push(`Node globals (${needs.nodeGlobals.join(", ")})`);
	if (needs.terminal.length > 0) parts.push(`terminal (${needs.terminal.join(", ")})`);
	if (needs.packages.length > 0) parts.push(`npm (${needs.packages.join(", ")})`);
	return parts.join("; ") || "—";
}
