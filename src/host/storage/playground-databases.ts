/**
 * The databases of one playground, opened once the page has started (`open`): its own (sessions, settings,
 * workspace files) and the home playground's (the list of playgrounds, what the user trusts in every one).
 * The parts of the playground hold this object from the start and read the databases when they need them;
 * the page renders, and its editor asks for its tabs, before they are open (`opened`).
 */
import { HOME_PLAYGROUND } from "../../share/playground-address.ts";
import type { PlayaDatabase } from "./database.ts";
import { openPlaygroundDatabase } from "./playgrounds.ts";

export class PlaygroundDatabases {
	/** Resolves with the playground's database once it is open. */
	readonly opened: Promise<PlayaDatabase>;
	private database?: PlayaDatabase;
	private homeDatabase?: PlayaDatabase;
	private resolveOpened!: (database: PlayaDatabase) => void;

	constructor() {
		this.opened = new Promise((resolve) => {
			this.resolveOpened = resolve;
		});
	}

	/** The playground's own database; there is none before `open`. */
	get current(): PlayaDatabase {
		if (!this.database) throw new Error("The playground's database is not open yet");
		return this.database;
	}

	/** The home playground's database (the playground's own, in the home playground). */
	get home(): PlayaDatabase {
		if (!this.homeDatabase) throw new Error("The home playground's database is not open yet");
		return this.homeDatabase;
	}

	/** Opens the database of playground `id`, then the home one: those waiting for the first go on at once. */
	async open(id: string): Promise<PlayaDatabase> {
		const database = await openPlaygroundDatabase(id);
		this.database = database;
		this.resolveOpened(database);
		performance.mark("playa:storage");
		this.homeDatabase = id === HOME_PLAYGROUND ? database : await openPlaygroundDatabase(HOME_PLAYGROUND);
		return database;
	}
}
