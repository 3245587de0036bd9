/**
 * The main thread's controller of one playground: opens the session from storage, asks before
 * running code named by a link, starts the runtime worker, persists what it appends, and keeps
 * the state the React UI renders. No React here, so it reads as the host's behaviour.
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import { createCallRecordBuffer, readCallRecord } from "../runtime/call-record.ts";
import type { HostBridge, ModelChoice, RuntimeEvent, ScriptStep, UIResponse } from "../runtime/protocol.ts";
import { newSessionHeader } from "../runtime/session/entries.ts";
import { exportSessionHtml } from "../runtime/session/export-html.ts";
import { exportSessionJsonl, importSessionJsonl, sessionJsonlFileName } from "../runtime/session/jsonl.ts";
import { EndpointStore } from "./gateway/endpoints.ts";
import { createLazyGateway } from "./gateway/lazy.ts";
import { SecretStore } from "./gateway/secrets.ts";
import { startRuntimeWorker, type RuntimeHandle } from "./runtime-client.ts";
import { SessionLock } from "./session-lock.ts";
import { Storage } from "./storage.ts";
import { ManualTurnDesk } from "./manual-turns.ts";
import { watchAvailableModels } from "./available-models.ts";
import { Watchdog } from "./watchdog.ts";
import { WorkspaceHost } from "./workspace-host.ts";
import { Store } from "./store.ts";
import { DEFAULT_SCRIPT, displayPatch, initialPlaygroundState, SCRIPTED_CHOICE, type Notification, type PlaygroundState } from "./playground-state.ts";

/** How many entries of a long session are shown before the whole session has loaded. */
const RECENT_ENTRIES = 200;
const INFO_NOTICE_MS = 8_000;

const SETTINGS = {
	session: "currentSession",
	extensions: "extensions",
	trusted: "trustedExtensionUrls",
	script: "script",
	disabled: "disabledExtensions",
	model: "model",
	thinkingLevel: "thinkingLevel",
} as const;

type DisabledExtension = { url: string; reason: string };

/** `?retryBaseDelayMs=<ms>`: the first automatic retry's delay (default 2 s, doubling), to try retries quickly. */
export function linkRetryPolicy(location: Location): { baseDelayMs: number } | undefined {
	const value = Number(new URLSearchParams(location.search).get("retryBaseDelayMs") ?? NaN);
	return Number.isFinite(value) && value >= 0 ? { baseDelayMs: value } : undefined;
}

/** `?ext=<url>` (repeatable), resolved against the page. */
export function linkExtensionUrls(location: Location): string[] {
	return new URLSearchParams(location.search).getAll("ext").map((url) => new URL(url, location.href).href);
}

