/**
 * The sessions kept in this browser: which one is current, the list the Sessions panel shows, and
 * opening, creating, forking, renaming, deleting, importing and exporting them. Switching sessions
 * starts the runtime again (`SessionRuntime`: the runner does that); this module only knows storage.
 */
import type { RuntimeApi, SessionSnapshot, StartReason } from "../../protocol/runtime.ts";
import { newSessionHeader } from "../../session/entries.ts";
import { exportSessionJsonl, sessionJsonlFileName } from "../../session/jsonl.ts";
import type { Notices } from "../state/notices.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { PlayaDatabase, SessionRecord } from "./database.ts";
import type { PlaygroundDatabases } from "./playground-databases.ts";
import { importSessionFileOffThread, type SessionFileImporter } from "./import/session-import.ts";

/** The setting that names the current session. */
const CURRENT_SESSION = "currentSession";

/** How many entries of a long session are shown before the whole session has loaded. */
const RECENT_ENTRIES = 200;

/** Lets the browser paint before more main-thread work (loading the rest of a long session). */
function nextPaint(): Promise<void> {
	return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The runtime the sessions run in (runtime-runner.ts): a switch starts it again on the session made current. */
export interface SessionRuntime {
	/** The running runtime's API (its extensions' `session_before_switch`); undefined while none runs. */
	readonly api: Pick<RuntimeApi, "beforeSessionSwitch"> | undefined;
	/** Starts the runtime again on whatever session is current; `startReason` tells its extensions why (none: "startup"). */
	start(options: { startReason?: StartReason }): Promise<void>;
	stop(): Promise<void>;
}

/** What the library is built from. */
export interface SessionLibraryParts {
	databases: Pick<PlaygroundDatabases, "current">;
	store: Pick<Store<PlaygroundState>, "get" | "set">;
	notices: Pick<Notices, "notify">;
	/** The workspace, whose working directory a new session records once it is ready (WebContainer's differs). */
	workspace: { readonly ready: Promise<void>; readonly sessionCwd: string };
	runtime: SessionRuntime;
	/** What else the page keeps about a session (its scripted answers' log), removed with it. */
	answers?: { forgetSession(sessionId: string): Promise<void> };
}

export class SessionLibrary {
	/** A session being read ahead of the `current()` that will ask for it (`preload`). */
	private preloaded?: { id: string; snapshot: Promise<SessionSnapshot | undefined> };
	/** The sessions list's read under way, and the one asked for meanwhile (see refresh). */
	private listing: Promise<void> = Promise.resolve();
	private nextListing?: Promise<void>;

	constructor(
		private readonly parts: SessionLibraryParts,
		/** Reads, parses and stores an imported file; in a worker by default (tests under Node pass one of their own). */
		private readonly importFile: SessionFileImporter = importSessionFileOffThread,
	) {}

	private get storage(): PlayaDatabase {
		return this.parts.databases.current;
	}

	currentId(): Promise<string | undefined> {
		return this.storage.getSetting<string>(CURRENT_SESSION);
	}

	/**
	 * Shows the current session's latest entries as the page opens, and lets them paint; the whole session, which
	 * the runtime starts with, is then read while the settings and the link's trust are.
	 */
	async showRecent(): Promise<void> {
		const currentId = await this.currentId();
		const recent = currentId ? await this.storage.loadRecent(currentId, RECENT_ENTRIES) : undefined;
		if (!recent) return;
		this.parts.store.set({ sessionId: recent.header.id, entries: recent.entries, leafId: recent.leafId });
		await nextPaint();
		performance.mark("playa:shown");
		this.preload(recent.header.id);
	}

	/**
	 * Starts reading session `id` whole for the next `current()`, which takes it if `id` is still current: the page
	 * reads a long session while it gets the rest of its start ready. Nothing may write the session meanwhile (the
	 * runtime that writes it is not running yet).
	 */
	preload(id: string): void {
		const snapshot = this.storage.loadSession(id);
		snapshot.catch(() => undefined);
		this.preloaded = { id, snapshot };
	}

	/** The current session, or a new empty one made current. */
	async current(): Promise<SessionSnapshot> {
		const id = await this.currentId();
		const preloaded = this.preloaded;
		this.preloaded = undefined;
		const snapshot = id ? await (preloaded?.id === id ? preloaded.snapshot : this.storage.loadSession(id)) : undefined;
		if (snapshot) return snapshot;
		await this.parts.workspace.ready;
		const header = newSessionHeader(this.parts.workspace.sessionCwd);
		await this.storage.createSession(header);
		await this.storage.setSetting(CURRENT_SESSION, header.id);
		return { header, entries: [], leafId: null };
	}

	/**
	 * Starts an empty session and makes it current. `asStartup`: its extensions hear a `session_start` of a fresh start
	 * ("startup"), as a scenario's replay starts (the headless runner's and pi's start so), not a new session's.
	 */
	async newSession(options: { asStartup?: boolean } = {}): Promise<void> {
		const previousSessionId = this.parts.store.get().sessionId;
		await this.storage.setSetting(CURRENT_SESSION, undefined);
		await this.parts.runtime.start(options.asStartup ? {} : { startReason: { reason: "new", previousSessionId } });
	}

	/**
	 * Reads the sessions list again. Asked for while a read runs (entries stored one after another), the callers
	 * share one more read after it: each sees what was stored before it asked, and the list is read twice, not once each.
	 */
	refresh(): Promise<void> {
		this.nextListing ??= this.listing
			.catch(() => undefined)
			.then(() => {
				this.nextListing = undefined;
				this.listing = this.readList();
				return this.listing;
			});
		return this.nextListing;
	}

	private async readList(): Promise<void> {
		const records = await this.storage.listSessions();
		// A name of its own, else its first prompt (as pi's /resume lists them), else when it began.
		const name = ({ header, firstPrompt }: SessionRecord) => header.title || firstPrompt || `Session of ${new Date(header.timestamp).toLocaleString()}`;
		this.parts.store.set({
			sessions: records.map((r) => ({ id: r.id, name: name(r), entryCount: r.entryCount, updatedAt: r.updatedAt })),
		});
	}

	/** The current session as upstream pi's JSONL, or as a page to read. */
	async exportSession(format: "jsonl" | "html"): Promise<{ name: string; type: string; text: string }> {
		const { sessionId } = this.parts.store.get();
		const session = sessionId ? await this.storage.loadSession(sessionId) : undefined;
		if (!session) throw new Error("There is no session to export");
		if (format === "jsonl")
			return { name: sessionJsonlFileName(session.header), type: "application/jsonl", text: exportSessionJsonl(session.header, session.entries) };
		// The HTML exporter loads when it is first asked for, not with the page.
		const { exportSessionHtml } = await import("../../session/export-html.ts");
		return { name: `${session.header.id}.html`, type: "text/html", text: exportSessionHtml(session.header, session.entries, session.leafId) };
	}

	/**
	 * Imports a JSONL session (pi or oh-my-pi) and opens it; a bad file is reported and stores nothing. The file is
	 * read, parsed and stored off the page's thread; the Sessions panel shows how far it got.
	 */
	async importSession(file: Blob, fileName: string): Promise<void> {
		this.parts.store.set({ sessionImport: { fileName } });
		let imported: Awaited<ReturnType<SessionFileImporter>>;
		try {
			imported = await this.importFile(file, this.storage.name, (progress) => {
				if (progress.stage === "storing") this.parts.store.set({ sessionImport: { fileName, stored: progress.stored, total: progress.total } });
			});
		} finally {
			this.parts.store.set({ sessionImport: undefined });
		}
		if (!imported.ok) {
			this.parts.notices.notify(`${fileName}: ${imported.error}. Nothing was imported.`, "error", "Playa");
			return;
		}
		for (const warning of imported.warnings) this.parts.notices.notify(`${fileName}: ${warning}`, "warning", "Playa");
		await this.openSession(imported.sessionId);
	}

	/** Stores a session the runtime forked off the current one and starts on it. */
	async openFork(session: SessionSnapshot, previousSessionId: string): Promise<void> {
		await this.storage.importSession(session.header, session.entries, session.leafId);
		await this.storage.setSetting(CURRENT_SESSION, session.header.id);
		await this.parts.runtime.start({ startReason: { reason: "fork", previousSessionId } });
	}

	/** The user's New session: extensions' `session_before_switch` may cancel it first. */
	async requestNewSession(): Promise<void> {
		if (!(await this.switchCancelled("new"))) await this.newSession();
	}

	/** The user opens another session: extensions' `session_before_switch` may cancel it first. */
	async requestOpenSession(sessionId: string): Promise<void> {
		if (!(await this.switchCancelled("resume", sessionId))) await this.openSession(sessionId);
	}

	/** The running runtime's extensions' `session_before_switch`: true when one cancels the switch. */
	private async switchCancelled(reason: "new" | "resume", sessionId?: string): Promise<boolean> {
		// The runtime's answer is untrusted, and a runtime that fails to answer cancels nothing.
		return (await this.parts.runtime.api?.beforeSessionSwitch(reason, sessionId).catch(() => undefined))?.cancelled === true;
	}

	async renameSession(sessionId: string, name: string): Promise<void> {
		await this.storage.renameSession(sessionId, name);
		await this.refresh();
	}

	/** Deletes a session; deleting the current one moves to a new, empty session. */
	async deleteSession(sessionId: string): Promise<void> {
		const current = sessionId === this.parts.store.get().sessionId;
		if (current) await this.parts.runtime.stop();
		await this.storage.deleteSession(sessionId);
		await this.parts.answers?.forgetSession(sessionId);
		if (current) await this.newSession();
		else await this.refresh();
	}

	/** Makes a stored session current; an unknown id is reported and changes nothing. */
	async openSession(sessionId: string): Promise<void> {
		if (!(await this.storage.sessionExists(sessionId))) {
			this.parts.notices.notify(`There is no session ${sessionId} in this browser`, "error", "Playa");
			return;
		}
		const previousSessionId = this.parts.store.get().sessionId;
		await this.storage.setSetting(CURRENT_SESSION, sessionId);
		await this.parts.runtime.start({ startReason: { reason: "resume", previousSessionId } });
	}
}
