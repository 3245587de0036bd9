/**
 * What this playground is, when it was opened from the gallery (or a lesson): its explanation, shown beside its
 * files (`state.about`); and the way to open such a playground (`open`, open-as-playground.ts). Such a playground is the original until the user edits a file in it; the first edit makes
 * it the user's copy, as the TypeScript Playground's examples become the user's code once changed: the list calls
 * it "Your copy of …", the note says so, and opening the same example again makes a fresh original.
 */
import { HOME_PLAYGROUND, playgroundHref } from "../../share/playground-address.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { PlaygroundAbout, PlaygroundOpening } from "../state/records.ts";
import type { Notices } from "../state/notices.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import { openPlaygroundDatabase, updatePlayground } from "../storage/playgrounds.ts";
import { openAsPlayground } from "./open-as-playground.ts";
import { SHARED_SETTINGS } from "./share-materialize.ts";

export interface PlaygroundOriginParts {
	databases: Pick<PlaygroundDatabases, "current" | "home">;
	store: Pick<Store<PlaygroundState>, "get" | "set">;
	notices: Pick<Notices, "notify">;
	playgroundId: string;
	/** The page's address: `open` goes to the playground it made. */
	location: Pick<Location, "href" | "assign">;
}

export class PlaygroundOrigin {
	private forking?: Promise<void>;

	constructor(private readonly parts: PlaygroundOriginParts) {}

	/** Shows what the playground is, if it was opened from the gallery or a lesson. */
	async load(): Promise<void> {
		const about = await this.parts.databases.current.getSetting<PlaygroundAbout>(SHARED_SETTINGS.about);
		if (about) this.parts.store.set({ about });
	}

	/**
	 * Opens files as a playground of their own (a gallery example: open-as-playground.ts) and goes there: this
	 * playground is not written. The same example opened before, and not edited since, is gone back to. Resolves with
	 * whether the page is going to another playground (false: this one is the example's).
	 */
	async open(opening: PlaygroundOpening): Promise<boolean> {
		// The home playground's database lists the playgrounds; opened here, as the gallery may open before the page's are.
		const home = await openPlaygroundDatabase(HOME_PLAYGROUND);
		let id: string;
		try {
			id = await openAsPlayground(home, opening);
		} finally {
			home.close();
		}
		if (id === this.parts.playgroundId) return false;
		this.parts.location.assign(playgroundHref(this.parts.location, id));
		return true;
	}

	/** The user changed a file here: an original becomes the user's copy, once. Resolves when that is stored. */
	edited(): Promise<void> {
		const about = this.parts.store.get().about;
		if (!about?.origin || about.copy) return this.forking ?? Promise.resolve();
		this.forking ??= this.fork(about);
		return this.forking;
	}

	private async fork(about: PlaygroundAbout): Promise<void> {
		const copy: PlaygroundAbout = { ...about, origin: undefined, copy: true };
		const title = `Your copy of ${about.title}`;
		try {
			// Stored first: the playground list, read again once the page shows the copy, names it anew.
			await this.parts.databases.current.setSetting(SHARED_SETTINGS.about, copy);
			await updatePlayground(this.parts.databases.home, this.parts.playgroundId, { title, origin: undefined });
			this.parts.notices.notify(
				`You edited this ${about.kind}: this playground is now yours ("${title}" in the Playground list), and your edits stay here. Opening the ${about.kind} again starts from its original.`,
				"info",
				"Playa",
			);
		} catch (error) {
			this.parts.notices.notify(`This playground could not be kept as your copy: ${(error as Error).message}`, "warning", "Playa");
		}
		this.parts.store.set({ about: copy });
	}
}
