/**
 * What the user said yes to, checked module by module as the loader reads each file. The page hashes every module
 * of a trusted extension's graph itself (the entry and every file it imports by a relative path or a URL) and hands
 * the hashes over (`RuntimeConfig.contentHashes`). Here:
 * - a module with an expected hash loads only with that content, whoever imports it;
 * - a trusted graph (an entry with an expected hash) loads only modules the page hashed: a file that was not part of
 *   it when the user said yes (a new import) is refused, before any module of the graph runs.
 * Bare imports the CDN serves (pinned by their version) and what those import are left out, as the page leaves them.
 * Kept apart from the loader: one function of what a module's text must be.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/** `sha256-<hex>` of a text's UTF-8 bytes, as the page names trusted content (crypto.subtle is missing in an opaque worker). */
export function textHash(text: string): string {
	return `sha256-${bytesToHex(sha256(new TextEncoder().encode(text)))}`;
}

/** A specifier the CDN resolves (a package name), not a file of the author's: not part of what the page hashed. */
export function isBareSpecifier(specifier: string): boolean {
	return !/^(\.{0,2}\/|https?:|blob:|data:)/i.test(specifier);
}

export class ModuleTrust {
	private readonly hashes = new Map<string, string>();
	/** Modules of a trusted graph: each must have an expected hash. */
	private readonly required = new Set<string>();

	constructor(hashes: Readonly<Record<string, string>> = {}) {
		this.add(hashes);
	}

	/** More hashes the page trusted (the project's extensions a `project_trust` answer lets run). */
	add(hashes: Readonly<Record<string, string>>): void {
		for (const [url, hash] of Object.entries(hashes)) if (typeof hash === "string") this.hashes.set(url, hash);
	}

	/** An extension's entry: its graph is checked when the page trusted it by content. */
	enter(url: string): void {
		if (this.hashes.has(url)) this.required.add(url);
	}

	/** Whether `url` is part of a trusted graph (its imports are then checked too). */
	isRequired(url: string): boolean {
		return this.required.has(url);
	}

	/**
	 * `importer` imports `url` (not a bare CDN name; `importer` is the author's module, not a CDN one): when the importer
	 * is part of a trusted graph, so is `url`. Returns why it may not load (it was not hashed), or undefined.
	 */
	imports(importer: string, url: string): string | undefined {
		if (!this.required.has(importer)) return undefined;
		this.required.add(url);
		return this.hashes.has(url) ? undefined : notTrusted(url, importer);
	}

	/** Why the text read for `url` may not run, or undefined when it may. */
	check(url: string, text: string): string | undefined {
		const expected = this.hashes.get(url);
		if (expected !== undefined) {
			return textHash(text) === expected
				? undefined
				: `${url} is not the file you said yes to: its content changed after the page checked it. Reload to be asked about the file as it is now.`;
		}
		return this.required.has(url) ? notTrusted(url) : undefined;
	}
}

function notTrusted(url: string, importer?: string): string {
	const by = importer ? ` (imported by ${importer})` : "";
	return `${url}${by} is not among the files you said yes to: it was not part of the extension when the page asked. Reload to be asked about it.`;
}
