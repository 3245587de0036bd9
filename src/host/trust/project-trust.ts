/**
 * Whether the project's own extensions (`.pi/extensions/`, `.omp/extensions/` in the workspace) may
 * run. As in pi, they load only after the user trusts the project; here the answer is kept per file
 * and content hash, in the playground's IndexedDB, so a new file or a changed one asks again. A file
 * the user saved in the page (`authored`) is theirs: its content is trusted as written. The user's "no" holds
 * for this page only, until the files change. An extension's `project_trust` decision (pi 1.6) is kept as
 * upstream keeps it: remembered (a yes or a no in IndexedDB) or for this page only.
 */
import type { DiscoveredExtension } from "../../workspace/project-discovery.ts";
import { contentHash } from "../../workspace/project-discovery.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";

const TRUSTED_SETTING = "trustedProjectFiles";
const DECLINED_SETTING = "declinedProjectFiles";

type Hashes = Record<string, string>;

function matches(extension: DiscoveredExtension, hashes: Hashes): boolean {
	return extension.files.every((file) => hashes[file.path] === file.hash);
}

function withFiles(hashes: Hashes, extensions: DiscoveredExtension[]): Hashes {
	const next = { ...hashes };
	for (const extension of extensions) for (const file of extension.files) next[file.path] = file.hash;
	return next;
}

export interface TrustSplit {
	trusted: DiscoveredExtension[];
	/** Waiting for the user's answer. */
	unknown: DiscoveredExtension[];
}

export class ProjectTrust {
	/** Answers for this page's life only. */
	private declined: Hashes = {};
	private trustedForNow: Hashes = {};

	constructor(private readonly databases: Pick<PlaygroundDatabases, "current">) {}

	private async trustedHashes(): Promise<Hashes> {
		return (await this.databases.current.getSetting<Hashes>(TRUSTED_SETTING)) ?? {};
	}

	private async declinedHashes(): Promise<Hashes> {
		return (await this.databases.current.getSetting<Hashes>(DECLINED_SETTING)) ?? {};
	}

	/** Which discovered extensions may run, and which need asking (declined ones are in neither). */
	async split(extensions: DiscoveredExtension[]): Promise<TrustSplit> {
		const [trusted, declined] = await Promise.all([this.trustedHashes(), this.declinedHashes()]);
		const split: TrustSplit = { trusted: [], unknown: [] };
		for (const extension of extensions) {
			if (matches(extension, trusted) || matches(extension, this.trustedForNow)) split.trusted.push(extension);
			else if (!matches(extension, this.declined) && !matches(extension, declined)) split.unknown.push(extension);
		}
		return split;
	}

	/** The files of these extensions the user has not trusted with their content now (new or changed). */
	async untrustedFiles(extensions: DiscoveredExtension[]): Promise<Set<string>> {
		const trusted = await this.trustedHashes();
		const files = extensions.flatMap((extension) => extension.files);
		return new Set(files.filter((file) => trusted[file.path] !== file.hash && this.trustedForNow[file.path] !== file.hash).map((file) => file.path));
	}

	/** `remember: false`: for this page's life only (an extension's `project_trust` yes without `remember`). */
	async trust(extensions: DiscoveredExtension[], remember = true): Promise<void> {
		// Nothing to add: no read and write of the setting on the way to a start.
		if (extensions.length === 0) return;
		if (!remember) {
			this.trustedForNow = withFiles(this.trustedForNow, extensions);
			return;
		}
		await this.databases.current.setSetting(TRUSTED_SETTING, withFiles(await this.trustedHashes(), extensions));
	}

	/** `remember: true`: kept in IndexedDB (an extension's `project_trust` no with `remember`); else for this page only. */
	async decline(extensions: DiscoveredExtension[], remember = false): Promise<void> {
		if (extensions.length === 0) return;
		if (!remember) {
			this.declined = withFiles(this.declined, extensions);
			return;
		}
		await this.databases.current.setSetting(DECLINED_SETTING, withFiles(await this.declinedHashes(), extensions));
	}

	/** Files (absolute path and content hash) the user said yes to elsewhere: a shared playground's. */
	async trustFiles(files: { path: string; hash: string }[]): Promise<void> {
		const hashes = await this.trustedHashes();
		for (const file of files) hashes[file.path] = file.hash;
		await this.databases.current.setSetting(TRUSTED_SETTING, hashes);
	}

	/** The user wrote `content` to `path` in the page: that content is trusted. */
	async authored(path: string, content: string | Uint8Array): Promise<void> {
		const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
		const hash = await contentHash(bytes);
		await this.databases.current.setSetting(TRUSTED_SETTING, { ...(await this.trustedHashes()), [path]: hash });
	}
}
