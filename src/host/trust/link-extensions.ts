/**
 * The extensions a link names (`?ext=`, a shared playground's URLs) and the checks before they run:
 * each is read and hashed by the page, and runs only with content the user said yes to (see
 * extension-trust.ts). The user's own saved URLs are theirs and not asked about.
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

export class LinkExtensions {
	/** The URLs the address and the shared playground name. */
	urls: string[] = [];
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

	/** Takes the page's link URLs and checks them; returns those whose content the user has not trusted. */
	async open(location: Location, linked: readonly string[] | undefined, saved: readonly string[] | undefined): Promise<string[]> {
		this.urls = [...new Set([...linkExtensionUrls(location), ...(linked ?? [])])];
		const asked = this.urls.filter((url) => !saved?.includes(url));
		const checked = await this.trust.untrusted(asked, (url) => this.read(url));
		for (const { url, problem } of checked) if (problem) this.notices.notify(`The page could not read ${url} to check it: ${problem}.`, "warning", "Playa");
		const untrusted = checked.map((entry) => entry.url);
		this.justChecked = new Set(asked.filter((url) => !untrusted.includes(url)));
		return untrusted;
	}

	/** The user's answer about the URLs `open` or `changed` returned last: it holds at once; the promise is its storing. */
	decide(run: boolean): Promise<void> {
		return this.trust.decide(run);
	}

	/** The link extensions about to run whose content is not the one the user trusted: asked again at every start. */
	async changed(running: readonly string[], saved: readonly string[]): Promise<string[]> {
		const skip = this.justChecked;
		this.justChecked = new Set();
		const links = this.urls.filter((url) => running.includes(url) && !saved.includes(url) && !skip.has(url));
		if (links.length === 0) return [];
		return (await this.trust.untrusted(links, (url) => this.read(url))).map((entry) => entry.url);
	}

	/** A link extension's text as the page reads it, to hash it: fetched, or read from the workspace. */
	private async read(url: string): Promise<string> {
		if (!isWorkspaceUrl(url)) return fetchModuleText(url);
		const path = workspacePathOf(url);
		if (!path) throw new Error("is not a workspace path");
		await this.workspace.ready;
		return new TextDecoder().decode(await this.workspace.readFile(path));
	}

	/** Those of `urls` the user said yes to before, with other content: they changed since. */
	async trustedBefore(urls: readonly string[]): Promise<string[]> {
		const pinned = await this.trust.pinned(urls);
		return urls.filter((url) => Object.hasOwn(pinned, url));
	}

	/** The trusted hashes of the link's URLs, for the runtime to check what it fetches. */
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
