/**
 * A package's files as the file CDN lists them (jsDelivr's data API, `?structure=flat`: each file's name, size
 * and base64 SHA-256), read into `PackageFileInfo` with the hash as `sha256-<hex>`, the form the page's trust
 * and the runtime's loader compare. Also a git ref without one to the version the CDN resolves it to. Runs
 * wherever packages are resolved (the page, the headless runner).
 */
import type { PackageFileInfo } from "../protocol/packages.ts";
import { type FetchLike, getJson, hostOf, isRecord } from "./http.ts";
import { listingUrl, type PackageHosts, resolvedRefUrl } from "./hosts.ts";
import type { PackageSource } from "./source.ts";

export type Listing = { files: PackageFileInfo[]; bytes: number } | { error: string };

function base64ToHex(base64: string): string | undefined {
	try {
		const binary = atob(base64);
		if (binary.length !== 32) return undefined;
		return Array.from(binary, (char) => char.charCodeAt(0).toString(16).padStart(2, "0")).join("");
	} catch {
		return undefined;
	}
}

export async function fetchListing(fetchImpl: FetchLike, hosts: PackageHosts, pinned: PackageSource & { exact: string }, label: string): Promise<Listing> {
	const url = listingUrl(hosts, pinned);
	const answer = await getJson(fetchImpl, url, `the file list of ${label}`);
	if ("error" in answer) {
		return { error: answer.status === 404 ? `${hostOf(url)} has no file list for ${label}: it does not have that version.` : answer.error };
	}
	const listed = isRecord(answer.value) ? answer.value.files : undefined;
	if (!Array.isArray(listed)) return { error: `${hostOf(url)} answered for ${label} without a list of files.` };
	const files: PackageFileInfo[] = [];
	for (const entry of listed) {
		if (!isRecord(entry) || typeof entry.name !== "string") continue;
		const hex = typeof entry.hash === "string" ? base64ToHex(entry.hash) : undefined;
		if (!hex) return { error: `${hostOf(url)} listed ${entry.name} of ${label} without a SHA-256 hash: its content could not be checked.` };
		files.push({ path: entry.name.replace(/^\/+/, ""), size: typeof entry.size === "number" ? entry.size : 0, hash: `sha256-${hex}` });
	}
	files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	return { files, bytes: answer.bytes };
}

/** The version a repository's ref (or, with none, its default) resolves to on the CDN. */
export async function resolveGitRef(
	fetchImpl: FetchLike,
	hosts: PackageHosts,
	source: Extract<PackageSource, { type: "git" }>,
): Promise<{ ref: string } | { error: string }> {
	const url = resolvedRefUrl(hosts, source);
	const label = `github.com/${source.owner}/${source.repo}${source.ref ? `@${source.ref}` : ""}`;
	const answer = await getJson(fetchImpl, url, `the version of ${label}`);
	if ("error" in answer) return { error: answer.status === 404 ? `${label} was not found: check the owner, the repository and the ref.` : answer.error };
	const version = isRecord(answer.value) ? answer.value.version : undefined;
	if (typeof version !== "string" || !version) return { error: `${label} has no ref ${source.ref ?? "to load by default"} the file CDN knows.` };
	return { ref: version };
}
