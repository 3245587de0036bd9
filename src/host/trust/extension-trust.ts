/**
 * Whether the extensions a link names (`?ext=`, a shared playground's URLs) may run: the user's yes is
 * kept per URL and content hash, so a file that changed behind a trusted URL asks again. The page fetches
 * the module's text (reading is not running it), hashes it and compares. Kept in the home playground's
 * database, so a yes holds in every playground of this browser.
 *
 * What is hashed is every module the extension would run, as the page read it: the entry and the files it imports by
 * a relative path or a URL (module-graph.ts), each kept by URL and hash. The runtime reads them again to run them and
 * checks each against the trusted hash (`pinned`); a file the graph did not have is refused there.
 */
import { moduleGraph } from "./module-graph.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";

const SETTING = "trustedExtensionContent";

type Hashes = Record<string, string>;

/** A link's extension as checked: its content's hash, or why the page could not read it. */
export interface CheckedUrl {
	url: string;
	/** The entry module's hash. */
	hash?: string;
	/** Every module it would run (the entry first), with its hash. */
	modules?: { url: string; hash: string }[];
	/** Those of `modules` the user has not trusted with this content: new or changed. */
	changed?: string[];
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
	/** The modules of each extension at its last check: what the runtime is told to expect. */
	private readonly graphs = new Map<string, { url: string; hash: string }[]>();

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
				let text: string;
				try {
					text = await read(url);
				} catch (error) {
					this.graphs.delete(url);
					return { url, problem: (error as Error).message };
				}
				this.texts.set(url, text);
				// Its imports the page cannot read are left out: the runtime refuses them (or fails to read them too).
				const modules = (await moduleGraph(url, read, new Map([[url, text]]))).map(({ url, hash }) => ({ url, hash }));
				this.graphs.set(url, modules);
				const changed = modules.filter((module) => trusted[module.url] !== module.hash).map((module) => module.url);
				return { url, hash: modules[0]?.hash, modules, changed };
			}),
		);
		this.pending = checked.filter((entry) => !entry.hash || (entry.changed?.length ?? 0) > 0);
		return this.pending;
	}

	/**
	 * The hashes the user trusted of every module of these extensions, as the page last read them (only extensions it
	 * checked in this page): the runtime checks what it reads against them, and runs no other module of theirs.
	 */
	async pinned(urls: readonly string[]): Promise<Record<string, string>> {
		const trusted = await this.hashes();
		const pinned: Record<string, string> = {};
		for (const url of urls) {
			const modules = this.graphs.get(url);
			if (!modules || trusted[url] === undefined) continue;
			for (const module of modules) if (trusted[module.url] !== undefined) pinned[module.url] = trusted[module.url]!;
		}
		return pinned;
	}

	/** Whether the user said yes to this URL before (with some content). */
	async trustedBefore(url: string): Promise<boolean> {
		return (await this.hashes())[url] !== undefined;
	}

	/** The modules each of these extensions would run, as the page last read them; `changed`: not trusted as they are. */
	async files(urls: readonly string[]): Promise<{ file: string; changed: boolean }[]> {
		const trusted = await this.hashes();
		return urls.flatMap((url) => (this.graphs.get(url) ?? []).map((module) => ({ file: module.url, changed: trusted[module.url] !== module.hash })));
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
		for (const entry of readable) for (const module of entry.modules ?? [{ url: entry.url, hash: entry.hash }]) this.decided[module.url] = module.hash;
		return this.hashes().then((hashes) => this.databases.home.setSetting(SETTING, hashes));
	}
}
