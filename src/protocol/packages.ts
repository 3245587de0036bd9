/**
 * A pi package as it crosses from the page (or the headless runner) to the runtime worker: resolved to an
 * exact version, its file list with each file's hash, the extensions, skills, prompts and themes pi would
 * load from it, and the versions its own `dependencies` name for its bare imports (src/packages/ resolves
 * it; docs/packages.md). Plain data, made by the page after the user's yes; the runtime fetches each file
 * from `base` and refuses one whose content is not the listed hash.
 */

/** One file of a package, from the file CDN's listing: its path (no leading slash), size and `sha256-<hex>`. */
export interface PackageFileInfo {
	path: string;
	size: number;
	hash: string;
}

export interface PackageLoad {
	/** The package as pi's source syntax names it, pinned: `npm:<name>@<version>`, `git:github.com/<owner>/<repo>@<ref>`. */
	id: string;
	name: string;
	version: string;
	/** The URL its files are under, ending in `/` (`<cdn>/npm/<name>@<version>/`, `<cdn>/gh/<owner>/<repo>@<ref>/`). */
	base: string;
	files: PackageFileInfo[];
	/** The version range of each bare name its files may import (its `dependencies`, optional and peer ones). */
	dependencies: Record<string, string>;
	/** Dependencies that cannot load in a browser (a native addon), with the reason: an import of one fails naming it. */
	unavailable: Record<string, string>;
	/** Paths (relative to `base`) of what pi loads from it: its manifest's, or its conventional folders'. */
	extensions: string[];
	skills: string[];
	prompts: string[];
	themes: string[];
}

/** The package a module URL belongs to, if any. */
export function packageOf(packages: readonly PackageLoad[] | undefined, url: string): PackageLoad | undefined {
	return packages?.find((pkg) => url.startsWith(pkg.base));
}

/** The URL of one of the package's files (`path` relative to its root, as listed). */
export function packageFileUrl(pkg: Pick<PackageLoad, "base">, path: string): string {
	return pkg.base + path.split("/").map(encodeURIComponent).join("/");
}
