/**
 * The playground's runtime, one at a time: a start stops the one before (giving its `session_shutdown`
 * handlers a moment), takes what runtime-start.ts decides, and starts the worker in a frame made ahead,
 * under the session's lock and watched for hangs. Only the runtime started last is shown; once the
 * playground closes, none starts any more.
 */
import { type RuntimeApi, type ShutdownReason, shutdownReasonFor, type StartReason } from "../../protocol/runtime.ts";
import { packageFileUrl } from "../../protocol/packages.ts";
import { pageAppearance, watchPageAppearance } from "../state/appearance.ts";
import { watchAvailableModels } from "./available-models.ts";
import type { DialogDesk } from "../desks/dialog-desk.ts";
import type { ManualTurnDesk } from "../desks/manual-turns.ts";
import type { ScriptGateDesk } from "../desks/script-gate.ts";
import type { EndpointStore } from "../keys/endpoints.ts";
import type { GatewayConnector } from "./gateway-client.ts";
import type { SecretStore } from "../keys/secrets.ts";
import { DisabledExtensions } from "./watchdog/hung-runtime.ts";
import type { InspectorLog } from "../state/inspector-log.ts";
import type { Notices } from "../state/notices.ts";
import type { RunLog } from "../state/run-log.ts";
import { startingPatch, type PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import type { ProjectExtensions } from "../trust/project-extensions.ts";
import { startRuntimeWorker, type RuntimeHandle } from "./runtime-client.ts";
import { runtimeBridge, storedWrites, type RuntimeEventsDeps } from "./runtime-events.ts";
import { planStart, runtimeConfig, type RuntimeStartDeps } from "./runtime-start.ts";
import { RuntimeWatch } from "./watchdog/runtime-watch.ts";
import { HeldSessionLock } from "../storage/session-lock.ts";
import type { SessionWriterConnector, SessionWriterLink } from "../storage/writer/writer-client.ts";
import { WarmFrame } from "./warm-frame.ts";

const UNSANDBOXED_NOTICE =
	"This host cannot serve Playa's sandbox frame (it sends no cross-origin isolation headers of its own), so extension code runs with this site's origin and could read its stored sessions and settings. Run only extensions you trust here, or serve Playa with the headers in _headers or vercel.json.";

/** What the runner is built from: the playground's parts a start reads, and those a runtime's events reach. */
export interface RuntimeRunnerParts {
	databases: Pick<PlaygroundDatabases, "current">;
	store: Store<PlaygroundState>;
	notices: Notices;
	sessions: RuntimeStartDeps["sessions"] & RuntimeEventsDeps["sessions"];
	answers: RuntimeStartDeps["answers"];
	links: RuntimeStartDeps["links"];
	project: Pick<ProjectExtensions, "runnableUrls" | "allTrusted" | "contentHashes" | "resolve" | "abandon">;
	choices: RuntimeStartDeps["choices"];
	workspace: RuntimeStartDeps["workspace"];
	packages?: RuntimeStartDeps["packages"];
	inspector: InspectorLog;
	runLog: RunLog;
	/** The open dialogs and manual turns: a start cancels them, as they belong to the runtime being replaced. */
	dialogs: DialogDesk;
	manualTurns: ManualTurnDesk;
	scriptGate: ScriptGateDesk;
	transpileCache: RuntimeEventsDeps["transpileCache"];
	gateway: GatewayConnector;
	/** Stores each runtime's entries off the main thread; without it the page stores them. */
	sessionWriter?: SessionWriterConnector;
	secrets: SecretStore;
	endpoints: EndpointStore;
	location: Location;
}

export class RuntimeRunner {
	/** The frame the next runtime starts in, made ahead (the first one as the page opens). */
	readonly frames = new WarmFrame();
	/** Extensions turned off after they hung a runtime. */
	readonly disabled: DisabledExtensions;
	private runtime?: RuntimeHandle;
	/** The current runtime's port to the session writer: a stop waits for the writes it took. */
	private writes?: SessionWriterLink;
	/** Counts the starts asked for: only the one asked for last goes through. */
	private starts = 0;
	/** Counts runtimes started: the current one's events are the ones shown. */
	private generation = 0;
	/** The extension URLs the current runtime was started with (project-local ones first). */
	private loadedUrls: string[] = [];
	private readonly lock = new HeldSessionLock();
	private readonly watchdog: RuntimeWatch;
	private readonly startDeps: RuntimeStartDeps;
	private readonly events: RuntimeEventsDeps;
	private stopModelsWatch?: () => void;
	private stopAppearanceWatch?: () => void;
	/** Closed in the page (see close): it starts no runtime any more. */
	private closed = false;
	private saidUnsandboxed = false;

	constructor(private readonly parts: RuntimeRunnerParts) {
		this.disabled = new DisabledExtensions(parts.databases);
		this.watchdog = new RuntimeWatch({
			disabled: this.disabled,
			loadedUrls: () => this.loadedUrls,
			registered: (url) => {
				const card = parts.store.get().extensions.find((extension) => extension.url === url);
				return card && { tools: card.tools, commands: card.commands.map((command) => command.name) };
			},
			hung: async (handle, { message, disable, interruption }) => {
				if (this.runtime === handle) this.runtime = undefined;
				// The cards say so at once, not when the next runtime reports: the notice and the card agree.
				const off = new Set(disable.map((entry) => entry.url));
				parts.store.set({
					extensions: parts.store.get().extensions.map((extension) => (off.has(extension.url) ? { ...extension, loaded: false, disabled: true } : extension)),
				});
				this.notify(message, "error");
				// A turn the hang cut short says so in the transcript.
				await this.start({ interruption });
			},
		});
		this.startDeps = { ...parts, disabled: this.disabled, holdLock: (sessionId, steal) => this.holdLock(sessionId, steal) };
		this.events = {
			...parts,
			generation: () => this.generation,
			reload: () => this.start({ startReason: { reason: "reload" } }),
			resolveProjectTrust: async (decision) => {
				const answer = await parts.project.resolve(decision, () => parts.store.set({ phase: "awaiting-trust" }));
				this.loadedUrls = [...new Set([...answer.extensions, ...this.loadedUrls])];
				return answer;
			},
		};
	}

	/** The running runtime's API; undefined while none runs. */
	get api(): RuntimeApi | undefined {
		return this.runtime?.api;
	}

	/**
	 * Stops the runtime and starts one again on whatever session is current (`takeOver`: steal the session's lock).
	 * A newer start overtakes this one: it goes at its next wait, with what it made, and changes nothing shown.
	 * (Overtaken, not queued: the newest start is what is wanted shown; the older one would only start to be stopped.)
	 */
	async start(options: { takeOver?: boolean; startReason?: StartReason; interruption?: string } = {}): Promise<void> {
		if (this.closed) return;
		const token = ++this.starts;
		const overtaken = () => this.closed || token !== this.starts;
		// The composer takes no prompt from now on: the runtime it would go to is on its way out.
		this.parts.store.set({ phase: "starting" });
		await this.stop(shutdownReasonFor(options.startReason));
		if (overtaken()) return;
		this.cancelPending();
		this.parts.store.set(startingPatch());
		// The frame loads the runtime's module while the session, the lock and the workspace get ready.
		const frame = this.frames.take();
		try {
			const plan = await planStart(this.startDeps, options.takeOver === true, overtaken);
			if (plan.kind === "overtaken" || overtaken()) return frame.remove();
			if (plan.kind === "locked") {
				frame.remove();
				this.parts.store.set({ phase: "locked" });
				return;
			}
			if (plan.kind === "awaiting-trust") {
				this.frames.keep(frame);
				this.parts.store.set(plan.patch);
				return;
			}
			this.loadedUrls = plan.extensions;
			const [planned, frameWorkspacePort] = await Promise.all([
				runtimeConfig(this.startDeps, plan, this.parts.location, options.startReason),
				this.parts.workspace.createPort(),
			]);
			if (overtaken()) {
				planned.workspacePort?.close();
				frameWorkspacePort?.close();
				return frame.remove();
			}
			const config = options.interruption ? { ...planned, interruption: options.interruption } : planned;
			// A package's extensions run too: a hang no extension can be named for turns them off with the rest.
			this.loadedUrls = [...plan.extensions, ...(config.packages ?? []).flatMap((pkg) => pkg.extensions.map((path) => packageFileUrl(pkg, path)))];
			const generation = ++this.generation;
			const sessionId = plan.session.header.id;
			this.parts.runLog.begin(generation, sessionId, plan.session.entries.length);
			const writes = this.parts.sessionWriter?.connect(this.parts.databases.current, sessionId, storedWrites(this.events, generation));
			const runtime = await startRuntimeWorker(config, runtimeBridge(this.events, generation, sessionId), {
				// Watched from the moment its worker runs, unless a newer start took over by then.
				onCreated: (handle) => {
					if (!overtaken()) this.watchdog.watch(handle);
				},
				gateway: this.parts.gateway,
				sessionWriter: writes,
				onRefused: (problem) => this.parts.notices.refused(problem),
				frame,
				frameWorkspacePort,
			});
			// Overtaken while its worker started, or closed (an embed opened another playground in its place): it goes
			// at once, with no session_shutdown to write in: the newer start may have read the same session already.
			if (overtaken()) return runtime.terminate();
			// The link goes with its runtime: a stop while this one started closes the one before, not this one.
			this.runtime = runtime;
			this.writes = writes;
			writes?.begin();
			if (!runtime.sandboxed && !this.saidUnsandboxed) {
				this.saidUnsandboxed = true;
				// A banner that stays, not a toast that leaves: it holds for as long as the page is open.
				this.parts.store.set({ securityNotice: UNSANDBOXED_NOTICE });
			}
			this.stopModelsWatch?.();
			this.stopModelsWatch = watchAvailableModels(
				this.parts.secrets,
				this.parts.endpoints,
				(models) => void runtime.api.setAvailableModels(models).catch(() => undefined),
			);
			// The scheme may have changed since the config was made; the runtime ignores a scheme it already has.
			const setAppearance = (appearance: "dark" | "light") => void runtime.api.setAppearance(appearance).catch(() => undefined);
			setAppearance(pageAppearance());
			this.stopAppearanceWatch?.();
			this.stopAppearanceWatch = watchPageAppearance(setAppearance);
			performance.mark("playa:ready");
			this.parts.store.set({ phase: "ready", extensionsLoading: undefined });
		} catch (error) {
			frame.remove();
			if (overtaken()) return;
			this.parts.store.set({ phase: "failed", failure: `The runtime did not start: ${(error as Error).message ?? String(error)}` });
		}
	}

	/** Gives the old runtime's `session_shutdown` handlers a moment, then ends its worker. */
	async stop(reason?: ShutdownReason): Promise<void> {
		this.watchdog.stop();
		this.parts.project.abandon();
		const old = this.runtime;
		const writes = this.writes;
		this.runtime = undefined;
		this.writes = undefined;
		if (old) {
			this.parts.runLog.stopping();
			await Promise.race([old.api.shutdown(reason).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3_000))]);
			old.terminate();
		}
		// The next start reads the session: the old runtime's last writes are in it.
		await writes?.close();
	}

	/** Ends the runtime for good, with its frame and the session's lock; late events of its runtime change nothing. */
	async close(): Promise<void> {
		this.closed = true;
		this.generation++;
		this.stopModelsWatch?.();
		this.stopAppearanceWatch?.();
		this.cancelPending();
		await this.stop();
		this.frames.close();
		this.lock.release();
	}

	/** Holds the session's lock for this tab; false when another tab writes the session. */
	private holdLock(sessionId: string, steal: boolean): Promise<boolean> {
		return this.lock.hold(sessionId, steal, () => {
			void this.stop().then(async () => {
				const snapshot = await this.parts.databases.current.loadSession(sessionId);
				this.parts.store.set({
					phase: "locked",
					running: false,
					streaming: undefined,
					...(snapshot && { entries: snapshot.entries, leafId: snapshot.leafId }),
				});
				this.notify("Another tab took over this session. This tab only shows it now.", "warning");
			});
		});
	}

	/** Cancels the open dialogs and manual turns: they belong to the runtime being replaced. */
	private cancelPending(): void {
		this.parts.dialogs.cancelAll();
		this.parts.manualTurns.cancelAll();
		this.parts.scriptGate.cancelAll();
	}

	private notify(message: string, level: "warning" | "error"): void {
		this.parts.notices.notify(message, level, "Playa", "page");
	}
}
