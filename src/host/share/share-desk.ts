/**
 * Opening a shared playground, with the user's consent. A snapshot (from the page address, a dropped or
 * picked `.playa.json`, or an embedding page) is offered: the consent lists its files and extension URLs,
 * and nothing of it runs, is fetched or is written until the user says yes. Yes makes it a new playground
 * beside the user's own (share-materialize.ts) and opens that; no leaves everything as it was.
 */
import type { PlaygroundSnapshot, SnapshotResult } from "../../share/snapshot.ts";
import { ExtensionContentTrust, fetchModuleText } from "../trust/extension-trust.ts";
import { HOME_PLAYGROUND, playgroundHref } from "../../share/playground-address.ts";
import { openPlaygroundDatabase } from "../storage/playgrounds.ts";
import { storageFailureReason } from "../storage/storage-failure.ts";
import { createSharedPlayground } from "./share-materialize.ts";
import { readSnapshotFile, snapshotFromAddress, SOURCE_PARAM } from "./share-source.ts";
import { Store } from "../state/store.ts";
import { snapshotCode, type SnapshotCodeFile } from "./snapshot-code.ts";

export interface ShareOffer {
	snapshot: PlaygroundSnapshot;
	/** Where it came from: "a link", a URL, a file name, "the embedding page". */
	source: string;
	/** Its files that run as code once it opens (its project's extensions), for the consent to list first. */
	code: SnapshotCodeFile[];
}

export interface ShareDeskState {
	/** A snapshot waiting for the user's answer. */
	offer?: ShareOffer;
	/** Yes was said: the new playground is being written. */
	opening: boolean;
	/** Why a snapshot could not be opened; nothing of it ran. */
	error?: string;
}

/** The file a shared playground shows in the editor when it opens: its first extension's entry, else its first text file. */
function firstFiles(offer: ShareOffer): string[] {
	const first = offer.code[0]?.path ?? offer.snapshot.files.find((file) => file.encoding !== "base64")?.path;
	return first ? [first] : [];
}

export class ShareDesk {
	readonly store = new Store<ShareDeskState>({ opening: false });
	/** Counts the snapshots offered: the consent shows the one offered last. */
	private offers = 0;

	constructor(
		/** The page's address, and the way to go to another (the new playground's). */
		private readonly location: Pick<Location, "href" | "hash" | "search" | "assign">,
		/** Where the address is replaced without loading it (the link's part removed once answered). */
		private readonly history: Pick<History, "state" | "replaceState">,
	) {}

	/** Reads the snapshot the page address names, if any, and offers it. */
	async openFromAddress(): Promise<void> {
		const found = await snapshotFromAddress(this.location);
		if (!found) return;
		if (found.ok) await this.openSnapshot(found.snapshot, found.source);
		else this.fail(found.error);
	}

	/** A dropped or picked `.playa.json`. */
	async openFile(file: Blob & { name?: string }): Promise<void> {
		await this.offerResult(await readSnapshotFile(file), file.name ?? "a file");
	}

	/** A snapshot parsed elsewhere (an embedding page's message): offered if valid, its error shown if not. */
	async offerResult(result: SnapshotResult, source: string): Promise<void> {
		if (result.ok) await this.openSnapshot(result.snapshot, source);
		else this.fail(result.error);
	}

	/**
	 * Offers a parsed snapshot: the consent shows, with the files that would run as code, and nothing of it
	 * runs until the user says yes (`accept`). The one way in for every source, an embedding page's `load`
	 * message included.
	 */
	async openSnapshot(snapshot: PlaygroundSnapshot, source: string): Promise<void> {
		if (this.store.get().opening) return;
		const offered = ++this.offers;
		let code: SnapshotCodeFile[];
		try {
			code = await snapshotCode(snapshot.files);
		} catch (error) {
			if (offered === this.offers) this.fail(`Which of this snapshot's files would run could not be found: ${(error as Error).message}.`);
			return;
		}
		// Another snapshot came meanwhile, or the user said yes to one: this one is not shown.
		if (offered !== this.offers || this.store.get().opening) return;
		this.store.set({ offer: { snapshot, source, code }, error: undefined });
	}

	private fail(error: string): void {
		this.store.set({ error: `${error} Nothing of it was opened or run; your playground is as it was.` });
		this.forgetAddress();
	}

	dismissError(): void {
		this.store.set({ error: undefined });
	}

	/** No: nothing was written or run. */
	decline(): void {
		this.store.set({ offer: undefined });
		this.forgetAddress();
	}

	/**
	 * Yes: the extension URLs' contents are read and trusted as they are now (a change later asks
	 * again), the snapshot becomes a new playground, and the page opens it.
	 */
	async accept(): Promise<void> {
		const { offer, opening } = this.store.get();
		if (!offer || opening) return;
		this.store.set({ opening: true });
		let home: Awaited<ReturnType<typeof openPlaygroundDatabase>> | undefined;
		try {
			home = await openPlaygroundDatabase(HOME_PLAYGROUND);
			const trust = new ExtensionContentTrust({ home });
			await trust.trust(await trust.untrusted(offer.snapshot.extensions, fetchModuleText));
			const id = await createSharedPlayground(home, offer.snapshot, `Shared from ${offer.source}`, { open: firstFiles(offer) });
			this.location.assign(playgroundHref(this.location, id));
		} catch (error) {
			this.store.set({
				offer: undefined,
				opening: false,
				error: `The shared playground could not be made: ${await storageFailureReason(error)}. Your playground is as it was.`,
			});
		} finally {
			home?.close();
		}
	}

	/**
	 * A playground the user asked for themselves (the package browser's Try): made beside theirs and opened, with no
	 * share consent (nothing in it came from someone else but what the opened playground asks about itself, as its
	 * packages in the package consent).
	 */
	async openBeside(snapshot: PlaygroundSnapshot, title: string): Promise<void> {
		const home = await openPlaygroundDatabase(HOME_PLAYGROUND);
		try {
			const id = await createSharedPlayground(home, snapshot, title);
			this.location.assign(playgroundHref(this.location, id));
		} finally {
			home.close();
		}
	}

	/** Takes the snapshot's part out of the address, so a reload opens the playground as it is. */
	private forgetAddress(): void {
		const url = new URL(this.location.href);
		if (!url.hash.includes("playa=") && !url.searchParams.has(SOURCE_PARAM)) return;
		url.searchParams.delete(SOURCE_PARAM);
		url.hash = "";
		this.history.replaceState(this.history.state, "", url.href);
	}
}
