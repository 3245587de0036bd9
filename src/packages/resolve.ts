/**
 * A package source to everything the consent shows and the runtime loads, reading only metadata: the registry's
 * package document (an npm version and its package.json) or, for a git source, the CDN's resolved ref and the
 * repository's package.json; then the CDN's file list with each file's hash. No other file of the package is
 * fetched here: its code is fetched by the runtime after the user's yes. Each failure is a sentence naming the
 * package. Runs wherever packages are resolved (the page, in a lazy chunk; the headless runner).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { PackageLoad } from "../protocol/packages.ts";
import { browserProblems, nothingToLoad, type PackageProblem, unavailableDependencies } from "./browser-limits.ts";
import { filesBase, type PackageHosts } from "./hosts.ts";
import { type FetchLike, isRecord, stringMap } from "./http.ts";
import { fetchListing, resolveGitRef } from "./listing.ts";
import { findResources, type FoundResources } from "./manifest.ts";
import { resolveNpmVersion } from "./registry.ts";
import { formatSource, installLine, type PackageSource, parsePackageSource } from "./source.ts";

export interface ResolvedPackage extends PackageLoad {
	/** The source as it was written (a range, a tag, no version). */
	requested: string;
	/** The source pinned: the exact version, or the ref the CDN resolved. */
	source: PackageSource;
	description?: string;
	/** Where its resources were found: its `pi` (or `omp`) manifest, or the conventional folders. */
	from: FoundResources["from"];
	/** Its package.json's `dependencies` and `peerDependencies`, as the consent lists them. */
	ownDependencies: Record<string, string>;
	peerDependencies: Record<string, string>;
	/** What cannot work in a browser, said before it runs. */
	problems: PackageProblem[];
	/** `pi install <source>@<exact>`, to copy. */
	installLine: string;
	/** What resolving it read: requests and bytes (registry document, file list, a git package.json). */
	read: { requests: number; bytes: number };
}

export type PackageResolution = { ok: true; pkg: ResolvedPackage } | { ok: false; requested: string; error: string };

/** A file of the package read before the yes (only a git repository's package.json), checked against its listed hash. */
async function readListedJson(fetchImpl: FetchLike, url: string, hash: string, label: string): Promise<{ value: unknown; bytes: number } | { error: string }> {
	let text: string;
	try {
		const response = await fetchImpl(url, { credentials: "omit" });
		if (!response.ok) return { error: `The file CDN answered HTTP ${response.status} for the package.json of ${label}.` };
		text = await response.text();
	} catch (error) {
		return { error: `The file CDN did not answer for the package.json of ${label} (${(error as Error).message ?? error}).` };
	}
	if (`sha256-${bytesToHex(sha256(new TextEncoder().encode(text)))}` !== hash) return { error: `The package.json of ${label} is not the file the CDN listed.` };
	try {
		return { value: JSON.parse(text), bytes: text.length };
	} catch {
		return { error: `The package.json of ${label} is not valid JSON.` };
	}
}

export async function resolvePackage(input: string, hosts: PackageHosts, fetchImpl: FetchLike = (url, init) => fetch(url, init)): Promise<PackageResolution> {
	const requested = input.trim();
	const parsed = parsePackageSource(requested);
	if ("error" in parsed) return { ok: false, requested, error: parsed.error };
	const { source } = parsed;
	const read = { requests: 0, bytes: 0 };
	let exact: string;
	let manifest: Record<string, unknown> | undefined;
	if (source.type === "npm") {
		const answer = await resolveNpmVersion(fetchImpl, hosts, source.name, source.spec);
		if ("error" in answer) return { ok: false, requested, error: answer.error };
		read.requests += answer.requests;
		read.bytes += answer.bytes;
		exact = answer.version;
		manifest = answer.manifest;
	} else if (source.ref) exact = source.ref;
	else {
		const answer = await resolveGitRef(fetchImpl, hosts, source);
		read.requests++;
		if ("error" in answer) return { ok: false, requested, error: answer.error };
		exact = answer.ref;
	}
	const pinned: PackageSource = source.type === "npm" ? { ...source, spec: exact } : { ...source, ref: exact };
	const id = formatSource(pinned);
	const listing = await fetchListing(fetchImpl, hosts, { ...pinned, exact }, id);
	read.requests++;
	if ("error" in listing) return { ok: false, requested, error: listing.error };
	read.bytes += listing.bytes;
	const base = filesBase(hosts, { ...pinned, exact });
	if (!manifest) {
		const file = listing.files.find((entry) => entry.path === "package.json");
		if (!file) return { ok: false, requested, error: `${id} has no package.json at its root: it is not a pi package.` };
		const json = await readListedJson(fetchImpl, `${base}package.json`, file.hash, id);
		read.requests++;
		if ("error" in json) return { ok: false, requested, error: json.error };
		if (!isRecord(json.value)) return { ok: false, requested, error: `The package.json of ${id} is not an object.` };
		read.bytes += json.bytes;
		manifest = json.value;
	}
	const found = findResources(
		manifest,
		listing.files.map((file) => file.path),
	);
	const empty = nothingToLoad(id, found);
	if (empty) return { ok: false, requested, error: empty };
	const ownDependencies = stringMap(manifest.dependencies);
	const peerDependencies = stringMap(manifest.peerDependencies);
	const dependencies = { ...peerDependencies, ...stringMap(manifest.optionalDependencies), ...ownDependencies };
	const name = source.type === "npm" ? source.name : typeof manifest.name === "string" ? manifest.name : `${source.owner}/${source.repo}`;
	const pkg: ResolvedPackage = {
		id,
		name,
		version: exact,
		base,
		files: listing.files,
		dependencies,
		unavailable: unavailableDependencies(dependencies),
		extensions: found.extensions,
		skills: found.skills,
		prompts: found.prompts,
		themes: found.themes,
		requested,
		source: pinned,
		...(typeof manifest.description === "string" && { description: manifest.description }),
		from: found.from,
		ownDependencies,
		peerDependencies,
		problems: browserProblems(id, listing.files, { ...ownDependencies, ...stringMap(manifest.optionalDependencies) }),
		installLine: installLine(pinned),
		read,
	};
	return { ok: true, pkg };
}

/** What the user trusts of a package: its pinned name and each file's path, size and hash, one per line. */
export function listingText(pkg: Pick<PackageLoad, "id" | "files">): string {
	return [pkg.id, ...pkg.files.map((file) => `${file.hash} ${file.size} ${file.path}`)].join("\n");
}

/** The part of a resolved package the runtime loads (no more crosses to it). */
export function packageLoad(pkg: ResolvedPackage): PackageLoad {
	const { id, name, version, base, files, dependencies, unavailable, extensions, skills, prompts, themes } = pkg;
	return { id, name, version, base, files, dependencies, unavailable, extensions, skills, prompts, themes };
}
