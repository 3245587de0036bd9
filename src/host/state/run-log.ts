/**
 * What the current runtime's run did, as the page saw it, for "Save as scenario" and the page's replay: from its
 * start, the events the scenario recorder reads (entries once stored, notifications, status, widgets, titles,
 * extension errors and cards, the inspector's requests and blocked tool calls, dialogs with their answers), cut
 * into the start and one part per prompt submitted or lifecycle action taken (a new session, a fork, a reload, a
 * compaction: the Scenarios tab's buttons). Bounded; a start begins a new log, but for the start a lifecycle action
 * asked for, which the same run goes on through. Every event comes from the runtime worker, already checked where it
 * entered the page; nothing here runs or shows it.
 */
import type { InspectorBatch } from "../../protocol/inspector/inspector.ts";
import type { RuntimeEvent, UIRequest, UIResponse } from "../../protocol/runtime.ts";
import type { StoredEntry } from "../../session/entries.ts";
import type { ObservedEvent } from "../../scenario/observe.ts";
import type { WatchedLifecycle, WatchedRun } from "../../scenario/run-record.ts";

/**
 * Events kept of one run; past them the run is no longer whole, and saying so beats saving half of it. `runs`: the
 * earlier runs kept for comparing two sessions (each session's latest watched from its start).
 */
export const RUN_LOG_LIMITS = { events: 20_000, steps: 500, runs: 10 } as const;

/** The kinds of runtime events the recorder reads (observe.ts); the rest (streaming, run state, …) are not kept. */
const KEPT = new Set(["notify", "status", "widget", "title", "extension_error", "extensions_changed"]);

export interface LoggedRun extends WatchedRun {
	generation: number;
	sessionId: string;
	/** The session was empty when the runtime started: the run can be played again from nothing. */
	fromStart: boolean;
	/** Past the limits: events were let go. */
	cut: boolean;
}

/** A new session, a fork or a reload starts another runtime: its start goes on in the same run. */
const RESTARTS = new Set<WatchedLifecycle["lifecycle"]>(["new-session", "fork", "reload"]);

/**
 * Of an inspector batch, what the recorder reads (each request's system prompt and tools, blocked tool calls) and
 * what finds a record again in the inspector (the inspector log's key is the runtime's generation and the seq): each
 * event's type, tool call and whether a handler ran or failed. `run`: the generation that sent it.
 */
export type LoggedInspectorBatch = Extract<ObservedEvent, { type: "inspector" }> & { run: number };

function slim(batch: InspectorBatch, run: number): LoggedInspectorBatch {
	return {
		type: "inspector",
		run,
		events: batch.events.map(
			(event) =>
				({
					seq: event.seq,
					type: event.type,
					outcome: event.outcome,
					toolCallId: event.toolCallId,
					handlers: event.handlers.map((handler) => ({ extension: handler.extension, ...(handler.error && { error: { message: "" } }) })),
				}) as InspectorBatch["events"][number],
		),
		requests: batch.requests.map(
			(request) =>
				({
					seq: request.seq,
					systemPrompt: request.systemPrompt,
					tools: request.tools.map((tool) => ({ name: tool.name })),
				}) as InspectorBatch["requests"][number],
		),
		console: [],
		dropped: 0,
	};
}

export class RunLog {
	private run?: LoggedRun;
	private count = 0;
	/** Earlier runs watched from their session's start, by session, the latest last. */
	private readonly earlier = new Map<string, LoggedRun>();
	/** When the last event came (ms, performance.now): a replay waits for the run to go quiet. */
	lastEventAt = 0;
	/** A lifecycle action asked for a start, which goes on in the current run. */
	private continuing = false;
	private readonly listeners = new Set<() => void>();
	/** The runtime of the run is being stopped for good (not for a lifecycle step): what it says then is not the run's. */
	private closed = false;

