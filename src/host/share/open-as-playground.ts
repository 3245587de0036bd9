/**
 * Files opened as a playground of their own, beside the user's: a gallery example (and a lesson). Its files, script,
 * dialog answers and first prompt become a new playground, as a shared link's do (share-materialize.ts), with its
 * explanation kept beside the files and the files to show in the editor; the page then goes there. The user's own
 * playground is never written. The files are the app's own, not a stranger's link, so no consent is asked: the new
 * playground trusts them as written, and a file changed later asks as any other does.
 *
 * Opening the same origin again (`about.origin`, e.g. `example:tool-guard`) comes back to the playground made for it
 * while that one is still the original; once the user edits it, it is theirs (playground-origin.ts), and the same
 * opens fresh.
 */
import { parseSnapshot, SNAPSHOT_VERSION } from "../../share/snapshot.ts";
import type { PlayaDatabase } from "../storage/database.ts";
import { listPlaygrounds } from "../storage/playgrounds.ts";
import type { PlaygroundOpening } from "../state/records.ts";
import { createSharedPlayground } from "./share-materialize.ts";

/** What the playground list calls a playground opened from `about`. */
export function openingTitle(about: PlaygroundOpening["about"]): string {
	return `${about.kind.charAt(0).toUpperCase()}${about.kind.slice(1)}: ${about.title}`;
}

/** Makes (or finds again) the playground of `opening`; returns its id. `home`: the home playground's database, which lists them. */
export async function openAsPlayground(home: PlayaDatabase, opening: PlaygroundOpening): Promise<string> {
	const existing = (await listPlaygrounds(home)).find((record) => record.origin === opening.about.origin);
	if (existing) return existing.id;
	const parsed = parseSnapshot({
		version: SNAPSHOT_VERSION,
		files: opening.files.map((file) => ({ path: file.path, content: file.content })),
		extensions: [],
		...(opening.script && { script: opening.script }),
		...(opening.dialogAnswers && { dialogAnswers: opening.dialogAnswers }),
		...(opening.prompt && { prompt: opening.prompt }),
		...(opening.panels && { panels: opening.panels }),
	});
	if (!parsed.ok) throw new Error(`${opening.about.title} could not be opened: ${parsed.error}`);
	return createSharedPlayground(home, parsed.snapshot, openingTitle(opening.about), {
		origin: opening.about.origin,
		about: opening.about,
		open: opening.open,
	});
}
