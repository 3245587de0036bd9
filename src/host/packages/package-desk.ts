/**
 * The pi packages a link names (`?pkg=`) or the user adds, from source to the runtime: resolved in the page
 * (a lazy chunk, src/packages/), reading only the registry's metadata and the CDN's file list; asked about in
 * a consent that lists the exact version, its files, its dependencies and the `pi install` line; trusted by the
 * package's pinned name and the hash of its file list (every file's hash), as link extensions are trusted by
 * content (trust/extension-trust.ts); then handed to the runtime, which checks each file it fetches against
 * that list. A source that cannot be resolved is a notice naming it; the others still load. Runs in the page.
 */
import type { PackageLoad } from "../../protocol/packages.ts";
import type { PackageHosts } from "../../packages/hosts.ts";
import type { ResolvedPackage } from "../../packages/resolve.ts";
import type { SearchAnswer } from "../../packages/search.ts";
import type { Notices } from "../state/notices.ts";
import type { PackageConsentItem, PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import { ExtensionContentTrust } from "../trust/extension-trust.ts";
import { addressWithPackages, linkPackageHosts, linkPackageSources } from "./package-params.ts";

const resolver = () => import("../../packages/resolve.ts");

export interface PackageDeskDeps {
	databases: Pick<PlaygroundDatabases, "home">;
	store: Pick<Store<PlaygroundState>, "get" | "set">;
	notices: Pick<Notices, "notify">;
	location: Pick<Location, "search" | "href">;
	/** Where the address is rewritten to name exact versions (the page's `history`). */
	history?: Pick<History, "replaceState" | "state">;
}

/** What the consent shows of a package: all of it that the page read, nothing of its code. */
function consentItem(pkg: ResolvedPackage): PackageConsentItem {
	return {
		id: pkg.id,
		requested: pkg.requested,
		name: pkg.name,
		version: pkg.version,
		description: pkg.description,
		base: pkg.base,
		files: pkg.files.map(({ path, size }) => ({ path, size })),
		dependencies: pkg.ownDependencies,
		peerDependencies: pkg.peerDependencies,
		extensions: pkg.extensions,
		skills: pkg.skills,
		prompts: pkg.prompts,
		themes: pkg.themes,
		problems: pkg.problems.map((problem) => `${problem.file}: ${problem.message}`),
		installLine: pkg.installLine,
	};
}

export class PackageDesk {
	private readonly trust: ExtensionContentTrust;
	private readonly hosts: PackageHosts;
	/** Resolved packages, by pinned id, in the order they were named. */
	private readonly resolved = new Map<string, ResolvedPackage>();
	/** Those the user said yes to (in this page, or before with the same file list). */
	private readonly trusted = new Set<string>();

	constructor(private readonly deps: PackageDeskDeps) {
		this.trust = new ExtensionContentTrust(deps.databases);
		this.hosts = linkPackageHosts(deps.location);
	}

	/** Resolves the link's sources; true when some wait for the user's yes (the consent then shows them). */
	async open(): Promise<boolean> {
		const sources = linkPackageSources(this.deps.location);
		if (sources.length === 0) return false;
		return this.add(sources);
	}

	/** Resolves sources (the link's, or one the user typed); true when some wait for the user's yes. */
	async add(sources: string[]): Promise<boolean> {
		const { resolvePackage } = await resolver();
		const results = await Promise.all(sources.map((source) => resolvePackage(source, this.hosts)));
		const fresh: ResolvedPackage[] = [];
		for (const result of results) {
			if (!result.ok) {
				this.deps.notices.notify(`The package ${result.requested} cannot load: ${result.error}`, "error", "Playa");
				continue;
			}
			if (!this.resolved.has(result.pkg.id)) fresh.push(result.pkg);
			this.resolved.set(result.pkg.id, result.pkg);
		}
		const { listingText } = await resolver();
		const untrusted = await this.trust.untrusted(
			fresh.map((pkg) => pkg.id),
			async (id) => listingText(this.resolved.get(id)!),
		);
		const waiting = new Set(untrusted.map((entry) => entry.url));
		for (const pkg of fresh) if (!waiting.has(pkg.id)) this.trusted.add(pkg.id);
		this.publish(fresh.filter((pkg) => waiting.has(pkg.id)).map(consentItem));
		return waiting.size > 0;
	}

	/** The user's answer to the consent: yes trusts each package's exact version and file list, and pins the address. */
	async decide(run: boolean): Promise<void> {
		const asked = this.deps.store.get().packageConsent ?? [];
		const stored = this.trust.decide(run);
		if (run) for (const item of asked) this.trusted.add(item.id);
		else for (const item of asked) this.resolved.delete(item.id);
		this.publish([]);
		if (run) this.pinAddress();
		await stored;
	}

	/** Takes a package out (its card's Remove), from the address too. */
	remove(id: string): void {
		const requested = this.resolved.get(id)?.requested;
		this.resolved.delete(id);
		this.trusted.delete(id);
		this.publish(this.deps.store.get().packageConsent ?? []);
		if (!this.deps.history) return;
		const url = new URL(this.deps.location.href);
		const kept = url.searchParams.getAll("pkg").filter((source) => source !== id && source !== requested);
		url.searchParams.delete("pkg");
		for (const source of kept) url.searchParams.append("pkg", source);
		this.deps.history.replaceState(this.deps.history.state, "", url.href);
	}

	/** The package browser's search: pi packages on the registry (nothing of them is fetched but their names). */
	async search(query: string): Promise<SearchAnswer> {
		const { searchPackages } = await import("../../packages/search.ts");
		return searchPackages((url, init) => fetch(url, init), this.hosts, query);
	}

	/** What the runtime loads: the trusted packages, pinned. */
	async loads(): Promise<PackageLoad[]> {
		const trusted = [...this.resolved.values()].filter((pkg) => this.trusted.has(pkg.id));
		if (trusted.length === 0) return [];
		const { packageLoad } = await resolver();
		return trusted.map(packageLoad);
	}

	/** The packages the cards name (by the URL their files are under) and the consent's, into the state. */
	private publish(consent: PackageConsentItem[]): void {
		const packages = [...this.resolved.values()]
			.filter((pkg) => this.trusted.has(pkg.id) || consent.some((item) => item.id === pkg.id))
			.map((pkg) => ({ id: pkg.id, base: pkg.base, installLine: pkg.installLine }));
		this.deps.store.set({ packages, packageConsent: consent });
	}

	/** `?pkg=` names the exact versions the user said yes to: a link made from this address runs the same files. */
	private pinAddress(): void {
		if (!this.deps.history) return;
		const pinned: Record<string, string> = {};
		for (const pkg of this.resolved.values()) pinned[pkg.requested] = pkg.id;
		const linked = new Set(linkPackageSources(this.deps.location));
		const added = [...this.resolved.values()].filter((pkg) => this.trusted.has(pkg.id) && !linked.has(pkg.requested)).map((pkg) => pkg.id);
		this.deps.history.replaceState(this.deps.history.state, "", addressWithPackages(this.deps.location.href, pinned, added));
	}
}
