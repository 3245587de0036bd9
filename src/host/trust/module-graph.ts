/**
 * Every module an extension would run, found by the page itself: its entry, and each file it imports by a relative
 * path or a URL, read and hashed here (the workspace's files through the page's own workspace, URLs with the page's
 * fetch). What the user says yes to is this list, by content; the runtime's loader is given the hashes and refuses
 * any other text or any module the list does not have (loader/module-trust.ts). Nothing the runtime says goes into
 * it: the runtime can neither add a file to what was trusted nor change a hash.
 *
 * Bare imports (`import x from "lodash@4"`) go to the module CDN, which serves them by name and version: they, and
 * what CDN modules import, are not part of the list. Imports are found with es-module-lexer on the author's text (it
 * lexes TypeScript); type-only ones are left out, as the transpiler drops them. A module the lexer cannot read is
 * searched for `from "…"` / `import("…")` instead, finding at least every import it has: a file found too many is
 * listed and hashed for nothing, a file missed would be refused by the loader.
 */
// Its asm.js build: the page's CSP allows no WebAssembly compiling (`wasm-unsafe-eval`), which the default build needs.
import { init as initLexer, parse as parseImports } from "es-module-lexer/js";
import { isBareSpecifier } from "../../loader/module-trust.ts";
import { resolveSpecifier } from "../../loader/specifiers.ts";
import { contentHash } from "../../share/content-hash.ts";

/** One module of an extension: its URL (`workspace:` or http(s)), its text as read, and the `sha256-<hex>` of that text. */
export interface GraphModule {
	url: string;
	text: string;
	hash: string;
}

/** Reads a module's text; throws (or answers undefined) when there is none. */
export type ReadText = (url: string) => Promise<string | undefined>;

/** An extension this large is hashed this far; the loader refuses what was left out. */
const MAX_MODULES = 200;

const FALLBACK = /\b(?:from|import)\s*\(?\s*(["'])([^"'\n]+)\1/g;

/** The specifiers `text` imports at run time: static and literal dynamic ones. */
export async function importSpecifiers(text: string, url: string): Promise<string[]> {
	await initLexer;
	try {
		const [imports] = parseImports(text, url);
		// es-module-lexer lexes TypeScript and marks type-only imports (`typeOnly`, on static ones), which the transpiler drops.
		return imports.flatMap((entry) => (typeof entry.specifier === "string" && !("typeOnly" in entry && entry.typeOnly === true) ? [entry.specifier] : []));
	} catch {
		return [...text.matchAll(FALLBACK)].map((match) => match[2] as string);
	}
}

/**
 * The modules of the extension at `entry`, the entry first. A module that cannot be read is not in the graph (the
 * loader then refuses it, or fails to find it as it would anyway). An import of plain JavaScript by URL is hashed,
 * not followed (its own imports are a CDN's).
 */
export async function moduleGraph(entry: string, read: ReadText, known?: ReadonlyMap<string, string>): Promise<GraphModule[]> {
	const modules: GraphModule[] = [];
	const seen = new Set<string>([entry]);
	const queue: { url: string; javascript: boolean }[] = [{ url: entry, javascript: false }];
	while (queue.length > 0 && modules.length < MAX_MODULES) {
		const { url, javascript } = queue.shift()!;
		let text: string | undefined;
		try {
			text = known?.get(url) ?? (await read(url));
		} catch {
			text = undefined;
		}
		if (text === undefined) continue;
		modules.push({ url, text, hash: await contentHash(text) });
		if (javascript) continue;
		for (const specifier of await importSpecifiers(text, url)) {
			if (isBareSpecifier(specifier)) continue;
			const resolution = resolveSpecifier(specifier, url);
			if (resolution.kind !== "source" || seen.has(resolution.url)) continue;
			seen.add(resolution.url);
			queue.push({ url: resolution.url, javascript: resolution.javascript === true });
		}
	}
	return modules;
}