/** Lets the browser paint before more main-thread work (loading the rest of a long session). */
function nextPaint(): Promise<void> {
	return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export class Playground {
	readonly store = new Store<PlaygroundState>(initialPlaygroundState());
	/** API keys (localStorage) and custom endpoints; the gateway sends keys, nothing returns them. */
	readonly secrets = new SecretStore();
	readonly endpoints = new EndpointStore(this.secrets);
	private readonly gateway = createLazyGateway(this.secrets, this.endpoints);
	/** The manual model's open request; the page answers through `manualTurns.answer`. */
	readonly manualTurns = new ManualTurnDesk((manualTurn) => this.set({ manualTurn }));
	private storage!: Storage;
	private runtime?: RuntimeHandle;
	private workspace?: WorkspaceHost;
	private lock?: SessionLock;
	private lockedSession?: string;
	private watchdog?: Watchdog;
	private callRecord?: SharedArrayBuffer;
	private readonly dialogAnswers = new Map<string, (response: UIResponse) => void>();
	private nextNotification = 1;
	private linkUrls: string[] = [];
	private workspaceReady: Promise<void> = Promise.resolve();
	private stopModelsWatch?: () => void;

	constructor(private readonly location: Location) {}

	async open(): Promise<void> {
		try {
			this.storage = await Storage.open();
			const saved = (await this.storage.getSetting<string[]>(SETTINGS.extensions)) ?? [];
			const script = (await this.storage.getSetting<ScriptStep[]>(SETTINGS.script)) ?? DEFAULT_SCRIPT;
			const model = (await this.storage.getSetting<ModelChoice>(SETTINGS.model)) ?? SCRIPTED_CHOICE;
			const thinkingLevel = (await this.storage.getSetting<ThinkingLevel>(SETTINGS.thinkingLevel)) ?? "off";
			const trusted = new Set((await this.storage.getSetting<string[]>(SETTINGS.trusted)) ?? []);
			this.linkUrls = linkExtensionUrls(this.location);
			this.workspace = new WorkspaceHost(
				this.storage,
				(files) => this.set({ files }),
				(message) => this.notify(message, "error", "Playa"),
			);
			// The transcript shows first, its latest entries before the rest; the workspace starts meanwhile.
			this.workspaceReady = this.workspace.open();
			const currentId = await this.storage.getSetting<string>(SETTINGS.session);
			const recent = currentId ? await this.storage.loadRecent(currentId, RECENT_ENTRIES) : undefined;
			if (recent) {
				this.set({ sessionId: recent.header.id, entries: recent.entries, leafId: recent.leafId });
				await nextPaint();
			}
			const untrusted = this.linkUrls.filter((url) => !trusted.has(url) && !saved.includes(url));
			this.set({ script, model, thinkingLevel, extensionUrls: [...new Set([...saved, ...this.linkUrls.filter((url) => !untrusted.includes(url))])] });
			if (untrusted.length > 0) {
				this.set({ phase: "awaiting-trust", untrustedUrls: untrusted });
				return;
			}
			await this.startRuntime();
		} catch (error) {
			this.set({ phase: "failed", failure: (error as Error).message ?? String(error) });
		}
	}

	/** The user's answer to "run the extensions this link names?". */
	async decideTrust(run: boolean): Promise<void> {
		const { untrustedUrls, extensionUrls } = this.store.get();
		if (run) {
			const trusted = (await this.storage.getSetting<string[]>(SETTINGS.trusted)) ?? [];
			await this.storage.setSetting(SETTINGS.trusted, [...new Set([...trusted, ...untrustedUrls])]);
			this.set({ extensionUrls: [...new Set([...extensionUrls, ...untrustedUrls])] });
		}
		this.set({ untrustedUrls: [] });
		await this.startRuntime();
	}

	private async currentSession() {
		const id = await this.storage.getSetting<string>(SETTINGS.session);
		const snapshot = id ? await this.storage.loadSession(id) : undefined;
		if (snapshot) return snapshot;
		const header = newSessionHeader("/workspace");
		await this.storage.createSession(header);
		await this.storage.setSetting(SETTINGS.session, header.id);
		return { header, entries: [], leafId: null };
	}

	/** Holds the session's lock for this tab; false when another tab writes the session. */
	private async holdLock(sessionId: string, steal: boolean): Promise<boolean> {
		// Restarting the runtime on the same session keeps the lock: released, it might not come back at once.
		if (this.lock && this.lockedSession === sessionId) return true;
		this.lock?.unlock();
		this.lock = await SessionLock.acquire(sessionId, { steal });
		this.lockedSession = sessionId;
		if (!this.lock) return false;
		const lock = this.lock;
		lock.onLost(() => {
			if (this.lock !== lock) return;
			this.lock = undefined;
			void this.stopRuntime().then(async () => {
				const snapshot = await this.storage.loadSession(sessionId);
				this.set({ phase: "locked", running: false, streaming: undefined, ...(snapshot && { entries: snapshot.entries, leafId: snapshot.leafId }) });
				this.notify("Another tab took over this session. This tab only shows it now.", "warning", "Playa");
			});
		});
		return true;
	}

	/** Makes this tab the session's writer; the other tab is told. */
	takeOver(): Promise<void> {
		return this.startRuntime({ takeOver: true });
	}

	/** A workspace file's text, for the files panel. */
	readFile(path: string): Promise<string> {
		return this.workspace?.readFile(path) ?? Promise.reject(new Error("There is no workspace"));
	}

	/** Gives the old runtime's `session_shutdown` handlers a moment, then ends its worker. */
	private async stopRuntime(): Promise<void> {
		this.watchdog?.stop();
		const old = this.runtime;
		this.runtime = undefined;
		if (!old) return;
		await Promise.race([old.api.shutdown().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3_000))]);
		old.terminate();
	}

	private async startRuntime(options: { takeOver?: boolean } = {}): Promise<void> {
		await this.stopRuntime();
		for (const [id] of this.dialogAnswers) this.closeDialog(id, { cancelled: true });
		this.manualTurns.cancelAll();
		this.set({ phase: "starting", running: false, streaming: undefined, dialogs: [], components: {}, registeredProviders: [], retry: undefined });
		try {
			const session = await this.currentSession();
			this.set({ sessionId: session.header.id, entries: session.entries, leafId: session.leafId });
			await this.refreshSessions();
			if (!(await this.holdLock(session.header.id, options.takeOver === true))) {
				this.set({ phase: "locked" });
				return;
			}
			const { extensionUrls, script, model, thinkingLevel } = this.store.get();
			const disabled = (await this.storage.getSetting<DisabledExtension[]>(SETTINGS.disabled)) ?? [];
			// Shared memory needs a cross-origin isolated page; without it the watchdog cannot name culprits.
			this.callRecord = globalThis.crossOriginIsolated ? createCallRecordBuffer() : undefined;
			await this.workspaceReady;
			const workspacePort = await this.workspace?.createPort();
			const runtime = await startRuntimeWorker(
				{ session, extensions: extensionUrls, script, disabled, callRecord: this.callRecord, workspacePort, model, thinkingLevel, retry: linkRetryPolicy(this.location) },
				this.bridge(),
				(handle) => this.watch(handle),
				this.gateway,
			);
			this.runtime = runtime;
			this.stopModelsWatch?.();
			this.stopModelsWatch = watchAvailableModels(this.secrets, this.endpoints, (models) => void runtime.api.setAvailableModels(models).catch(() => undefined));
			this.set({ phase: "ready" });
		} catch (error) {
			this.set({ phase: "failed", failure: `The runtime did not start: ${(error as Error).message ?? String(error)}` });
		}
	}

	/** Starts watching a runtime as soon as its worker exists, so a factory that hangs is caught too. */
	private watch(handle: RuntimeHandle): void {
		this.watchdog?.stop();
		this.watchdog = new Watchdog(() => handle.api.ping(), () => void this.onRuntimeStuck(handle));
		this.watchdog.start();
	}

	/** Ends a stuck worker, turns off the extension it was running, and starts again from storage. */
	private async onRuntimeStuck(handle: RuntimeHandle): Promise<void> {
		const running = this.callRecord ? readCallRecord(this.callRecord) : undefined;
		handle.terminate();
		if (this.runtime === handle) this.runtime = undefined;
		if (running) {
			const reason = `stopped responding in ${running.where} and was turned off`;
			const disabled = (await this.storage.getSetting<DisabledExtension[]>(SETTINGS.disabled)) ?? [];
			await this.storage.setSetting(SETTINGS.disabled, [...disabled.filter((d) => d.url !== running.url), { url: running.url, reason }]);
			this.notify(`Extension "${running.name}" ${reason}. The session was reloaded from storage.`, "error", "Playa");
		} else {
			this.notify("The runtime stopped responding and was restarted from storage.", "error", "Playa");
		}
		await this.startRuntime();
	}

	/** Turns an extension that hung the runtime back on. */
	async enableExtension(url: string): Promise<void> {
		const disabled = (await this.storage.getSetting<DisabledExtension[]>(SETTINGS.disabled)) ?? [];
		await this.storage.setSetting(SETTINGS.disabled, disabled.filter((d) => d.url !== url));
		await this.startRuntime();
	}

	private bridge(): HostBridge {
		return {
			emit: (event) => this.onRuntimeEvent(event),
			requestUI: (id, request) =>
				new Promise<UIResponse>((resolve) => {
					this.dialogAnswers.set(id, resolve);
					this.set({ dialogs: [...this.store.get().dialogs, { id, request }] });
				}),
			cancelUI: (id) => this.closeDialog(id, { cancelled: true }),
			requestManualTurn: (id, request) => this.manualTurns.request(id, request),
			cancelManualTurn: (id) => this.manualTurns.answer(id, { cancelled: true }),
		};
	}

	private onRuntimeEvent(event: RuntimeEvent): void {
		switch (event.type) {
			case "entry_appended":
				this.set({ entries: [...this.store.get().entries, event.entry], leafId: event.leafId });
				this.storage.appendEntry(event.sessionId, event.entry, event.leafId).catch((error) => this.notify(`Could not save the session: ${error.message}`, "error", "Playa"));
				return;
			case "leaf_changed":
				this.set({ leafId: event.leafId });
				this.storage.setLeaf(event.sessionId, event.leafId).catch((error) => this.notify(`Could not save the session: ${error.message}`, "error", "Playa"));
				return;
			case "session_request":
				if (event.action === "new") void this.newSession();
				else if (event.action === "open" && event.sessionId) void this.openSession(event.sessionId);
				else void this.startRuntime();
				return;
			case "run_state":
				this.set({ running: event.running });
				if (!event.running) void this.refreshSessions();
				return;
			case "notify":
				this.notify(event.message, event.level, event.extension);
				return;
			default:
				this.set(displayPatch(this.store.get(), event));
		}
	}

	notify(message: string, level: Notification["level"], source: string): void {
		const notification = { id: this.nextNotification++, message, level, source };
		this.set({ notifications: [...this.store.get().notifications, notification] });
		// Information goes away by itself; warnings and errors stay until dismissed.
		if (level === "info") setTimeout(() => this.dismissNotification(notification.id), INFO_NOTICE_MS);
	}

	dismissNotification(id: number): void {
		this.set({ notifications: this.store.get().notifications.filter((n) => n.id !== id) });
	}

	answerDialog(id: string, response: UIResponse): void {
		this.closeDialog(id, response);
	}

	private closeDialog(id: string, response: UIResponse): void {
		this.dialogAnswers.get(id)?.(response);
		this.dialogAnswers.delete(id);
		this.set({ dialogs: this.store.get().dialogs.filter((dialog) => dialog.id !== id) });
	}

	async submit(text: string): Promise<void> {
		await this.runtime?.api.submit(text);
	}

	async abort(): Promise<void> {
		await this.runtime?.api.abort();
	}

	completeCommand(name: string, prefix: string): Promise<{ value: string; label: string; description?: string }[]> {
		return this.runtime?.api.completeCommand(name, prefix) ?? Promise.resolve([]);
	}

	/** True when an extension's shortcut took the key. */
	runShortcut(key: string): Promise<boolean> {
		return this.runtime?.api.runShortcut(key) ?? Promise.resolve(false);
	}

	componentInput(id: string, data: string): void {
		void this.runtime?.api.componentInput(id, data);
	}

	async setFlag(name: string, value: boolean | string): Promise<void> {
		await this.runtime?.api.setFlag(name, value);
	}

	async setEditorText(text: string): Promise<void> {
		await this.runtime?.api.setEditorText(text);
	}

	/** The user's pick in the model panel; remembered for the next start. */
	async selectModel(choice: ModelChoice): Promise<void> {
		this.set({ model: choice });
		await this.storage.setSetting(SETTINGS.model, choice);
		await this.runtime?.api.selectModel(choice);
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		this.set({ thinkingLevel: level });
		await this.storage.setSetting(SETTINGS.thinkingLevel, level);
		await this.runtime?.api.setThinkingLevel(level);
	}

	async setScript(script: ScriptStep[]): Promise<void> {
		this.set({ script });
		await this.storage.setSetting(SETTINGS.script, script);
		await this.runtime?.api.setScript(script);
	}

	/** Adds an extension the user typed in, and restarts the runtime with it. */
	async addExtension(url: string): Promise<void> {
		const { extensionUrls } = this.store.get();
		if (extensionUrls.includes(url)) return;
		await this.saveExtensions([...extensionUrls, url]);
	}

	async removeExtension(url: string): Promise<void> {
		await this.saveExtensions(this.store.get().extensionUrls.filter((u) => u !== url));
	}

	private async saveExtensions(urls: string[]): Promise<void> {
		this.set({ extensionUrls: urls, errors: [] });
		await this.storage.setSetting(SETTINGS.extensions, urls.filter((url) => !this.linkUrls.includes(url)));
		await this.startRuntime();
	}

	/** Starts an empty session and makes it current. */
	async newSession(): Promise<void> {
		await this.storage.setSetting(SETTINGS.session, undefined);
		await this.startRuntime();
	}

	async refreshSessions(): Promise<void> {
		const records = await this.storage.listSessions();
		const name = (title: string | undefined, timestamp: string) => title || `Session of ${new Date(timestamp).toLocaleString()}`;
		this.set({ sessions: records.map((r) => ({ id: r.id, name: name(r.header.title, r.header.timestamp), entryCount: r.entryCount, updatedAt: r.updatedAt })) });
	}

	/** The current session as upstream pi's JSONL, or as a page to read. */
	async exportSession(format: "jsonl" | "html"): Promise<{ name: string; type: string; text: string }> {
		const { sessionId } = this.store.get();
		const session = sessionId ? await this.storage.loadSession(sessionId) : undefined;
		if (!session) throw new Error("There is no session to export");
		if (format === "jsonl") return { name: sessionJsonlFileName(session.header), type: "application/jsonl", text: exportSessionJsonl(session.header, session.entries) };
		return { name: `${session.header.id}.html`, type: "text/html", text: exportSessionHtml(session.header, session.entries, session.leafId) };
	}

	/** Imports a JSONL session (pi or oh-my-pi) and opens it; a bad file is reported and stores nothing. */
	async importSession(text: string, fileName: string): Promise<void> {
		const parsed = importSessionJsonl(text);
		if (!parsed.ok) {
			this.notify(`${fileName}: ${parsed.error}. Nothing was imported.`, "error", "Playa");
			return;
		}
		const taken = (await this.storage.loadSession(parsed.header.id)) !== undefined;
		const header = taken ? { ...parsed.header, id: crypto.randomUUID() } : parsed.header;
		await this.storage.importSession(header, parsed.entries, parsed.leafId);
		for (const warning of parsed.warnings) this.notify(`${fileName}: ${warning}`, "warning", "Playa");
		await this.openSession(header.id);
	}

	async renameSession(sessionId: string, name: string): Promise<void> {
		await this.storage.renameSession(sessionId, name);
		await this.refreshSessions();
	}

	/** Deletes a session; deleting the current one moves to a new, empty session. */
	async deleteSession(sessionId: string): Promise<void> {
		const current = sessionId === this.store.get().sessionId;
		if (current) await this.stopRuntime();
		await this.storage.deleteSession(sessionId);
		if (current) await this.newSession();
		else await this.refreshSessions();
	}

	/** Makes a stored session current; an unknown id is reported and changes nothing. */
	async openSession(sessionId: string): Promise<void> {
		if (!(await this.storage.loadSession(sessionId))) {
			this.notify(`There is no session ${sessionId} in this browser`, "error", "Playa");
			return;
		}
		await this.storage.setSetting(SETTINGS.session, sessionId);
		await this.startRuntime();
	}

	private set(patch: Partial<PlaygroundState>): void {
		this.store.update((state) => ({ ...state, ...patch }));
	}
}
