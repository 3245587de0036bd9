/**
 * The type files the editor's TypeScript worker knows, collected at build time: Playa's extension API
 * (`src/api`), the `.d.ts` graphs of the packages extensions import (pi-ai, pi-agent-core, pi-tui,
 * typebox, zod, followed from each package's types entry), TypeScript's own ES and web-worker libs, and
 * module declarations for every specifier an extension may import (src/modules/table.ts). Paths are
 * the worker's virtual file system's; values are file texts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const PACKAGES = ["@earendil-works/pi-ai", "@earendil-works/pi-agent-core", "@earendil-works/pi-tui", "typebox", "zod"];
const SCOPES = ["@earendil-works", "@mariozechner", "@oh-my-pi"];
const ROOT_LIBS = ["lib.es2023.d.ts", "lib.webworker.d.ts", "lib.webworker.iterable.d.ts", "lib.webworker.asynciterable.d.ts"];

/** Specifiers in a declaration file: imports, exports, `import("x")` types and triple-slash references. */
function specifiersOf(text) {
	const found = new Set();
	for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)) found.add(match[1]);
	for (const match of text.matchAll(/\/\/\/\s*<reference\s+path=["']([^"']+)["']/g)) found.add(`./${match[1].replace(/^\.\//, "")}`);
	return [...found];
}

/** The declaration file a relative specifier of `from` names, if it exists. */
function resolveRelative(from, specifier) {
	const base = join(dirname(from), specifier);
	const candidates = [
		base.replace(/\.js$/, ".d.ts"),
		base.replace(/\.ts$/, ".d.ts"),
		base.replace(/\.mjs$/, ".d.mts"),
		base.replace(/\.cjs$/, ".d.cts"),
		`${base}.d.ts`,
		join(base, "index.d.ts"),
		base,
	];
	return candidates.find((file) => /\.d\.[mc]?ts$/.test(file) && existsSync(file));
}

function packageTypes(root, name) {
	const dir = join(root, "node_modules", name);
	const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
	const entry = manifest.types ?? manifest.typings ?? "index.d.ts";
	return { dir, entry: join(dir, entry), manifest };
}

/** Every declaration file reachable from the packages' entries, by virtual path. */
function packageFiles(root) {
	const files = {};
	const packageOf = new Map(PACKAGES.map((name) => [name, packageTypes(root, name)]));
	const queue = [];
	for (const [name, { dir, entry, manifest }] of packageOf) {
		files[`/node_modules/${name}/package.json`] = JSON.stringify({ name, version: manifest.version, types: relative(dir, entry).split("\\").join("/") });
		queue.push(entry);
	}
	const seen = new Set();
	while (queue.length > 0) {
		const file = queue.pop();
		if (seen.has(file)) continue;
		seen.add(file);
		const text = readFileSync(file, "utf8");
		files[`/${relative(root, file).split("\\").join("/")}`] = text.replace(/\n\/\/# sourceMappingURL=.*$/m, "");
		for (const specifier of specifiersOf(text)) {
			if (specifier.startsWith(".")) {
				const target = resolveRelative(file, specifier);
				if (target) queue.push(target);
				continue;
			}
			// Deep imports of the listed packages (pi-tui/dist/...): followed too.
			const owner = PACKAGES.find((name) => specifier === name || specifier.startsWith(`${name}/`));
			if (owner && specifier !== owner) {
				const target = resolveRelative(join(root, "node_modules", owner, "x"), `./${specifier.slice(owner.length + 1)}`);
				if (target) queue.push(target);
			}
		}
	}
	return files;
}

/** TypeScript's libs the worker's programs use, with the libs they reference. */
function libFiles(libDir) {
	const files = {};
	const queue = [...ROOT_LIBS];
	while (queue.length > 0) {
		const name = queue.pop();
		if (files[`/${name}`] !== undefined) continue;
		const text = readFileSync(join(libDir, name), "utf8");
		files[`/${name}`] = text;
		for (const match of text.matchAll(/\/\/\/\s*<reference\s+lib=["']([^"']+)["']/g)) queue.push(`lib.${match[1].toLowerCase()}.d.ts`);
	}
	return files;
}

/** Playa's own API, as sources: types only, importing the packages above. */
function apiFiles(root) {
	const files = {};
	const dir = join(root, "src", "api");
	for (const name of readdirSync(dir)) if (name.endsWith(".ts")) files[`/playa/api/${name}`] = readFileSync(join(dir, name), "utf8");
	return files;
}

/** What `@<scope>/pi-coding-agent` exports in Playa: the API's types and the module's helpers. */
const CODING_AGENT = `export type * from "/playa/api/types.ts";
import type { ExtensionEvent, ToolCallEvent, ToolDefinition, ToolParameters } from "/playa/api/types.ts";
export declare function defineTool<const TParams extends ToolParameters = ToolParameters, TDetails = unknown, TState = unknown>(tool: ToolDefinition<TParams, TDetails, TState>): ToolDefinition<TParams, TDetails, TState>;
export declare function isToolCallEventType<N extends string>(toolName: N, event: ToolCallEvent): event is ToolCallEvent & { toolName: N };
export declare function isToolResultEventType<N extends string>(toolName: N, event: ExtensionEvent<"tool_result">): boolean;
export { Container, Text, Spacer, Loader, CancellableLoader, visibleWidth, truncateToWidth, matchesKey, Key } from "@earendil-works/pi-tui";
`;

function moduleDeclarations() {
	const files = {
		"/node_modules/@earendil-works/pi-coding-agent/package.json": JSON.stringify({ name: "@earendil-works/pi-coding-agent", types: "index.d.ts" }),
		"/node_modules/@earendil-works/pi-coding-agent/index.d.ts": CODING_AGENT,
	};
	const alias = (name, target) => {
		files[`/node_modules/${name}/package.json`] = JSON.stringify({ name, types: "index.d.ts" });
		files[`/node_modules/${name}/index.d.ts`] = `export * from "${target}";\n`;
	};
	for (const scope of SCOPES.filter((scope) => scope !== "@earendil-works")) {
		for (const pkg of ["pi-coding-agent", "pi-ai", "pi-tui"]) alias(`${scope}/${pkg}`, `@earendil-works/${pkg}`);
	}
	alias("@earendil-works/pi-ai/compat", "@earendil-works/pi-ai");
	alias("@sinclair/typebox", "typebox");
	return files;
}

/** The whole bundle: virtual path → text. */
export function collectEditorTypes(root) {
	const libDir = join(root, "node_modules", "typescript-js", "lib");
	return { ...libFiles(libDir), ...packageFiles(root), ...apiFiles(root), ...moduleDeclarations() };
}

export const EDITOR_LIB_NAMES = ROOT_LIBS;
