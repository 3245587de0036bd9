/**
 * The sandbox frame a runtime worker starts in (protocol/sandbox.ts): an opaque origin, no storage, no service
 * worker of the app's. Made ahead of the start, so the runtime's module loads meanwhile; kept apart from the rest
 * of starting a runtime (runtime-client.ts) so that the page can make it before its own modules have run
 * (early-start.ts).
 */
import type { RunningCall } from "../../protocol/call-record.ts";
import { SANDBOX_ALIVE, SANDBOX_START, SANDBOX_WARM, type FrameReport, type FrameRequest } from "../../protocol/sandbox.ts";
import { parseFrameReport } from "../../protocol/sandbox-schema.ts";

export interface RuntimeActivity {
	running?: RunningCall;
	syncCall: boolean;
	/** The worker's heartbeat (protocol/call-record.ts): it grows while the worker's event loop turns. None when not isolated, or when the frame did not answer. */
	beat?: number;
}

/** How long the frame may take to load and start the worker before the start fails. */
const FRAME_START_MS = 30_000;
/** How long the frame's script may take to say it runs, and how long after the frame loaded. */
const FRAME_ALIVE_MS = 15_000;
const AFTER_LOAD_MS = 2_000;
/** How long the frame may take to read the call record (its thread is not the stuck one). */
const CALL_RECORD_MS = 1_000;

/** The sandbox frame's page, next to the app's own (a relative base works too). */
function sandboxUrl(): string {
	return new URL(`${import.meta.env.BASE_URL}sandbox.html`, document.baseURI).href;
}

/**
 * The frame and its control port: the reports it sends, parsed, and the requests the page makes. Made before
 * the session is ready (`prepareRuntimeFrame`), the frame loads the runtime's module meanwhile.
 */
export class SandboxFrame {
	readonly element = document.createElement("iframe");
	private readonly control = new MessageChannel();
	private readonly waiting = new Map<number, (report: FrameReport) => void>();
	private nextId = 1;
	private onReport: (report: FrameReport) => void = () => undefined;

	/** Whether the frame's script runs: false where the host cannot serve it (below). */
	private readonly alive: Promise<boolean>;
	/** Where the worker runs: in the frame with an opaque origin, or (where the frame cannot run) in the page. */
	sandboxed = true;
	private inPageWorker?: Worker;
	/** Whether its worker was asked to load what extensions import (`expectExtensions`). */
	private warmAsked = false;
	private onRefused: (problem: string) => void = () => undefined;

	constructor() {
		// An opaque origin: no storage, no locks, no service worker of the app's. Cross-origin isolation is
		// delegated, so the frame's worker has shared memory for the call record.
		this.element.setAttribute("sandbox", "allow-scripts");
		this.element.setAttribute("allow", "cross-origin-isolated");
		this.element.setAttribute("aria-hidden", "true");
		this.element.tabIndex = -1;
		this.element.title = "Playa runtime";
		this.element.hidden = true;
		this.control.port1.addEventListener("message", (event) => this.receive(event.data));
		this.control.port1.start();
		this.alive = this.watchAlive();
		this.element.src = sandboxUrl();
		document.body.append(this.element);
	}

	/**
	 * The frame's script says it runs as soon as it does. A host that gives the page its isolation through a
	 * service worker (no headers of its own) cannot serve the frame: a sandboxed frame's page is not the
	 * service worker's, so it comes without the headers a cross-origin isolated page needs of its frames, and
	 * the browser shows an error page in it instead (or, offline, nothing loads).
	 */
	private watchAlive(): Promise<boolean> {
		return new Promise((resolve) => {
			const done = (alive: boolean) => {
				removeEventListener("message", onMessage);
				clearTimeout(timer);
				resolve(alive);
			};
			const onMessage = (event: MessageEvent) => {
				if (event.source === this.element.contentWindow && (event.data as { type?: unknown } | null)?.type === SANDBOX_ALIVE) done(true);
			};
			addEventListener("message", onMessage);
			const timer = setTimeout(() => done(false), FRAME_ALIVE_MS);
			this.element.addEventListener("load", () => setTimeout(() => done(false), AFTER_LOAD_MS), { once: true });
		});
	}

	/**
	 * Hands the loaded frame `runtimePort` (and a workspace port for the synchronous calls it answers);
	 * resolves when the runtime's module is running.
	 */
	start(runtimePort: MessagePort, onRefused: (problem: string) => void, workspacePort?: MessagePort): Promise<{ isolated: boolean }> {
		this.onRefused = onRefused;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error("the sandbox frame did not start the runtime in time")), FRAME_START_MS);
			this.onReport = (report) => {
				if (report.type === "call_record") return;
				clearTimeout(timer);
				this.onReport = () => undefined;
				if (report.type === "started") resolve({ isolated: report.isolated });
				else reject(new Error(`the runtime's script did not start: ${report.message}`));
			};
			void this.alive.then(async (alive) => {
				if (alive) {
					const ports = workspacePort ? [runtimePort, this.control.port2, workspacePort] : [runtimePort, this.control.port2];
					this.element.contentWindow?.postMessage({ type: SANDBOX_START }, "*", ports);
					return;
				}
				// The same service as the frame's, in the page: extension code then has the app's origin.
				this.sandboxed = false;
				this.element.remove();
				const [{ serve }, { startWorker }] = await Promise.all([import("../../sandbox/runtime-service.ts"), import("../../sandbox/start-worker.ts")]);
				const starting = startWorker("page");
				this.inPageWorker = starting.worker;
				serve(starting, { runtime: runtimePort, control: this.control.port2, workspace: workspacePort });
			});
		});
	}

	/**
	 * Extensions are to load in this frame's runtime: its worker loads what they import ahead (SANDBOX_WARM). A
	 * frame that cannot run does without: its worker starts in the page only with the start.
	 */
	expectExtensions(): void {
		// Once per frame: the editor asks again at each pause in typing.
		if (this.warmAsked) return;
		this.warmAsked = true;
		void this.alive.then((alive) => alive && this.element.contentWindow?.postMessage({ type: SANDBOX_WARM }, "*"));
	}

	readActivity(): Promise<RuntimeActivity> {
		const id = this.nextId++;
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.waiting.delete(id);
				resolve({ syncCall: false });
			}, CALL_RECORD_MS);
			this.waiting.set(id, (report) => {
				clearTimeout(timer);
				resolve(report.type === "call_record" ? { running: report.running, syncCall: report.syncCall === true, beat: report.beat } : { syncCall: false });
			});
			const request: FrameRequest = { type: "read_call_record", id };
			this.control.port1.postMessage(request);
		});
	}

	remove(): void {
		this.control.port1.close();
		for (const answer of this.waiting.values()) answer({ type: "call_record", id: 0 });
		this.waiting.clear();
		// Removing the frame ends its document and the worker it started.
		this.element.remove();
		this.inPageWorker?.terminate();
	}

	private receive(data: unknown): void {
		const report = parseFrameReport(data);
		if (!report) return this.onRefused("a message from the sandbox frame that is not a report");
		if (report.type !== "call_record") return this.onReport(report);
		const answer = this.waiting.get(report.id);
		this.waiting.delete(report.id);
		answer?.(report);
	}
}

/** A frame to start the next runtime in, loading while the page gets the session ready. */
export function prepareRuntimeFrame(): SandboxFrame {
	return new SandboxFrame();
}
