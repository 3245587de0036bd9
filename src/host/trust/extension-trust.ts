/**
 * Whether the extensions a link names (`?ext=`, a shared playground's URLs) may run: the user's yes is
 * kept per URL and content hash, so a file that changed behind a trusted URL asks again. The page fetches
 * the module's text (reading is not running it), hashes it and compares. Kept in the home playground's
 * database, so a yes holds in every playground of this browser.
 *
 * What is hashed is the entry module as the page fetched it; the runtime fetches it again to run it and
 * checks it against the trusted hash (`pinned`). Its imports are not hashed.
 */
import { contentHash } from "../../share/content-hash.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";

const SETTING = "trustedExtensionContent";

type Hashes = Record<string, string>;

/** A link's extension as checked: its content's hash, or why the page could not read it. */
export interface CheckedUrl {
	url: string;
	hash?: string;
	problem?: string;
}

/** Reads an extension's text as the page sees it; throws with a message a person can act on. */
export type ReadModule = (url: string) => Promise<string>;

/** Reads an http(s) module with the page's fetch (the server must send CORS headers, as the runtime needs too). */
export async function fetchModuleText(url: string): Promise<string> {
	let response: Response;
	try {
		response = await fetch(url, { credentials: "omit", cache: "no-store" });
	} catch {
		throw new Error("could not be fetched (offline, or the server sends no CORS headers)");
	}
	if (!response.ok) throw new Error(`answered ${response.status}`);
	return response.text();
}

export class ExtensionContentTrust {
	/** Checked but not yet trusted: what the prompt asks about. */
	private pending: CheckedUrl[] = [];
	/** The text each URL had when last read, until a runtime takes it (`takeSources`): the text checked is the text run. */
	private readonly texts = new Map<string, string>();
	/** What the user trusted in this page: it holds at once, before (and whether or not) storing it succeeds. */
	private readonly decided: Hashes = {};

	/** `databases.home`: where a yes is kept, for every playground of this browser. */
	constructor(private readonly databases: Pick<PlaygroundDatabases, "home">) {}

	private async hashes(): Promise<Hashes> {
		return { ...((await this.databases.home.getSetting<Hashes>(SETTING)) ?? {}), ...this.decided };
	}

	/** Reads and hashes each URL; returns those whose content the user has not trusted (they wait for `decide`). */
	async untrusted(urls: string[], read: ReadModule): Promise<CheckedUrl[]> {
		const trusted = await this.hashes();
		const checked = await Promise.all(
			urls.map(async (url): Promise<CheckedUrl> => {
				try {
					const text = await read(url);
					this.texts.set(url, text);
					return { url, hash: await contentHash(text) };
				} catch (error) {
					return { url, problem: (error as Error).message };
				}
			}),
		);
		this.pending = checked.filter((entry) => !entry.hash || trusted[entry.url] !== entry.hash);
		return this.pending;
	}

	/** The hashes the user trusted for these URLs (those trusted by content): the runtime checks what it fetches against them. */
	async pinned(urls: readonly string[]): Promise<Record<string, string>> {
		const trusted = await this.hashes();
		return Object.fromEntries(urls.flatMap((url) => (trusted[url] ? [[url, trusted[url]]] : [])));
	}

	/** The texts read last, left for the runtime to take. */
	readTexts(): Record<string, string> {
		return Object.fromEntries(this.texts);
	}

	/** The texts read of these URLs, for the runtime starting now; later starts read them again. */
	takeSources(urls: readonly string[]): Record<string, string> {
		const sources = Object.fromEntries(urls.flatMap((url) => (this.texts.has(url) ? [[url, this.texts.get(url)!]] : [])));
		this.texts.clear();
		return sources;
	}

	/**
	 * The user's answer about the URLs `untrusted` last returned: yes keeps their hashes. A yes holds in this page
	 * as this is called; the promise is its storing, for the visits after.
	 */
	decide(run: boolean): Promise<void> {
		const pending = this.pending;
		this.pending = [];
		return run ? this.trust(pending) : Promise.resolve();
	}

	/** Trusts these URLs with these contents (those the page could read): at once in this page, then stored. */
	trust(checked: CheckedUrl[]): Promise<void> {
		const readable = checked.filter((entry): entry is CheckedUrl & { hash: string } => entry.hash !== undefined);
		if (readable.length === 0) return Promise.resolve();
		for (const entry of readable) this.decided[entry.url] = entry.hash;
		return this.hashes().then((hashes) => this.databases.home.setSetting(SETTING, hashes));
	}
}
