/**
 * A snapshot the user said yes to, made into a new playground beside theirs: its own database holds the
 * snapshot's files (as the workspace store), its extension URLs, pi packages, model, script and dialog answers, and a
 * "first start" record the new page reads once: the files to trust (by content hash, as the user saw
 * them) and the first prompt to send. Nothing here runs code; the new page does, once opened.
 */
import type { ModelChoice } from "../../protocol/runtime.ts";
import type { DialogAnswer, PlaygroundSnapshot, SnapshotFile } from "../../share/snapshot.ts";
import { contentHash } from "../../workspace/project-discovery.ts";
import type { FsEntrySnapshot } from "../../workspace/workspace.ts";
import type { PlayaDatabase } from "../storage/database.ts";
import type { PlaygroundAbout } from "../state/records.ts";
import { addPlayground, deletePlaygroundDatabase, newPlaygroundId, openPlaygroundDatabase } from "../storage/playgrounds.ts";
import { STORED_ROOT } from "../workspace/workspace-mirror.ts";

/** Settings of a playground made from a snapshot (beside the ones every playground has). */
export const SHARED_SETTINGS = {
	/** Extension URLs the snapshot named: checked by content hash at every start, as `?ext=` URLs are. */
	linkedExtensions: "linkedExtensions",
	/** pi packages the snapshot named, pinned: resolved at every start and asked about in the package consent until trusted. */
	linkedPackages: "linkedPackages",
	/** Scripted answers to the extensions' dialogs, in order (`DialogAnswer[]`). */
	dialogAnswers: "dialogAnswers",
	/** What the first open does once (`SharedStart`), then removes. */
	firstStart: "sharedFirstStart",
	/** What the playground is, shown beside its files (`PlaygroundAbout`): an example's or a lesson's explanation. */
	about: "about",
} as const;

export interface SharedStart {
	/** The snapshot's files by path relative to the workspace, with the hash of the content the user saw (as project trust hashes it). */
	files: { path: string; hash: string }[];
	prompt?: string;
	panels?: string[];
	/** The files the editor opens (paths as in `files`), the first one in front. */
	open?: string[];
}

/** What a playground made here carries beside the snapshot: where it came from, its explanation, the files to show. */
export interface PlaygroundExtras {
	origin?: string;
	about?: PlaygroundAbout;
	open?: string[];
}

export function fileBytes(file: SnapshotFile): Uint8Array {
	if (file.encoding !== "base64") return new TextEncoder().encode(file.content);
	try {
		return Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0));
	} catch {
		throw new Error(`${file.path} is not valid base64`);
	}
}

/** The files as workspace store records under the stored root, each folder before what it holds. */
export function storedEntries(files: { path: string; data: Uint8Array }[], now = Date.now()): FsEntrySnapshot[] {
	const folders = new Set<string>([STORED_ROOT]);
	for (const file of files) {
		const segments = file.path.split("/").slice(0, -1);
		for (let end = 1; end <= segments.length; end++) folders.add(`${STORED_ROOT}/${segments.slice(0, end).join("/")}`);
	}
	return [
		...[...folders].sort().map((path): FsEntrySnapshot => ({ path, type: "directory", mode: 0o755, mtimeMs: now })),
		...files.map((file): FsEntrySnapshot => ({ path: `${STORED_ROOT}/${file.path}`, type: "file", mode: 0o644, mtimeMs: now, data: file.data })),
	];
}

/**
 * Writes a new playground for `snapshot` and lists it in the home database; returns its id. `trusted`
 * records the extension URLs' contents the user said yes to (see ExtensionContentTrust). All or nothing: when a
 * write fails (its script cannot be stored, a full disk), the new database is deleted, files and all, and the
 * error goes on.
 */
export async function createSharedPlayground(home: PlayaDatabase, snapshot: PlaygroundSnapshot, title: string, extras: PlaygroundExtras = {}): Promise<string> {
	const files = snapshot.files.map((file) => ({ path: file.path, data: fileBytes(file) }));
	const id = newPlaygroundId();
	const database = await openPlaygroundDatabase(id);
	let closed = false;
	try {
		await database.applyFileChanges({ roots: [], entries: storedEntries(files) });
		await database.setSetting("extensions", []);
		await database.setSetting(SHARED_SETTINGS.linkedExtensions, snapshot.extensions);
		if (snapshot.packages) await database.setSetting(SHARED_SETTINGS.linkedPackages, snapshot.packages);
		if (snapshot.script) await database.setSetting("script", snapshot.script);
		if (snapshot.model) await database.setSetting("model", { provider: snapshot.model.provider, id: snapshot.model.id } satisfies ModelChoice);
		if (snapshot.dialogAnswers) await database.setSetting(SHARED_SETTINGS.dialogAnswers, snapshot.dialogAnswers satisfies DialogAnswer[]);
		const start: SharedStart = {
			files: await Promise.all(files.map(async (file) => ({ path: file.path, hash: await contentHash(file.data) }))),
			prompt: snapshot.prompt,
			panels: snapshot.panels,
			open: extras.open,
		};
		if (extras.about) await database.setSetting(SHARED_SETTINGS.about, extras.about);
		await database.setSetting(SHARED_SETTINGS.firstStart, start);
		database.close();
		closed = true;
		await addPlayground(home, { id, title, createdAt: new Date().toISOString(), ...(extras.origin && { origin: extras.origin }) });
	} catch (error) {
		if (!closed) database.close();
		// The error that stopped it is the one to tell: a failed clean-up would only hide it.
		await deletePlaygroundDatabase(id).catch(() => undefined);
		throw error;
	}
	return id;
}

/** The first-start record, if this playground has not started yet; removed as it is read. */
export async function takeSharedStart(database: PlayaDatabase): Promise<SharedStart | undefined> {
	const start = await database.getSetting<SharedStart>(SHARED_SETTINGS.firstStart);
	if (start) await database.setSetting(SHARED_SETTINGS.firstStart, undefined);
	return start;
}
