/**
 * What pi loads from a package, found as pi finds it (its package-manager's rules) but over the CDN's file
 * list instead of a disk: the `pi` manifest's `extensions`, `skills`, `prompts` and `themes` (paths, folders
 * and globs, with `!`/`+`/`-` patterns), or without one the conventional `extensions/ skills/ prompts/ themes/`
 * folders. oh-my-pi's `omp` manifest is read the same way when there is no `pi` one. Runs wherever packages
 * are resolved (the page, the headless runner).
 */
import { globToRegExp, hasGlob, normalizePath } from "./manifest-glob.ts";
import { isRecord } from "./http.ts";

export const RESOURCE_TYPES = ["extensions", "skills", "prompts", "themes"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type PackageResources = Record<ResourceType, string[]>;

export interface FoundResources extends PackageResources {
	/** Where they were found: the manifest (`pi` or `omp`), the conventional folders, or nowhere. */
	from: "pi" | "omp" | "folders" | "none";
}

const FILE_PATTERNS: Record<ResourceType, RegExp> = { extensions: /\.(ts|js)$/, skills: /\.md$/, prompts: /\.md$/, themes: /\.json$/ };

/** The package's file list as a tree pi's rules can walk. */
class FileTree {
	readonly files: Set<string>;
	readonly dirs = new Set<string>([""]);

	constructor(paths: readonly string[]) {
		this.files = new Set(paths);
		for (const path of paths) {
			const parts = path.split("/");
			for (let end = 1; end < parts.length; end++) this.dirs.add(parts.slice(0, end).join("/"));
		}
	}

	/** The direct children of a folder, names only, files and folders apart. */
	children(dir: string): { files: string[]; dirs: string[] } {
		const prefix = dir ? `${dir}/` : "";
		const files: string[] = [];
		const dirs = new Set<string>();
		for (const path of this.files) {
			if (!path.startsWith(prefix)) continue;
			const rest = path.slice(prefix.length);
			const slash = rest.indexOf("/");
			if (slash < 0) files.push(rest);
			else dirs.add(rest.slice(0, slash));
		}
		const visible = (name: string) => !name.startsWith(".") && name !== "node_modules";
		return { files: files.filter(visible).sort(), dirs: [...dirs].filter(visible).sort() };
	}
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** pi's `collectFiles`: matching files, recursively. */
function collectFiles(tree: FileTree, dir: string, pattern: RegExp): string[] {
	const { files, dirs } = tree.children(dir);
	return [
		...files.filter((name) => pattern.test(name)).map((name) => join(dir, name)),
		...dirs.flatMap((name) => collectFiles(tree, join(dir, name), pattern)),
	];
}

/** pi's `collectSkillEntries` ("pi" mode): a folder with SKILL.md is that skill; else its top .md files, then its folders. */
function collectSkills(tree: FileTree, dir: string, root: string): string[] {
	if (tree.files.has(join(dir, "SKILL.md"))) return [join(dir, "SKILL.md")];
	const { files, dirs } = tree.children(dir);
	const top = dir === root ? files.filter((name) => name.endsWith(".md")).map((name) => join(dir, name)) : [];
	return [...top, ...dirs.flatMap((name) => collectSkills(tree, join(dir, name), root))];
}

/** pi's `resolveExtensionEntries` for a folder: its index.ts, else its index.js (a nested manifest is not read). */
function extensionEntry(tree: FileTree, dir: string): string[] | undefined {
	for (const name of ["index.ts", "index.js"]) if (tree.files.has(join(dir, name))) return [join(dir, name)];
	return undefined;
}

/** pi's `collectAutoExtensionEntries`: the folder's own entry, else its .ts/.js files and its folders' entries. */
function collectExtensions(tree: FileTree, dir: string): string[] {
	const own = extensionEntry(tree, dir);
	if (own) return own;
	const { files, dirs } = tree.children(dir);
	return [
		...files.filter((name) => FILE_PATTERNS.extensions.test(name)).map((name) => join(dir, name)),
		...dirs.flatMap((name) => extensionEntry(tree, join(dir, name)) ?? []),
	];
}

function collectResourceFiles(tree: FileTree, dir: string, type: ResourceType): string[] {
	if (type === "skills") return collectSkills(tree, dir, dir);
	if (type === "extensions") return collectExtensions(tree, dir);
	return collectFiles(tree, dir, FILE_PATTERNS[type]);
}

const isOverride = (entry: string) => /^[!+-]/.test(entry);

/** pi's `matchesAnyPattern`: a glob against the path, its name, and for a SKILL.md its folder too. */
function matchesAny(path: string, patterns: readonly string[]): boolean {
	const name = path.split("/").at(-1) ?? path;
	const skillDir = name === "SKILL.md" ? path.split("/").slice(0, -1).join("/") : undefined;
	return patterns.some((pattern) => {
		const expression = globToRegExp(normalizePath(pattern));
		if (expression.test(path) || expression.test(name)) return true;
		return skillDir !== undefined && (expression.test(skillDir) || expression.test(skillDir.split("/").at(-1) ?? ""));
	});
}

function matchesExact(path: string, patterns: readonly string[]): boolean {
	const skillDir = path.endsWith("/SKILL.md") ? path.slice(0, -"/SKILL.md".length) : undefined;
	return patterns.some((pattern) => {
		const exact = normalizePath(pattern);
		return exact === path || (skillDir !== undefined && exact === skillDir);
	});
}

/** pi's `applyPatterns` with the manifest's own override patterns. */
function applyOverrides(all: string[], overrides: readonly string[]): string[] {
	const of = (prefix: string) => overrides.filter((entry) => entry.startsWith(prefix)).map((entry) => entry.slice(1));
	const [excludes, forceIncludes, forceExcludes] = [of("!"), of("+"), of("-")];
	let result = excludes.length > 0 ? all.filter((path) => !matchesAny(path, excludes)) : [...all];
	for (const path of all) if (!result.includes(path) && forceIncludes.length > 0 && matchesExact(path, forceIncludes)) result.push(path);
	if (forceExcludes.length > 0) result = result.filter((path) => !matchesExact(path, forceExcludes));
	return result;
}

/** pi's `collectFilesFromManifestEntries` then its patterns: each entry a path, a folder or a glob. */
function manifestEntries(tree: FileTree, entries: readonly string[], type: ResourceType): string[] {
	const paths = entries
		.filter((entry) => !isOverride(entry))
		.flatMap((entry) => {
			if (!hasGlob(entry)) return [normalizePath(entry)];
			const expression = globToRegExp(normalizePath(entry));
			return [...tree.files, ...tree.dirs].filter((path) => path && expression.test(path)).sort();
		});
	const all: string[] = [];
	for (const path of paths) {
		const found = tree.files.has(path) ? [path] : tree.dirs.has(path) ? collectResourceFiles(tree, path, type) : [];
		for (const file of found) if (!all.includes(file)) all.push(file);
	}
	return applyOverrides(all, entries.filter(isOverride));
}

/** The resource lists of a manifest object (`pi` or `omp`), when it lists any. */
function manifestOf(value: unknown): Partial<Record<ResourceType, string[]>> | undefined {
	if (!isRecord(value)) return undefined;
	const manifest: Partial<Record<ResourceType, string[]>> = {};
	for (const type of RESOURCE_TYPES) {
		const entries = value[type];
		if (Array.isArray(entries) && entries.every((entry) => typeof entry === "string")) manifest[type] = entries as string[];
	}
	return Object.keys(manifest).length > 0 ? manifest : undefined;
}

/** What pi would load from a package with this package.json and these files (paths relative to its root). */
export function findResources(packageJson: Record<string, unknown>, paths: readonly string[]): FoundResources {
	const tree = new FileTree(paths);
	const piManifest = manifestOf(packageJson.pi);
	const ompManifest = piManifest ? undefined : manifestOf(packageJson.omp);
	const manifest = piManifest ?? ompManifest;
	const found: FoundResources = { extensions: [], skills: [], prompts: [], themes: [], from: piManifest ? "pi" : ompManifest ? "omp" : "none" };
	for (const type of RESOURCE_TYPES) {
		if (manifest) found[type] = manifestEntries(tree, manifest[type] ?? [], type);
		else if (tree.dirs.has(type)) {
			found[type] = collectResourceFiles(tree, type, type);
			found.from = "folders";
		}
	}
	return found;
}

/** The files a skill reads beside its SKILL.md (its folder's), which the runtime copies with it. */
export function skillFolderFiles(skill: string, paths: readonly string[]): string[] {
	if (!skill.endsWith("/SKILL.md")) return [skill];
	const dir = skill.slice(0, -"SKILL.md".length);
	return paths.filter((path) => path.startsWith(dir));
}
