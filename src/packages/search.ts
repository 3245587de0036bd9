/**
 * The package browser's search: the registry's search API (`<registry>-/v1/search`, which answers with CORS) for
 * packages with the `pi-package` keyword, as pi's package gallery lists them; each result is a name, its latest
 * version and its description, to try as `npm:<name>` (resolved and asked about like any source). A registry that
 * does not answer is a sentence naming it. A result's details (what it provides, its repository, its `pi.image`) come from
 * its version's document and the file CDN's list, read per result: metadata only, as before a consent. Runs wherever packages are resolved (the page, in a lazy chunk).
 */
import { filesBase, type PackageHosts, packageDocumentUrl } from "./hosts.ts";
import { type FetchLike, getJson, isRecord } from "./http.ts";
import { fetchListing } from "./listing.ts";
import { findResources, type PackageResources } from "./manifest.ts";

export interface FoundPackage {
	name: string;
	version: string;
	description?: string;
	/** The repository or homepage the registry names, as a person follows it. */
	link?: string;
	/** Downloads in the last week, as the registry's search counts them. */
	weeklyDownloads?: number;
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
		const downloads = isRecord(object) && isRecord(object.downloads) ? object.downloads.weekly : undefined;
		packages.push({
			name,
			version,
			...(text(pkg.description) && { description: text(pkg.description) }),
			...(link && /^https:\/\//.test(link) && { link }),
			...(typeof downloads === "number" && Number.isFinite(downloads) && downloads >= 0 && { weeklyDownloads: downloads }),
		});
	}
	const total = isRecord(answer.value) && typeof answer.value.total === "number" ? answer.value.total : packages.length;
	return { packages, total };
}

/** What a result provides, as pi would load it, with its repository and gallery image: read from metadata only. */
export interface PackageDetails {
	provides: PackageResources;
	/** Where they were found: its `pi` (or `omp`) manifest, or the conventional folders. */
	from: string;
	/** The repository a person follows (https only). */
	repository?: string;
	/** `pi.image`: an https URL, or a path in the package resolved against its folder on the file CDN. */
	image?: string;
}

/** A repository field as a web address: `{ url: "git+https://github.com/o/r.git" }`, `"github:o/r"`, `"o/r"`. */
export function repositoryLink(value: unknown): string | undefined {
	const raw = isRecord(value) ? value.url : value;
	if (typeof raw !== "string") return undefined;
	const shorthand = /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(raw);
	const url = shorthand
		? `https://github.com/${shorthand[1]}/${shorthand[2]}`
		: raw
				.replace(/^git\+/, "")
				.replace(/^git:\/\//, "https://")
				.replace(/\.git$/, "");
	return /^https:\/\/[^\s"<>]+$/.test(url) ? url : undefined;
}

/** `pi.image` as the browser may show it: an https URL, or a path inside the package on the CDN; nothing else. */
export function imageUrl(value: unknown, base: string): string | undefined {
	if (typeof value !== "string" || !value.trim() || value.length > 2048) return undefined;
	const written = value.trim();
	if (/^[a-z][a-z0-9+.-]*:/i.test(written) || written.startsWith("//")) return /^https:\/\/[^\s"<>]+$/.test(written) ? written : undefined;
	try {
		const url = new URL(written.replace(/^\/+/, ""), base);
		return url.href.startsWith(base) ? url.href : undefined;
	} catch {
		return undefined;
	}
}

export async function packageDetails(fetchImpl: FetchLike, hosts: PackageHosts, name: string, version: string): Promise<PackageDetails | { error: string }> {
	const label = `npm:${name}@${version}`;
	const [document, listing] = await Promise.all([
		getJson(fetchImpl, packageDocumentUrl(hosts, name, version), label),
		fetchListing(fetchImpl, hosts, { type: "npm", name, spec: version, exact: version }, label),
	]);
	if ("error" in document) return { error: document.error };
	if ("error" in listing) return { error: listing.error };
	if (!isRecord(document.value)) return { error: `The registry's document of ${label} is not an object.` };
	const manifest = document.value;
	const found = findResources(
		manifest,
		listing.files.map((file) => file.path),
	);
	const pi = isRecord(manifest.pi) ? manifest.pi : {};
	const repository = repositoryLink(manifest.repository);
	const image = imageUrl(pi.image, filesBase(hosts, { type: "npm", name, spec: version, exact: version }));
	return {
		provides: { extensions: found.extensions, skills: found.skills, prompts: found.prompts, themes: found.themes },
		from: found.from,
		...(repository && { repository }),
		...(image && { image }),
	};
}
