/**
 * Imports inside a pi package's own files: a relative import is found among the package's listed files the
 * way pi's loader (jiti) finds it (`./x.js` written for `./x.ts`, no extension, a folder's index); a bare name
 * the package depends on loads from the ESM CDN at the version range its package.json names; a dependency
 * that cannot run in a browser fails naming why. Runs in the runtime's worker (under Node, in the thread that
 * starts the runtime).
 */
import { type PackageLoad, packageFileUrl } from "../protocol/packages.ts";

export type PackageImport =
	| { kind: "file"; url: string }
	| { kind: "missing"; message: string }
	| { kind: "dependency"; url: string }
	| { kind: "unavailable"; reason: string }
	/** Not the package's to say: resolved as any other import. */
	| { kind: "other" };

const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".mts", ".cjs", ".json"];

/** The listed file a URL inside the package names, probing as jiti does; undefined when there is none. */
export function packageFile(pkg: PackageLoad, url: string): string | undefined {
	const path = decodeURIComponent(new URL(url).pathname.slice(new URL(pkg.base).pathname.length));
	const listed = new Set(pkg.files.map((file) => file.path));
	const candidates = [path];
	const stem = path.replace(/\.(m|c)?js$/, "");
	if (stem !== path) candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`);
	for (const extension of EXTENSIONS) candidates.push(`${path}${extension}`);
	for (const extension of EXTENSIONS) candidates.push(`${path.replace(/\/$/, "")}/index${extension}`);
	const found = candidates.find((candidate) => listed.has(candidate));
	return found === undefined ? undefined : packageFileUrl(pkg, found);
}

/** A bare specifier's package name and the rest (`@a/b/c` → `@a/b`, `/c`). */
export function splitBare(specifier: string): { name: string; subpath: string } {
	const parts = specifier.split("/");
	const count = specifier.startsWith("@") ? 2 : 1;
	return { name: parts.slice(0, count).join("/"), subpath: parts.length > count ? `/${parts.slice(count).join("/")}` : "" };
}

/** Where an import in one of the package's own files goes (a module the runtime provides is asked before this). */
export function packageImport(pkg: PackageLoad, specifier: string, importer: string, cdn: string): PackageImport {
	if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
		const url = new URL(specifier, importer).href;
		if (!url.startsWith(pkg.base)) return { kind: "other" };
		const file = packageFile(pkg, url);
		if (file) return { kind: "file", url: file };
		const path = decodeURIComponent(url.slice(pkg.base.length));
		return { kind: "missing", message: `cannot import "${specifier}": ${pkg.id} has no file ${path} (nor ${path}.ts, ${path}.js or ${path}/index.ts)` };
	}
	if (/^[a-z]+:/i.test(specifier)) return { kind: "other" };
	const { name, subpath } = splitBare(specifier);
	const reason = Object.hasOwn(pkg.unavailable, name) ? pkg.unavailable[name] : undefined;
	if (reason) return { kind: "unavailable", reason: `"${specifier}": ${reason} (${pkg.id} depends on it)` };
	const range = Object.hasOwn(pkg.dependencies, name) ? pkg.dependencies[name] : undefined;
	if (!range || range === "*" || /^(file|link|workspace|npm|git\+?[a-z]*|https?):/.test(range)) return { kind: "other" };
	return { kind: "dependency", url: `${cdn}${name}@${range.trim().replace(/\s+/g, "%20")}${subpath}` };
}
