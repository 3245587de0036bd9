/**
 * The editor's side of the host: unsaved buffers kept in the page's database (so nothing typed is
 * lost on a reload or a crash of the runtime), the open tabs, saving to the workspace, and Run: save,
 * then reload the extensions on the same session, as `/reload` does, and say how the file's extension came out.
 */
import type { ExtensionStatus } from "../../protocol/runtime.ts";
import type { ScriptStep } from "../../protocol/script.ts";
import { workspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import { branchPath } from "../../session/tree.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundChoices } from "../storage/playground-choices.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";

const DRAFTS = "editorDrafts";
const TABS = "editorTabs";

export interface EditorTabs {
	paths: string[];
	active?: string;
}

/** A file the user just saved in the page; `changed`: its text differs from what the file held before. */
/** Text to put in place of a file's in the editor, and whether to run it then. */
export interface ReplaceText {
	text: string;
	run?: boolean;
}

export interface AuthoredFile {
	path: string;
	content: string | Uint8Array;
	changed?: boolean;
}

/**
 * What Run did, for the editor to say: the file saved, and how its extension came out of the reload (none: not an
 * extension the runtime lists, e.g. a file it imports, or one waiting for the project's trust question).
 */
export type RunOutcome =
	| { saved: true; extension?: undefined }
	| { saved: true; extension: { name: string; state: "loaded" } | { name: string; state: "failed" | "off"; reason: string } };

function outcomeOf(status: ExtensionStatus | undefined): RunOutcome {
	if (!status) return { saved: true };
	const { name } = status;
	if (status.disabled) return { saved: true, extension: { name, state: "off", reason: status.error?.message ?? "was turned off" } };
	if (status.loaded) return { saved: true, extension: { name, state: "loaded" } };
	return { saved: true, extension: { name, state: "failed", reason: status.error?.message ?? "it did not load" } };
}

/** What the editor's desk is built from. */
export interface EditorParts {
	/** `opened`: the page's database once open (the editor may ask for its tabs and drafts before that). */
	databases: Pick<PlaygroundDatabases, "opened">;
	/** The files it opens and saves, in the playground's workspace (playground-workspace.ts). */
	workspace: {
		readFile(path: string): Promise<Uint8Array>;
		writeFile(path: string, text: string): Promise<void>;
		readonly sessionCwd: string;
	};
	/** The project's trust (trust/project-trust.ts): a file the user wrote in this page is theirs, so it runs without the project's question. */
	trust: { authored(path: string, content: string): Promise<void> };
	/** The page's state: the script, and the branch shown (its assistant replies so far). */
	store: Pick<Store<PlaygroundState>, "get">;
	/** Where the script is changed (stored, shown, and sent to the runtime). */
	choices: Pick<PlaygroundChoices, "setScript">;
	/**
	 * Finds the project's extensions again and reloads them on the same session, as `/reload` does (the playground's
	 * `reloadExtensions`); `authored`: files just saved here, trusted as written (a changed one turned off after a
	 * hang is turned on). Resolves with the extensions as the new runtime reports them.
	 */
	extensions: {
		reloadExtensions(options: { authored?: AuthoredFile[] }): Promise<ExtensionStatus[]>;
		/**
		 * The next reload's runtime made ahead (a sandbox frame whose worker has loaded the runtime and pi-ai), so a Run
		 * does not wait for it; nothing when one waits already.
		 */
		prepareReload?(): void;
	};
	/** Told of each edit (typed, saved, a new extension): a gallery example's playground becomes the user's copy (share/playground-origin.ts). */
	origin?: { edited(): Promise<void> };
}

/** How a file is opened from outside the editor: after other files in tabs of their own (`besides`), its text replaced (`replace`). */
export interface OpenHow {
	besides?: string[];
	replace?: ReplaceText;
}

type OpenListener = (path: string, line: number | undefined, how: OpenHow) => void;

export class EditorDesk {
	private drafts?: Promise<Record<string, string>>;
	private writing = Promise.resolve();
	private readonly openListeners = new Set<OpenListener>();
	/** The last request made while no editor listened: the first one to listen takes it. */
	private pendingOpen?: Parameters<OpenListener>;

	constructor(private readonly parts: EditorParts) {}

	/**
	 * Asks the editor to open `path` (at `line`): from outside it, e.g. an extension card's source, or a playground's
	 * first files (after the files `how.besides`, in tabs of their own). `how.replace`: its text becomes the buffer's (an
	 * edit the user can undo), and with `run` it is saved and run (a lesson's "Show me"). Kept until an editor listens.
	 */
	requestOpen(path: string, line?: number, how: OpenHow = {}): void {
		if (this.openListeners.size === 0) this.pendingOpen = [path, line, how];
		for (const listener of this.openListeners) listener(path, line, how);
	}

	/** The editor listens for `requestOpen` (and gets the request made before it did); returns the way to stop. */
	onOpenRequest(listener: OpenListener): () => void {
		this.openListeners.add(listener);
		const pending = this.pendingOpen;
		this.pendingOpen = undefined;
		if (pending) listener(...pending);
		return () => this.openListeners.delete(listener);
	}

	private loadDrafts(): Promise<Record<string, string>> {
		this.drafts ??= this.parts.databases.opened.then((storage) => storage.getSetting<Record<string, string>>(DRAFTS)).then((drafts) => drafts ?? {});
		return this.drafts;
	}

	/** An unsaved buffer of `path`, if one was kept. */
	async draft(path: string): Promise<string | undefined> {
		return (await this.loadDrafts())[path];
	}

	/** Keeps (or, with undefined, forgets) the unsaved text of `path`. Writes are queued in order. */
	keepDraft(path: string, text: string | undefined): Promise<void> {
		if (text !== undefined) {
			void this.parts.origin?.edited();
			// Something was typed: a Run may follow.
			this.parts.extensions.prepareReload?.();
		}
		this.writing = this.writing.then(async () => {
			const drafts = { ...(await this.loadDrafts()) };
			if (text === undefined) delete drafts[path];
			else drafts[path] = text;
			this.drafts = Promise.resolve(drafts);
			await (await this.parts.databases.opened).setSetting(DRAFTS, drafts);
		});
		return this.writing;
	}

	async tabs(): Promise<EditorTabs> {
		return (await (await this.parts.databases.opened).getSetting<EditorTabs>(TABS)) ?? { paths: [] };
	}

	async saveTabs(tabs: EditorTabs): Promise<void> {
		await (await this.parts.databases.opened).setSetting(TABS, tabs);
	}

	async read(path: string): Promise<string> {
		return new TextDecoder().decode(await this.parts.workspace.readFile(path));
	}

	async save(path: string, text: string): Promise<void> {
		await this.parts.workspace.writeFile(path, text);
		await this.parts.trust.authored(path, text);
		await this.keepDraft(path, undefined);
	}

	/** An extension file: one under a `.pi/extensions/` folder. */
	isExtension(path: string): boolean {
		return /\/\.(pi|omp)\/extensions\/[^/]+\.[cm]?[jt]sx?$/.test(path);
	}

	/** Saves `path`, reloads the extensions in the running session (kept, with its entries) and says how its extension came out. */
	async run(path: string, text: string): Promise<RunOutcome> {
		const before = await this.read(path).catch(() => undefined);
		if (before !== text) await this.parts.origin?.edited();
		await this.save(path, text);
		// What the user wrote in this page is theirs: it runs without the project's trust question.
		const extensions = await this.parts.extensions.reloadExtensions({ authored: [{ path, content: text, changed: before !== text }] });
		// The next Run's runtime loads while the user reads this one's outcome and edits again.
		this.parts.extensions.prepareReload?.();
		const url = workspaceUrl(path);
		return outcomeOf(extensions.find((extension) => extension.url === url));
	}

	/** Where a new extension named `name` goes: `.pi/extensions/<name>.ts`, numbered if taken. */
	newExtensionPath(name: string, taken: string[]): string {
		const base = `${this.parts.workspace.sessionCwd}/.pi/extensions/${name}`;
		for (let n = 1; ; n++) {
			const path = n === 1 ? `${base}.ts` : `${base}-${n}.ts`;
			if (!taken.includes(path)) return path;
		}
	}

	/**
	 * Writes a template as a new extension file and makes its steps the scripted model's next replies
	 * (the replies already given keep the steps they played).
	 */
	async createFromTemplate(path: string, source: string, steps: ScriptStep[]): Promise<void> {
		await this.parts.origin?.edited();
		await this.parts.workspace.writeFile(path, source);
		await this.parts.trust.authored(path, source);
		this.parts.extensions.prepareReload?.();
		const played = this.repliesSoFar();
		const kept = this.parts.store.get().script.slice(0, played);
		while (kept.length < played) kept.push({ text: "(an earlier reply)" });
		await this.parts.choices.setScript([...kept, ...steps]);
	}

	/** Assistant replies on the branch shown: the next reply plays this step of the script. */
	private repliesSoFar(): number {
		const { entries, leafId } = this.parts.store.get();
		const branch = branchPath(new Map(entries.map((entry) => [entry.id, entry])), leafId);
		return branch.filter((entry) => entry.type === "message" && (entry as { message?: { role?: string } }).message?.role === "assistant").length;
	}
}
