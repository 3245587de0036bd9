/**
 * Computed dynamic imports (`import(expr)` whose argument is not a string literal, template globs
 * such as `import(\`./${x}.js\`)` included): the loader cannot know their specifier ahead, and the
 * engine would resolve it against the generated module URL. Each becomes a call of a resolver the
 * loader provides, bound by a static import of its shim module, so extension code cannot swap it:
 * `import(expr)` → `__playa_computedImport("<importer URL>", expr)`. Line numbers stay as they were.
 */
import type { DynamicImport, Import } from "es-module-lexer";

/** The local name of the resolver in a rewritten module. */
const RESOLVER = "__playa_computedImport";

/** `import(expr)` with a specifier the lexer cannot name (no `import.source`/`import.defer`). */
export function computedImport(entry: Import): DynamicImport | undefined {
	return entry.type === "dynamic" && entry.phase === null && (entry.specifier === undefined || entry.glob) ? entry : undefined;
}

/** Replaces `import(` of `entry` in `code` with a call of the resolver naming `importer`. */
export function rewriteComputedImport(code: string, entry: DynamicImport, importer: string): string {
	// From `import` to its `(`, comments and line breaks included; the line breaks are kept.
	const head = code.slice(entry.importStart, entry.dynamicStart + 1);
	const lineBreaks = head.replace(/[^\n]/g, "");
	return `${code.slice(0, entry.importStart)}${RESOLVER}(${JSON.stringify(importer)}, ${lineBreaks}${code.slice(entry.dynamicStart + 1)}`;
}

/** `code` with the resolver imported on its first line (after a hashbang line), adding no line. */
export function withResolverImport(code: string, resolverUrl: string): string {
	const declaration = `import ${RESOLVER} from ${JSON.stringify(resolverUrl)}; `;
	const at = code.startsWith("#!") ? code.indexOf("\n") + 1 : 0;
	if (code.startsWith("#!") && at === 0) return `${code}\n${declaration}`;
	return code.slice(0, at) + declaration + code.slice(at);
}
