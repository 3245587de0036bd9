/**
 * The package browser's search: the registry's search API (`<registry>-/v1/search`, which answers with CORS) for
 * packages with the `pi-package` keyword, as pi's package gallery lists them; each result is a name, its latest
 * version and its description, to try as `npm:<name>` (resolved and asked about like any source). A registry that
 * does not answer is a sentence naming it. Runs wherever packages are resolved (the page, in a lazy chunk).
 */
import type { PackageHosts } from "./hosts.ts";
import { type FetchLike, getJson, isRecord } from "./http.ts";

export interface FoundPackage {
	name: string;
	version: string;
	description?: string;
	/** The repository or homepage the registry names, as a person follows it. */
	link?: string;
}

export type SearchAnswer = { packages: FoundPackage[]; total: number } | { error: string };

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

export async function searchPackages(fetchImpl: FetchLike, hosts: PackageHosts, query: string, size = 25): Promise<SearchAnswer> {
	const words = query.trim();
	const url = `${hosts.registry}-/v1/search?text=${encodeURIComponent(`${words ? `${words} ` : ""}keywords:pi-package`)}&size=${size}`;
	const answer = await getJson(fetchImpl, url, "pi packages");
	if ("error" in answer) return { error: answer.error };
	const objects = isRecord(answer.value) && Array.isArray(answer.value.objects) ? answer.value.objects : undefined;
	if (!objects) return { error: "The registry answered the search without a list of packages." };
	const packages: FoundPackage[] = [];
	for (const object of objects) {
		const pkg = isRecord(object) && isRecord(object.package) ? object.package : undefined;
		const name = text(pkg?.name);
		const version = text(pkg?.version);
		if (!pkg || !name || !version) continue;
		const links = isRecord(pkg.links) ? pkg.links : {};
		const link = text(links.repository) ?? text(links.homepage) ?? text(links.npm);
		packages.push({ name, version, ...(text(pkg.description) && { description: text(pkg.description) }), ...(link && /^https:\/\//.test(link) && { link }) });
	}
	const total = isRecord(answer.value) && typeof answer.value.total === "number" ? answer.value.total : packages.length;
	return { packages, total };
}