	/** Calls `listener` after each event kept (Esc in a tool watches for the tool's start); returns its removal. */
	watch(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * A runtime starts on a session that holds `entries` entries: the log starts again, unless a lifecycle action
	 * of the run asked for this start (then the run goes on, in the session it started on).
	 */
	begin(generation: number, sessionId: string, entries: number): void {
		this.closed = false;
		if (this.continuing && this.run) {
			this.continuing = false;
			this.run.generation = generation;
			this.run.sessionId = sessionId;
			this.lastEventAt = performance.now();
			return;
		}
		this.continuing = false;
		this.keep(this.run);
		this.run = { generation, sessionId, fromStart: entries === 0, cut: false, start: [], steps: [] };
		this.count = 0;
		this.lastEventAt = performance.now();
	}

	/** The run so far (the start, then each prompt's part); undefined before a runtime started. */
	current(): Readonly<LoggedRun> | undefined {
		return this.run;
	}

	/** The runs that can be compared: each session's latest run watched from its start, with something submitted. */
	runs(): Readonly<LoggedRun>[] {
		const runs = new Map(this.earlier);
		if (this.run?.fromStart && this.run.steps.length > 0) runs.set(this.run.sessionId, this.run);
		return [...runs.values()];
	}

	private keep(run: LoggedRun | undefined): void {
		if (!run?.fromStart || run.cut || run.steps.length === 0) return;
		this.earlier.delete(run.sessionId);
		this.earlier.set(run.sessionId, run);
		for (const id of this.earlier.keys()) {
			if (this.earlier.size <= RUN_LOG_LIMITS.runs) break;
			this.earlier.delete(id);
		}
	}

	/** An event of the runtime of `generation`, as the page handles it; those of a runtime since replaced are not kept. */
	event(generation: number, event: RuntimeEvent): void {
		if (this.run?.generation !== generation) return;
		if (event.type === "inspector") this.push(slim(event, generation));
		else if (KEPT.has(event.type)) this.push(event as ObservedEvent);
	}

	/** An entry of the current runtime, once stored. */
	stored(generation: number, sessionId: string, entry: StoredEntry, leafId: string | null): void {
		if (this.run?.generation === generation) this.push({ type: "entry_appended", sessionId, entry, leafId } as ObservedEvent);
	}

	/** A dialog of the current runtime, with the answer it got (the user's, the script's, or cancelled). */
	dialog(id: string, request: UIRequest, response: UIResponse): void {
		this.push({ type: "ui_request", id, request, response });
	}

	/** A prompt or command the page submitted: what follows is its part. */
	submitted(prompt: string): void {
		if (!this.run) return;
		if (this.run.steps.length >= RUN_LOG_LIMITS.steps) this.run.cut = true;
		else this.run.steps.push({ prompt, events: [] });
		this.lastEventAt = performance.now();
	}

	/**
	 * A lifecycle action the page takes (the Scenarios tab): what follows is its part; a new session, a fork or a
	 * reload starts another runtime, whose start goes on in this run. False when there is no run to add it to.
	 */
	lifecycle(action: WatchedLifecycle): boolean {
		if (!this.run) return false;
		if (this.run.steps.length >= RUN_LOG_LIMITS.steps) {
			this.run.cut = true;
			return false;
		}
		this.run.steps.push({ prompt: "", lifecycle: action, events: [] });
		this.continuing = RESTARTS.has(action.lifecycle);
		this.lastEventAt = performance.now();
		return true;
	}

	/** The lifecycle action started no runtime (an extension cancelled it): the next start begins a new log again. */
	noStart(): void {
		this.continuing = false;
	}

	/**
	 * The runtime is about to stop: unless a lifecycle step of the run stops it (its `session_shutdown` is part of that
	 * step), what it says while it stops is left out, so a run saved or compared later does not end with it.
	 */
	stopping(): void {
		if (!this.continuing) this.closed = true;
	}

	/** A lifecycle action that could not be taken (nothing to compact): its part goes. */
	withdraw(): void {
		this.continuing = false;
		if (this.run?.steps.at(-1)?.lifecycle) this.run.steps.pop();
	}

	/** Esc was pressed while the current part's `toolCall`-th tool call (from 1) ran. */
	esc(toolCall: number): void {
		const step = this.run?.steps.at(-1);
		if (step && !step.lifecycle) step.esc = { toolCall };
	}

	private push(event: ObservedEvent): void {
		const run = this.run;
		if (!run || this.closed) return;
		this.lastEventAt = performance.now();
		if (++this.count > RUN_LOG_LIMITS.events) {
			run.cut = true;
			return;
		}
		(run.steps.at(-1)?.events ?? run.start).push(event);
		for (const listener of this.listeners) listener();
	}
}
