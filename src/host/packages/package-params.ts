/**
 * What the page address says about pi packages: `?pkg=<source>` (repeatable, as pi writes a source:
 * `npm:<name>[@<version>]`, `git:github.com/<owner>/<repo>[@<ref>]`, `https://github.com/<owner>/<repo>`), and
 * where they come from: `?registry=`, `?npmcdn=`, `?npmdata=` (src/packages/hosts.ts). Once a source is
 * resolved, the address names its exact version, so a copied link runs what was said yes to. Runs in the page.
 */
import { type PackageHosts, packageHosts } from "../../packages/hosts.ts";

export function linkPackageSources(location: Pick<Location, "search">): string[] {
	return new URLSearchParams(location.search).getAll("pkg").filter((source) => source.trim() !== "");
}

export function linkPackageHosts(location: Pick<Location, "search" | "href">): PackageHosts {
	const params = new URLSearchParams(location.search);
	return packageHosts({ registry: params.get("registry"), npmcdn: params.get("npmcdn"), npmdata: params.get("npmdata") }, location.href);
}

/** The address with each `?pkg=` source as resolved (`pinned`: written → exact), or with `add` appended. */
export function addressWithPackages(href: string, pinned: Record<string, string>, add: string[] = []): string {
	const url = new URL(href);
	const sources = url.searchParams.getAll("pkg").map((source) => pinned[source] ?? source);
	url.searchParams.delete("pkg");
	for (const source of [...new Set([...sources, ...add])]) url.searchParams.append("pkg", source);
	return url.href;
}
