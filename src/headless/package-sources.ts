/**
 * The runner's `--pkg` sources resolved as the page resolves them (src/packages/): the command line is the
 * author's yes, so nothing is asked; each source that cannot be resolved is an event naming it, and nothing of
 * it loads. Runs in the Node thread that calls the runner.
 */
import { packageHosts } from "../packages/hosts.ts";
import { packageLoad, resolvePackage } from "../packages/resolve.ts";
import type { PackageLoad } from "../protocol/packages.ts";
import { fetchAnywhere, type HeadlessEvent } from "./headless-session.ts";

export interface PackageSources {
	/** pi packages as pi writes them (`npm:name@version`, `git:github.com/owner/repo@ref`). */
	packages?: string[];
	/** Where packages come from (src/packages/hosts.ts): the npm registry, the file CDN and its listing. */
	packageHosts?: { registry?: string; npmcdn?: string; npmdata?: string };
}

/** Resolves each source in order; `ok` is false when one of them could not be resolved. */
export async function resolvePackages(options: PackageSources, emit: (event: HeadlessEvent) => void): Promise<{ loads: PackageLoad[]; ok: boolean }> {
	const hosts = packageHosts(options.packageHosts ?? {});
	const loads: PackageLoad[] = [];
	let ok = true;
	for (const source of options.packages ?? []) {
		const resolution = await resolvePackage(source, hosts, fetchAnywhere);
		if (!resolution.ok) {
			ok = false;
			emit({ type: "package_error", source, message: resolution.error });
			continue;
		}
		const { pkg } = resolution;
		emit({
			type: "package_resolved",
			source,
			id: pkg.id,
			installLine: pkg.installLine,
			files: pkg.files.length,
			extensions: pkg.extensions,
			skills: pkg.skills,
			prompts: pkg.prompts,
			themes: pkg.themes,
			problems: pkg.problems.map((problem) => problem.message),
		});
		loads.push(packageLoad(pkg));
	}
	return { loads, ok };
}
