/**
 * Which playground a page is. A playground is a workspace with its sessions and settings (extensions,
 * script, model): the user's own is the "home" playground, in the `playa` database as always; every link
 * opened makes a new one beside it, in a database of its own (`playa-playground-<id>`), so opening a link
 * never touches the user's work. The page address names it (`?playground=<id>`; none is home), so a
 * reload stays in it and the home playground is one link away (share/playground-address.ts). The home database keeps the list of
 * playgrounds and what the user trusts by content, which holds in every playground.
 */
import { deleteDB } from "idb";
import { HOME_PLAYGROUND } from "../../share/playground-address.ts";
import type { PlaygroundRecord } from "../state/records.ts";
import { DB_NAME, PlayaDatabase } from "./database.ts";

const LIST_SETTING = "playgrounds";

export function databaseNameOf(id: string): string {
	return id === HOME_PLAYGROUND ? DB_NAME : `${DB_NAME}-playground-${id}`;
}

export function newPlaygroundId(): string {
	return crypto.randomUUID();
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

/**
 * Deletes the database of playground `id`, which must be closed: a playground that could not be made whole leaves
 * nothing behind. The home playground's is never deleted.
 */
export async function deletePlaygroundDatabase(id: string): Promise<void> {
	if (id === HOME_PLAYGROUND) throw new Error("the home playground's database is never deleted");
	await deleteDB(databaseNameOf(id));
}

/** The database of playground `id` (home's when it is home). */
export function openPlaygroundDatabase(id: string): Promise<PlayaDatabase> {
	return PlayaDatabase.open(databaseNameOf(id));
}

/** Changes the listed record of playground `id` in place (its title, its origin); nothing when it is not listed. */
export async function updatePlayground(home: PlayaDatabase, id: string, change: Partial<Omit<PlaygroundRecord, "id">>): Promise<void> {
	const others = (await home.getSetting<PlaygroundRecord[]>(LIST_SETTING)) ?? [];
	if (!others.some((other) => other.id === id)) return;
	await home.setSetting(
		LIST_SETTING,
		others.map((other) => (other.id === id ? { ...other, ...change } : other)),
	);
}
