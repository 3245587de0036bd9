/**
 * The pi packages a runtime loads (RuntimeConfig.packages): their extensions' URLs, loaded after the others
 * in the order pi loads them, and the rule that a package loads whole: when one of its extensions fails to
 * load, the package's other extensions are taken back (nothing of it stays registered) and each card says
 * which file failed. Runs in the runtime's worker (under Node, in the thread that starts the runtime).
 */
import { type PackageLoad, packageFileUrl } from "../../../protocol/packages.ts";
import { clearRegistrations, type RegisteredExtension } from "../extension.ts";

/** Each package's extension URLs, package by package. */
export function packageExtensionUrls(packages: readonly PackageLoad[] | undefined): string[] {
	return (packages ?? []).flatMap((pkg) => pkg.extensions.map((path) => packageFileUrl(pkg, path)));
}

/**
 * The name a package's extension goes by: the package's (without its scope) when it has one extension, else
 * its file's as any extension's (undefined: newRegisteredExtension names it).
 */
export function packageExtensionName(packages: readonly PackageLoad[] | undefined, url: string): string | undefined {
	const pkg = packages?.find((candidate) => url.startsWith(candidate.base));
	return pkg && pkg.extensions.length === 1 ? pkg.name.replace(/^@[^/]+\//, "") : undefined;
}

/**
 * Takes back the packages that did not load whole; returns those that did (their resources load next).
 * `extensions`: the runner's records, after every extension's load.
 */
export function settlePackages(packages: readonly PackageLoad[] | undefined, extensions: readonly RegisteredExtension[]): PackageLoad[] {
	const whole: PackageLoad[] = [];
	for (const pkg of packages ?? []) {
		const urls = new Set(pkg.extensions.map((path) => packageFileUrl(pkg, path)));
		const own = extensions.filter((extension) => urls.has(extension.url));
		const failed = own.find((extension) => !extension.loaded);
		if (!failed) {
			whole.push(pkg);
			continue;
		}
		const file = failed.url.slice(pkg.base.length);
		for (const extension of own) {
			if (extension === failed || !extension.loaded) continue;
			clearRegistrations(extension);
			extension.loaded = false;
			extension.error = {
				url: extension.url,
				phase: "import",
				message: `not loaded: ${file} of ${pkg.id} did not load${failed.error ? ` (${failed.error.message})` : ""}, and a package loads whole or not at all`,
			};
		}
	}
	return whole;
}
