/**
 * Which playground a page is. A playground is a workspace with its sessions and settings (extensions,
 * script, model): the user's own is the "home" playground, in the `playa` database as always; every link
 * opened makes a new one beside it, in a database of its own (`playa-playground-<id>`), so opening a link
 * never touches the user's work. The page address names it (`?playground=<id>`; none is home), so a
 * reload stays in it and the home playground is one link away. The home database keeps the list of
 * playgrounds and what the user trusts by content, which holds in every playground.
 */
import { DB_NAME, PlayaDatabase } from "./database.ts";

export const HOME_PLAYGROUND = "home";

/** The page parameter that names a playground other than home. */
export const PLAYGROUND_PARAM = "playground";

const LIST_SETTING = "playgrounds";

export interface PlaygroundRecord {
	id: string;
	/** What the list shows: where it came from. */
	title: string;
	createdAt: string;
}

const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

/** The playground the page address names; anything not shaped like an id is home. */
export function playgroundIdOf(location: Pick<Location, "search">): string {
	const id = new URLSearchParams(location.search).get(PLAYGROUND_PARAM);
	return id && ID_PATTERN.test(id) && id !== HOME_PLAYGROUND ? id : HOME_PLAYGROUND;
}

export function databaseNameOf(id: string): string {
	return id === HOME_PLAYGROUND ? DB_NAME : `${DB_NAME}-playground-${id}`;
}

export function newPlaygroundId(): string {
	return crypto.randomUUID();
}

/**
 * The page address of playground `id`: this page's, its other parameters kept (the backend, the CDN,
 * an embed's layout) but the ones that name what to open (`ext`, `src`) and the fragment.
 */
export function playgroundHref(location: Pick<Location, "href">, id: string): string {
	const url = new URL(location.href);
	for (const name of ["ext", "src", PLAYGROUND_PARAM]) url.searchParams.delete(name);
	if (id !== HOME_PLAYGROUND) url.searchParams.set(PLAYGROUND_PARAM, id);
	url.hash = "";
	return url.href;
}

/** The playgrounds of this browser, the home one first. */
export async function listPlaygrounds(home: PlayaDatabase): Promise<PlaygroundRecord[]> {
	const others = (await home.getSetting<PlaygroundRecord[]>(LIST_SETTING)) ?? [];
	return [{ id: HOME_PLAYGROUND, title: "Your playground", createdAt: "" }, ...others];
}

export async function addPlayground(home: PlayaDatabase, record: PlaygroundRecord): Promise<void> {
	const others = (await home.getSetting<PlaygroundRecord[]>(LIST_SETTING)) ?? [];
	await home.setSetting(LIST_SETTING, [...others.filter((other) => other.id !== record.id), record]);
}

/** The database of playground `id` (home's when it is home). */
export function openPlaygroundDatabase(id: string): Promise<PlayaDatabase> {
	return PlayaDatabase.open(databaseNameOf(id));
}
