/**
 * The `packages` of a project's `.pi/settings.json`, as pi reads them: each entry a source string, or an object
 * with `source` and per-resource filters (`extensions`, `skills`, `prompts`, `themes`). A filter narrows what the
 * package's manifest (or conventional folders) found, with pi's rules: the key left out loads all of that type,
 * `[]` loads none, a plain pattern includes what it matches, `!pattern` excludes, `+path` adds back one exact path,
 * `-path` takes out one exact path (package-manager.js `applyPatterns`). A filter never adds a resource the package
 * did not declare. Runs wherever packages are resolved (the page, in a lazy chunk).
 */
import { isRecord } from "./http.ts";
import { normalizePath, globToRegExp } from "./manifest-glob.ts";
import { type PackageResources, RESOURCE_TYPES, type ResourceType } from "./manifest.ts";

export type ResourceFilters = Partial<Record<ResourceType, string[]>>;

export interface SettingsPackage {
	/** The source as written (`npm:…`, `git:…`, a GitHub URL). */
	source: string;
	/** Present for the object form; each key present narrows that type. */
	filters?: ResourceFilters;
}

export interface SettingsPackages {
	packages: SettingsPackage[];
	/** What could not be read, in sentences naming the entry. */
	problems: string[];
}

/** The settings most entries pi's settings may hold; more are said and left out. */
export const SETTINGS_PACKAGE_LIMIT = 20;

/** Reads `.pi/settings.json`'s text; a file without `packages` has none, a broken one says so. */
export function readSettingsPackages(text: string): SettingsPackages {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { packages: [], problems: [`.pi/settings.json is not valid JSON (${(error as Error).message}): its packages were not read.`] };
	}
	if (!isRecord(value) || value.packages === undefined) return { packages: [], problems: [] };
	if (!Array.isArray(value.packages)) return { packages: [], problems: ['.pi/settings.json: "packages" is not a list: its packages were not read.'] };
	const packages: SettingsPackage[] = [];
	const problems: string[] = [];
	value.packages.forEach((entry: unknown, index: number) => {
		const where = `.pi/settings.json packages[${index}]`;
		if (typeof entry === "string") {
			if (entry.trim()) packages.push({ source: entry.trim() });
			else problems.push(`${where} is empty.`);
			return;
		}
		if (!isRecord(entry) || typeof entry.source !== "string" || !entry.source.trim()) {
			problems.push(`${where} is neither a source nor an object with a "source": it was left out.`);
			return;
		}
		const filters: ResourceFilters = {};
		for (const type of RESOURCE_TYPES) {
			const patterns = entry[type];
			if (patterns === undefined) continue;
			if (!Array.isArray(patterns) || !patterns.every((pattern) => typeof pattern === "string")) {
				problems.push(`${where}.${type} is not a list of patterns: all of its ${type} load.`);
				continue;
			}
			filters[type] = patterns;
		}
		if (entry.autoload === false)
			problems.push(`${where} has "autoload": false, which narrows a personal package: Playa has no personal settings, so it loads as filtered.`);
		packages.push({ source: entry.source.trim(), filters });
	});
	if (packages.length > SETTINGS_PACKAGE_LIMIT) {
		problems.push(`.pi/settings.json names ${packages.length} packages: the first ${SETTINGS_PACKAGE_LIMIT} are read.`);
		packages.length = SETTINGS_PACKAGE_LIMIT;
	}
	return { packages, problems };
}

/** A path, its name, and (for a skill's SKILL.md) its folder and the folder's name: what pi matches a pattern against. */
function candidates(path: string): string[] {
	const parts = path.split("/");
	const names = [path, parts[parts.length - 1]];
	if (parts[parts.length - 1] === "SKILL.md" && parts.length > 1) {
		const folder = parts.slice(0, -1);
		names.push(folder.join("/"), folder[folder.length - 1]);
	}
	return names;
}

function matchesAny(path: string, patterns: string[]): boolean {
	return patterns.some((pattern) => {
		const expression = globToRegExp(normalizePath(pattern));
		return candidates(path).some((name) => expression.test(name));
	});
}

function matchesExact(path: string, patterns: string[]): boolean {
	const names = new Set([path, ...(path.endsWith("/SKILL.md") ? [path.slice(0, -"/SKILL.md".length)] : [])]);
	return patterns.some((pattern) => names.has(normalizePath(pattern)));
}

/** pi's `applyPatterns` over one type's resources; `[]` is none. */
export function applyPatterns(paths: readonly string[], patterns: readonly string[]): string[] {
	if (patterns.length === 0) return [];
	const take = (prefix: string) => patterns.filter((pattern) => pattern.startsWith(prefix)).map((pattern) => pattern.slice(1));
	const includes = patterns.filter((pattern) => !/^[+\-!]/.test(pattern));
	const [excludes, forceIncludes, forceExcludes] = [take("!"), take("+"), take("-")];
	let result = includes.length === 0 ? [...paths] : paths.filter((path) => matchesAny(path, includes));
	if (excludes.length > 0) result = result.filter((path) => !matchesAny(path, excludes));
	for (const path of paths) if (!result.includes(path) && matchesExact(path, forceIncludes)) result.push(path);
	if (forceExcludes.length > 0) result = result.filter((path) => !matchesExact(path, forceExcludes));
	return paths.filter((path) => result.includes(path));
}

/** The package's resources narrowed by a settings entry's filters (none: all of them). */
export function filterResources<T extends PackageResources>(resources: T, filters: ResourceFilters | undefined): T {
	if (!filters) return resources;
	const narrowed = { ...resources };
	for (const type of RESOURCE_TYPES) {
		const patterns = filters[type];
		if (patterns !== undefined) narrowed[type] = applyPatterns(resources[type], patterns);
	}
	return narrowed;
}
