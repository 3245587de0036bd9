/**
 * Where packages come from, as settings: the npm registry (its package documents answer with CORS), a file CDN
 * of jsDelivr's shape (`<files>npm/<name>@<version>/<path>`, `<files>gh/<owner>/<repo>@<ref>/<path>`) and its
 * file listing in jsDelivr's data-API shape (`<listing>npm/<name>@<version>?structure=flat`). Tests point all
 * three at a local stand-in (test/support/package-stand-in.mjs). The page reads them from `?registry=`,
 * `?npmcdn=` and `?npmdata=`, the headless runner from `--registry`, `--npmcdn`, `--npmdata`.
 */
import type { PackageSource } from "./source.ts";

export interface PackageHosts {
	registry: string;
	files: string;
	listing: string;
}

export const DEFAULT_PACKAGE_HOSTS: PackageHosts = {
	registry: "https://registry.npmjs.org/",
	files: "https://cdn.jsdelivr.net/",
	listing: "https://data.jsdelivr.com/v1/packages/",
};

const slashed = (url: string) => (url.endsWith("/") ? url : `${url}/`);

/**
 * The hosts from settings, each an absolute URL (`base` resolves relative ones). A file CDN given without its
 * listing serves the listing itself under `v1/packages/` (the stand-in's shape).
 */
export function packageHosts(settings: { registry?: string | null; npmcdn?: string | null; npmdata?: string | null }, base?: string): PackageHosts {
	const absolute = (url: string) => slashed(new URL(url, base).href);
	const files = settings.npmcdn ? absolute(settings.npmcdn) : DEFAULT_PACKAGE_HOSTS.files;
	return {
		registry: settings.registry ? absolute(settings.registry) : DEFAULT_PACKAGE_HOSTS.registry,
		files,
		listing: settings.npmdata ? absolute(settings.npmdata) : settings.npmcdn ? `${files}v1/packages/` : DEFAULT_PACKAGE_HOSTS.listing,
	};
}

/** The registry's document of an npm package (every version), or of one version. */
export function packageDocumentUrl(hosts: PackageHosts, name: string, version?: string): string {
	// A scoped name keeps its "@" and encodes its "/", as npm's own client asks.
	const encoded = name.startsWith("@") ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);
	return `${hosts.registry}${encoded}${version ? `/${encodeURIComponent(version)}` : ""}`;
}

/** Where the files of a pinned source are: its folder on the file CDN, ending in `/`. */
export function filesBase(hosts: PackageHosts, pinned: PackageSource & { exact: string }): string {
	return pinned.type === "npm" ? `${hosts.files}npm/${pinned.name}@${pinned.exact}/` : `${hosts.files}gh/${pinned.owner}/${pinned.repo}@${pinned.exact}/`;
}

/** The flat file listing of a pinned source. */
export function listingUrl(hosts: PackageHosts, pinned: PackageSource & { exact: string }): string {
	const path = pinned.type === "npm" ? `npm/${pinned.name}@${pinned.exact}` : `gh/${pinned.owner}/${pinned.repo}@${pinned.exact}`;
	return `${hosts.listing}${path}?structure=flat`;
}

/** The data API's answer to "which version does this ref name" for a repository without one (its default). */
export function resolvedRefUrl(hosts: PackageHosts, source: Extract<PackageSource, { type: "git" }>): string {
	return `${hosts.listing}gh/${source.owner}/${source.repo}/resolved?specifier=${encodeURIComponent(source.ref ?? "latest")}`;
}
