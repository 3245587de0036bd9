/**
 * An npm source to an exact version and its package.json, from the registry's package document (which answers
 * with CORS): a version as it is (from its own, smaller document), a range to the highest published version it
 * allows, a dist-tag (`latest` when none is written) to the version it points at. A version that does not exist, or a registry that does not
 * answer, is a sentence naming the package. Runs wherever packages are resolved (the page, the headless runner).
 */
import { type FetchLike, getJson, hostOf, isRecord } from "./http.ts";
import { type PackageHosts, packageDocumentUrl } from "./hosts.ts";
import maxSatisfying from "semver/ranges/max-satisfying";
import validRange from "semver/ranges/valid";
import rcompare from "semver/functions/rcompare";
import valid from "semver/functions/valid";

export interface RegistryVersion {
	version: string;
	/** The version's package.json as published (the registry keeps its `pi` manifest and keywords). */
	manifest: Record<string, unknown>;
	/** Bytes and requests the resolution read, for the measurements. */
	bytes: number;
	requests: number;
}

export type RegistryAnswer = RegistryVersion | { error: string };

/** The newest few published versions, for a sentence about one that does not exist. */
function newest(versions: string[]): string {
	return versions
		.filter((text) => valid(text) !== null)
		.sort(rcompare)
		.slice(0, 3)
		.join(", ");
}

/** A version as written (`1.2.3`, not `v1.2.3` or a range): the registry's documents are keyed by it. */
function isExactVersion(text: string): boolean {
	return valid(text) === text;
}

/**
 * An exact version's own document (`<registry>/<name>/<version>`): a pinned link's usual case, a few KB where the
 * whole package document lists every version. Undefined when the registry does not answer it with that version
 * (the whole document then says why).
 */
async function versionDocument(fetchImpl: FetchLike, hosts: PackageHosts, name: string, version: string): Promise<RegistryVersion | undefined> {
	const answer = await getJson(fetchImpl, packageDocumentUrl(hosts, name, version), `version ${version} of ${name}`);
	if ("error" in answer || !isRecord(answer.value) || answer.value.version !== version) return undefined;
	return { version, manifest: answer.value, bytes: answer.bytes, requests: 1 };
}

export async function resolveNpmVersion(fetchImpl: FetchLike, hosts: PackageHosts, name: string, spec?: string): Promise<RegistryAnswer> {
	const wanted = spec ?? "latest";
	const exact = isExactVersion(wanted) ? await versionDocument(fetchImpl, hosts, name, wanted) : undefined;
	if (exact) return exact;
	const asked = isExactVersion(wanted) ? 1 : 0;
	const url = packageDocumentUrl(hosts, name);
	const document = await getJson(fetchImpl, url, `the package document of ${name}`);
	if ("error" in document) {
		if (document.status === 404) return { error: `npm:${name} does not exist on ${hostOf(url)}: check the name.` };
		return { error: document.error };
	}
	const doc = document.value;
	if (!isRecord(doc) || !isRecord(doc.versions)) return { error: `${hostOf(url)} answered for ${name} without a list of versions.` };
	const versions = Object.keys(doc.versions);
	const tags = isRecord(doc["dist-tags"]) ? doc["dist-tags"] : {};
	let version: string | undefined;
	if (isExactVersion(wanted)) version = Object.hasOwn(doc.versions, wanted) ? wanted : undefined;
	else if (typeof tags[wanted] === "string") version = tags[wanted] as string;
	else {
		const range = validRange(wanted);
		if (!range && /^[a-z][\w.-]*$/i.test(wanted)) {
			return { error: `npm:${name} has no dist-tag "${wanted}" (its tags: ${Object.keys(tags).join(", ") || "none"}).` };
		}
		if (!range) return { error: `"${wanted}" is not a version, range or tag of ${name}.` };
		version = maxSatisfying(versions, range) ?? undefined;
	}
	if (!version || !isRecord(doc.versions[version])) {
		return { error: `npm:${name} has no version ${wanted === "latest" ? "tagged latest" : `matching ${wanted}`} (its newest: ${newest(versions) || "none"}).` };
	}
	return { version, manifest: doc.versions[version] as Record<string, unknown>, bytes: document.bytes, requests: 1 + asked };
}
