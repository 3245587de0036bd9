/**
 * The extensions a link names (`?ext=`, a shared playground's URLs) and the checks before they run:
 * each is read and hashed by the page, and runs only with content the user said yes to (see
 * extension-trust.ts): the entry and every file it imports by a relative path or a URL. The user's own saved URLs are
 * theirs and not asked about.
 *
 * A URL the page cannot read (a 404, a server without CORS headers, one that is not http(s) or a workspace
 * file) has no hash to say yes to: it is not asked about and does not run, and its card says why
 * (`unreadable`). The consent lists only what would run; the others run after the yes.
 */
import { isWorkspaceUrl, workspacePathOf } from "../../protocol/workspace/workspace-url.ts";
import { ExtensionContentTrust, fetchModuleText } from "./extension-trust.ts";
import { linkExtensionUrls } from "./link-params.ts";
import type { Notices } from "../state/notices.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";

/** The workspace, where a link may name a file (`/workspace/...`): read once it is ready (playground-workspace.ts). */
export interface LinkWorkspace {
	readonly ready: Promise<void>;
	readFile(path: string): Promise<Uint8Array>;
}

/** A link's URL the page could not read, and why (a sentence's end: "answered 404"). */
export interface UnreadableUrl {
	url: string;
	problem: string;
}

/** What a check of the link's URLs found: the readable ones the user has not said yes to, and those the page could not read. */
export interface LinkCheck {
	untrusted: string[];
	unreadable: UnreadableUrl[];
}

const NOT_WEB = "is not an http(s) URL";

function isWebUrl(url: string): boolean {
	try {
		const { protocol } = new URL(url);
		return protocol === "http:" || protocol === "https:";
	} catch {
		return false;
	}
}

export class LinkExtensions {
	/** The URLs the address and the shared playground name. */
	urls: string[] = [];
	/** The link's URLs the page could not read at the last check: they do not run. */
	unreadable: UnreadableUrl[] = [];
	private readonly trust: ExtensionContentTrust;
	/**
	 * URLs whose content was found trusted moments ago, when the page opened: the start that follows at once
	 * does not read them again. (After the user's yes it does: the file may have changed while they read the
	 * prompt.) The runtime still checks what it fetches against the trusted hash.
	 */
	private justChecked = new Set<string>();

	constructor(
		/** `databases.home` keeps a yes for every playground. */
		databases: Pick<PlaygroundDatabases, "home">,
		private readonly workspace: LinkWorkspace,
		/** Told of a URL the page could not read to check it. */
		private readonly notices: Pick<Notices, "notify">,
	) {
		this.trust = new ExtensionContentTrust(databases);
	}

	/**
	 * Takes the page's link URLs and checks them; returns those the page read whose content the user has not
	 * trusted. Those it could not read are in `unreadable`.
	 */
	async open(location: Location, linked: readonly string[] | undefined, saved: readonly string[] | undefined): Promise<string[]> {
		this.urls = [...new Set([...linkExtensionUrls(location), ...(linked ?? [])])];
		const asked = this.urls.filter((url) => !saved?.includes(url));
		const { untrusted, unreadable } = await this.check(asked);
		for (const { url, problem } of unreadable) this.notices.notify(`The page could not read ${url}, so it does not run: it ${problem}.`, "warning", "Playa");
		// Only what was read and found trusted: an unreadable URL is read again at the start, and never runs unread.
		const notTrusted = new Set([...untrusted, ...unreadable.map((entry) => entry.url)]);
		this.justChecked = new Set(asked.filter((url) => !notTrusted.has(url)));
		return untrusted;
	}

	/** The user's answer about the URLs `open` or `changed` returned last: it holds at once; the promise is its storing. */
	decide(run: boolean): Promise<void> {
		return this.trust.decide(run);
	}

	/**
	 * The link extensions about to run whose content is not the one the user trusted (asked again at every start),
	 * and those the page cannot read now (they do not run).
	 */
	async changed(running: readonly string[], saved: readonly string[]): Promise<LinkCheck> {
		const skip = this.justChecked;
		this.justChecked = new Set();
		const links = this.urls.filter((url) => running.includes(url) && !saved.includes(url) && !skip.has(url));
		return this.check(links);
	}

	/** Reads and hashes `urls`; keeps the unreadable ones in `unreadable`. */
	private async check(urls: string[]): Promise<LinkCheck> {
		const checked = urls.length === 0 ? [] : await this.trust.untrusted(urls, (url) => this.read(url));
		const unreadable = checked.flatMap((entry) => (entry.hash === undefined ? [{ url: entry.url, problem: entry.problem ?? "could not be read" }] : []));
		this.unreadable = unreadable;
		return { untrusted: checked.filter((entry) => entry.hash !== undefined).map((entry) => entry.url), unreadable };
	}

	/** A link extension's text as the page reads it, to hash it: fetched (http(s) only), or read from the workspace. */
	private async read(url: string): Promise<string> {
		if (!isWorkspaceUrl(url)) {
			// A javascript:, file:, data: or blob: URL (or no URL at all) is refused before anything reads it.
			if (!isWebUrl(url)) throw new Error(NOT_WEB);
			return fetchModuleText(url);
		}
		const path = workspacePathOf(url);
		if (!path) throw new Error("is not a workspace path");
		await this.workspace.ready;
		return new TextDecoder().decode(await this.workspace.readFile(path));
	}

	/** Those of `urls` the user said yes to before, with other content: they changed since. */
	async trustedBefore(urls: readonly string[]): Promise<string[]> {
		const before = await Promise.all(urls.map((url) => this.trust.trustedBefore(url)));
		return urls.filter((_, index) => before[index]);
	}

	/** Every module these link extensions would run (URLs), `changed` where the user has not trusted it as it is: what the consent lists. */
	async files(urls: readonly string[]): Promise<{ file: string; changed: boolean }[]> {
		return (await this.trust.files(urls)).map(({ file, changed }) => ({ file: (isWorkspaceUrl(file) && workspacePathOf(file)) || file, changed }));
	}

	/** The trusted hashes of every module of the link's extensions, for the runtime to check what it reads. */
	pinned(): Promise<Record<string, string>> {
		return this.trust.pinned(this.urls);
	}

	/** The texts `open` read, untrusted ones included (to transpile ahead, never to run). */
	readTexts(): Record<string, string> {
		return this.trust.readTexts();
	}

	/** The texts read of these URLs, for the runtime starting now: the text checked is the text run. */
	takeSources(urls: readonly string[]): Record<string, string> {
		return this.trust.takeSources(urls);
	}

	/** Whether the link named this URL (it is then not saved as the user's own). */
	includes(url: string): boolean {
		return this.urls.includes(url);
	}
}
