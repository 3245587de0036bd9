/**
 * The main thread's controller of one playground: opens the session from storage, asks before
 * running code named by a link, has the runtime started (runtime-runner.ts), and keeps
 * the state the React UI renders. No React here, so it reads as the host's behaviour.
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ExtensionStatus, ManualToolInfo, ModelChoice, ScriptStep } from "../protocol/runtime.ts";
import { EndpointStore } from "./keys/endpoints.ts";
import { GatewayClient } from "./runtime/gateway-client.ts";
import { inPageSessionWriter, type SessionWriterConnector, WriterClient } from "./storage/writer/writer-client.ts";
import { SecretStore } from "./keys/secrets.ts";
import { SessionLibrary } from "./storage/session-library.ts";
import { SessionTreeActions } from "./storage/session-tree-actions.ts";
import { PlaygroundDatabases } from "./storage/playground-databases.ts";
import { ManualTurnDesk } from "./desks/manual-turns.ts";
import { ScriptGateDesk } from "./desks/script-gate.ts";
import { PlaygroundWorkspace } from "./workspace/playground-workspace.ts";
import { Store } from "./state/store.ts";
import { Notices } from "./state/notices.ts";
import { DialogDesk } from "./desks/dialog-desk.ts";
import { ScriptedAnswers } from "./desks/dialog-answers.ts";
import type { DialogAnswer } from "./state/answer-log.ts";
import { ProjectExtensions } from "./trust/project-extensions.ts";
import { InspectorLog } from "./state/inspector-log.ts";
import { RunLog } from "./state/run-log.ts";
import { ScenarioDesk } from "./scenario/scenario-desk.ts";
import { type AuthoredFile, EditorDesk } from "./editor/editor-desk.ts";
import { RunnerLink } from "./runtime/runner-link.ts";
import { RuntimeRunner } from "./runtime/runtime-runner.ts";
import { pageTranspileCache } from "./runtime/transpile-cache.ts";
import { initialPlaygroundState, type Notification, type PlaygroundState } from "./state/playground-state.ts";
import { LinkExtensions } from "./trust/link-extensions.ts";
import { PlaygroundChoices } from "./storage/playground-choices.ts";
import { HOME_PLAYGROUND, playgroundIdOf } from "../share/playground-address.ts";
import type { PlaygroundRecord } from "./state/records.ts";
import { listPlaygrounds, openPlaygroundDatabase } from "./storage/playgrounds.ts";
import { SHARED_SETTINGS } from "./share/share-materialize.ts";
import { SharedFirstStart } from "./share/shared-first-start.ts";
import type { EarlyStart } from "./runtime/early-start.ts";
import { ShareDesk } from "./share/share-desk.ts";
import { LessonDesk } from "./lessons/lesson-desk.ts";
import { PackageDesk } from "./packages/package-desk.ts";
import { ExtensionList } from "./extensions/extension-list.ts";
import { PlaygroundOrigin } from "./share/playground-origin.ts";

export class Playground {
	readonly store = new Store<PlaygroundState>(initialPlaygroundState());
	/** The notifications shown; `notices.error` is the page's own error message. */
	readonly notices = new Notices(this.store);
	/** API keys (localStorage) and custom endpoints; the gateway sends keys, nothing returns them. */
	readonly secrets = new SecretStore();
	readonly endpoints = new EndpointStore(this.secrets);
	/**
	 * The playground's database and the home one (the list of playgrounds, what the user trusts in every playground),
	 * once `open()` has opened them: the page renders (and the editor asks for its tabs) before that.
	 */
	private readonly databases = new PlaygroundDatabases();
	/** Requests name a model; the gateway builds it from these (and pi-ai's catalog), never from the request. */
	private readonly gateway = new GatewayClient({ secrets: this.secrets, endpoints: this.endpoints, store: this.store, notices: this.notices });
	/**
	 * Stores each runtime's entries in a worker of its own, so a turn does not wait for this thread; in the page
	 * when the database lives in the page's memory (an embed), where no worker can open it.
	 */
	private readonly sessionWriter: SessionWriterConnector & { dispose?(): void };
	/** The manual model's open request; the page answers through `manualTurns.answer`. */
	readonly manualTurns = new ManualTurnDesk(this.store);
	/** Transpiled extension modules from earlier starts (in the page's own database, made by the page's own worker). */
	private readonly transpileCache = pageTranspileCache();
	/** Which playground this page is (see playgrounds.ts): its own database, workspace and sessions. */
	readonly playgroundId: string;
	/** The playground's workspace, shared by its sessions; the files panel works on it. */
	readonly workspace = new PlaygroundWorkspace(this.store, this.notices);
	/** The runner for the parts built before it (runner-link.ts): the sessions start it again, the others reach its runtime. */
	private readonly runtime = new RunnerLink();
	/** Demo mode: the scripted model's steps wait for the presenter's "Play the next reply". */
	readonly scriptGate = new ScriptGateDesk(this.store, this.runtime);
	/** The model, thinking level, script and extension list the user chose, kept for the next start. */
	private readonly choices = new PlaygroundChoices(this.databases, this.store, this.runtime);
	/** The extensions the link names, run only with the content the user said yes to. */
	private readonly links = new LinkExtensions(this.databases, this.workspace, this.notices);
	/** Scripted answers to dialogs, kept and consumed here in the page: the runtime only sees the responses. */
	readonly answers = new ScriptedAnswers(this.databases, this.store, this.notices);
	/** Open `ctx.ui` dialogs; the page answers through `dialogs.answer`. */
	readonly dialogs = new DialogDesk(this.store, this.answers);
	/** The project's own extensions (`.pi/extensions/`): found at each start, run once trusted. */
	readonly project = new ProjectExtensions({ databases: this.databases, workspace: this.workspace, store: this.store, notices: this.notices });
	/** The sessions in this browser: the Sessions panel's list and actions. */
	readonly sessions = new SessionLibrary({
		databases: this.databases,
		store: this.store,
		notices: this.notices,
		workspace: this.workspace,
		runtime: this.runtime,
		answers: this.answers,
	});
	/** The tree panel's actions on the current session. */
	readonly tree = new SessionTreeActions(this.store, this.notices, this.runtime);
	/** What the runtime's inspector recorded: events, extension console output, model requests. */
	readonly inspector = new InspectorLog();
	/** What the current runtime's run did, for "Save as scenario" and a replay's comparison. */
	private readonly runLog = new RunLog();

	/** The playgrounds of this browser, the home one first (the playground switch lists them). */
	readonly listPlaygrounds = async (): Promise<PlaygroundRecord[]> => {
		const home = await openPlaygroundDatabase(HOME_PLAYGROUND);
		try {
			return await listPlaygrounds(home);
		} finally {
			home.close();
		}
	};
	/** The editor's buffers, saving, templates and Run (save, then reload on the same session). */
	readonly editor = new EditorDesk({
		databases: this.databases,
		workspace: this.workspace,
		trust: this.project.trust,
		store: this.store,
		choices: this.choices,
		extensions: this,
		origin: { edited: () => this.origin.edited() },
	});

	/** What this playground is, when opened from the gallery (shown beside its files, the user's copy once edited); opens an example's. */
	readonly origin: PlaygroundOrigin;
	/** A playground made from a snapshot, opened the first time: its trusted files, the files shown and first prompt. */
	private readonly sharedStart = new SharedFirstStart({
		editor: this.editor,
		databases: this.databases,
		workspace: this.workspace,
		trust: this.project.trust,
		store: this.store,
		runtime: this.runtime,
	});
	/** The runtime, one at a time: started, watched and stopped (see runtime-runner.ts). */
	private readonly runner: RuntimeRunner;
	/** Shared playgrounds offered to open (a link, a `.playa.json`, an embedding page), with consent. */
	readonly share: ShareDesk;
	/** Save the run as a scenario, export it as a test, replay a scenario file and compare. */
	readonly scenarios: ScenarioDesk;
	/** The pi packages the link names (`?pkg=`) or the user adds: resolved, asked about, pinned (packages/package-desk.ts). */
	readonly packages: PackageDesk;
	/** The lessons: opened in playgrounds of their own, their goals checked over this page's session. */
	readonly lessons: LessonDesk;
	/** The extensions as the Extensions tab changes them (extensions/extension-list.ts). */
	private readonly extensionList: ExtensionList;

	/** What the page started before its modules ran (early-start.ts), for `open` to take. */
	private early: EarlyStart;

	constructor(
		private readonly location: Location,
		options: { databaseInMemory?: boolean; early?: EarlyStart } = {},
	) {
		this.early = options.early ?? {};
		this.playgroundId = playgroundIdOf(location);
		this.origin = new PlaygroundOrigin({ databases: this.databases, store: this.store, notices: this.notices, playgroundId: this.playgroundId, location });
		this.sessionWriter = options.databaseInMemory ? inPageSessionWriter() : new WriterClient(this.notices);
		this.share = new ShareDesk(location, history);
		this.lessons = new LessonDesk(location, this.playgroundId, { keep: !options.databaseInMemory });
		this.packages = new PackageDesk({ databases: this.databases, store: this.store, notices: this.notices, location, history });
		const {
			databases,
			store,
			notices,
			sessions,
			answers,
			links,
			project,
			choices,
			workspace,
			dialogs,
			manualTurns,
			scriptGate,
			inspector,
			transpileCache,
			packages,
			runLog,
		} = this;
		const { gateway, sessionWriter, secrets, endpoints } = this;
		this.runner = new RuntimeRunner({
			databases,
			store,
			notices,
			sessions,
			answers,
			links,
			project,
			choices,
			workspace,
			packages,
			dialogs,
			manualTurns,
			scriptGate,
			inspector,
			runLog,
			transpileCache,
			gateway,
			sessionWriter,
			secrets,
			endpoints,
			location,
		});
		this.runtime.connect(this.runner);
		this.extensionList = new ExtensionList({
			...{ store, notices, databases, workspace, choices, links, project, packages, location },
			share: this.share,
			sharedStart: this.sharedStart,
			runner: this.runner,
		});
		const setScript = (steps: ScriptStep[]) => choices.setScript(steps);
		this.scenarios = new ScenarioDesk({ store, runLog, dialogs, runtime: this.runtime, sessions, workspace, origin: location.origin, setScript, inspector });
	}

	async open(): Promise<void> {
		const { frame, workspaceWorker } = this.early;
		this.early = {};
		this.runner.frames.warm(frame);
		this.workspace.warm(this.location, workspaceWorker);
		void this.share.openFromAddress();
		void this.lessons.openFromAddress(this.store);
		// `?demo`: the presenter view from the start; the first runtime starts gated.
		if (new URLSearchParams(this.location.search).has("demo")) this.store.set({ demo: true });
		try {
			const storage = await this.databases.open(this.playgroundId);
			// The workspace's worker starts at once (it loads off this thread); the transcript shows its latest entries first.
			void this.workspace.open(storage, this.location);
			await this.sessions.showRecent();
			const [saved, linked, linkedPackages] = await Promise.all([
				this.choices.load(),
				storage.getSetting<string[]>(SHARED_SETTINGS.linkedExtensions),
				storage.getSetting<string[]>(SHARED_SETTINGS.linkedPackages),
			]);
			await Promise.all([this.sharedStart.take(), this.origin.load()]);
			const [untrusted, packagesAsk] = await Promise.all([this.links.open(this.location, linked, saved), this.packages.open(linkedPackages ?? [])]);
			// Transpiled (not run) while the prompt waits, or while the runtime starts; the runtime's worker loads pi-ai.
			void this.transpileCache.prepare(this.links.readTexts());
			if (saved.length + this.links.urls.length + this.store.get().packages.length > 0) this.runner.frames.expectExtensions();
			await this.answers.load();
			this.store.set({
				extensionUrls: [...new Set([...saved, ...this.links.urls.filter((url) => !untrusted.includes(url))])],
				unreadableLinks: this.links.unreadable,
			});
			if (untrusted.length > 0 || packagesAsk) {
				const [changedUrls, consentFiles] = await Promise.all([this.links.trustedBefore(untrusted), this.links.files(untrusted)]);
				this.store.set({ phase: "awaiting-trust", untrustedUrls: untrusted, changedUrls, consentFiles });
				return;
			}
			performance.mark("playa:settings");
			await this.runner.start();
			await this.sharedStart.sendPrompt();
		} catch (error) {
			this.runner.frames.drop();
			this.store.set({ phase: "failed", failure: (error as Error).message ?? String(error) });
		}
	}

	/** The user's answer to "run the extensions this link names?" and "run this project's extensions?". */
	async decideTrust(run: boolean): Promise<void> {
		// The package consent is asked first (an embed's plain prompt answers it too).
		if (this.store.get().packageConsent.length > 0) return this.decidePackages(run);
		const { phase, untrustedUrls, extensionUrls } = this.store.get();
		// One answer per prompt: a second click on a prompt already answered is not another yes.
		if (phase !== "awaiting-trust") return;
		// The prompt closes at once; the start that follows asks again about a file that changed meanwhile.
		this.store.set({
			phase: "starting",
			untrustedUrls: [],
			changedUrls: [],
			consentFiles: [],
			...(run && untrustedUrls.length > 0 && { extensionUrls: [...new Set([...extensionUrls, ...untrustedUrls])] }),
		});
		// The answer holds in this page at once: the start does not wait for it to be stored for the next visit.
		const stored = this.links
			.decide(run)
			.catch((error: Error) =>
				this.notify(`Your answer could not be kept for your next visit, which will ask again: ${error?.message ?? String(error)}`, "warning", "Playa"),
			);
		// A runtime whose extensions left project_trust undecided waits for this answer: it goes on by itself.
		if (!(await this.project.decide(run))) {
			await this.runner.start();
			await this.sharedStart.sendPrompt();
		}
		await stored;
	}

	/** The package consent's answer (extensions/extension-list.ts). */
	decidePackages = (run: boolean): Promise<void> => this.extensionList.decidePackages(run);
	/** The package browser's Add and Try: into this playground, or into a new one beside it. */
	addPackage = (source: string): Promise<void> => this.extensionList.addPackage(source);
	tryPackage = (source: string): Promise<void> => this.extensionList.tryPackage(source);
	/** Save to reload (`/reload`, the editor's Run): resolves with what the new runtime reports. */
	reloadExtensions = (options: { authored?: AuthoredFile[] } = {}): Promise<ExtensionStatus[]> => this.extensionList.reload(options);
	/** The editor's next Run: its runtime's frame made ahead (warm-frame.ts), with pi-ai loaded, while the user edits. */
	prepareReload = (): void => this.runner.frames.prepare();
	/** Turns an extension that hung the runtime back on. */
	enableExtension = (url: string): Promise<void> => this.extensionList.enable(url);
	/** The Extensions tab's field: a URL, a workspace path or a pi package source. */
	addExtension = (input: string): Promise<void> => this.extensionList.add(input);
	removeExtension = (url: string): Promise<void> => this.extensionList.remove(url);
	/** Remove on a project extension's card: its file goes from the workspace. */
	deleteProjectExtension = (url: string): Promise<void> => this.extensionList.deleteProjectExtension(url);

	/** Makes this tab the session's writer; the other tab is told. */
	takeOver(): Promise<void> {
		return this.runner.start({ takeOver: true });
	}

	/**
	 * Ends this playground in the page, for another opened in its place without a page load (an embed
	 * opening a snapshot): its runtime, dialogs, lock and workspace. Late events of its runtime change nothing.
	 */
	async close(): Promise<void> {
		await this.runner.close();
		this.gateway.dispose();
		this.sessionWriter.dispose?.();
		this.transpileCache.close();
		this.workspace.close();
	}

	notify(message: string, level: Notification["level"], source: string, origin: Notification["origin"] = "page"): void {
		this.notices.notify(message, level, source, origin);
	}

	async submit(text: string): Promise<void> {
		const api = this.runner.api;
		if (!api) return;
		this.runLog.submitted(text);
		await api.submit(text);
	}

	async abort(): Promise<void> {
		await this.runner.api?.abort();
	}

	completeCommand(name: string, prefix: string): Promise<{ value: string; label: string; description?: string }[]> {
		return this.runner.api?.completeCommand(name, prefix) ?? Promise.resolve([]);
	}

	/** True when an extension's shortcut took the key. */
	runShortcut(key: string): Promise<boolean> {
		return this.runner.api?.runShortcut(key) ?? Promise.resolve(false);
	}

	componentInput(id: string, data: string): void {
		void this.runner.api?.componentInput(id, data);
	}

	closeComponent(id: string): void {
		void this.runner.api?.closeComponent(id);
	}

	async setFlag(name: string, value: boolean | string): Promise<void> {
		await this.runner.api?.setFlag(name, value);
	}

	async setEditorText(text: string): Promise<void> {
		await this.runner.api?.setEditorText(text);
	}

	/** The user's pick in the model panel; remembered for the next start. */
	selectModel(choice: ModelChoice): Promise<void> {
		return this.choices.selectModel(choice);
	}

	setThinkingLevel(level: ThinkingLevel): Promise<void> {
		return this.choices.setThinkingLevel(level);
	}

	/** The scripted answers to the extensions' dialogs this playground carries (a shared one's). */
	async dialogAnswers(): Promise<DialogAnswer[]> {
		// A shared playground's answers are stored under the same setting the answer queue reads (dialog-answers.ts).
		return this.store.get().dialogAnswers;
	}

	setScript(script: ScriptStep[]): Promise<void> {
		return this.choices.setScript(script);
	}

	/** Demo mode (the presenter view, `?demo` in the address): the scripted model plays each step when the presenter says. */
	async setDemoMode(on: boolean): Promise<void> {
		const url = new URL(this.location.href);
		if (on) url.searchParams.set("demo", "");
		else url.searchParams.delete("demo");
		history.replaceState(history.state, "", url);
		await this.scriptGate.setDemo(on);
	}

	/** The session's active tools with their schemas (the Script panel's step form); none while no runtime runs. */
	async tools(): Promise<ManualToolInfo[]> {
		return (await this.runtime.api?.getTools().catch(() => undefined)) ?? [];
	}

	/** Starts an empty session and makes it current. */
	newSession(): Promise<void> {
		return this.sessions.newSession();
	}

	/** Closes the `/hotkeys` list. */
	closeHotkeys(): void {
		this.store.set({ hotkeysOpen: false });
	}
}
