/**
 * The page's copy of what the runtime's inspector sent (already parsed by runtime-schema.ts): bounded
 * lists, the oldest let go first, each record tagged with the runtime it came from (a reload starts
 * the numbering again). Its own store, so a flood of records re-renders the inspector, not the page.
 * Only the newest records keep their snapshots (an event's payload and handler results, a request's
 * messages and payload): each can hold thousands of values, mostly the same conversation again, so a long
 * session would otherwise hold it hundreds of times over.
 */
import type { ConsoleRecord, InspectedEvent, InspectorBatch, RequestRecord } from "../../protocol/inspector/inspector.ts";
import { Store } from "./store.ts";

export const LOG_LIMITS = { events: 5_000, console: 1_000, requests: 200 } as const;
/** How many of the newest events and requests keep their snapshots; older ones keep the rest. */
export const DETAIL_LIMITS = { events: 200, requests: 20 } as const;

/** A record with the runtime that sent it; `key` is unique in the page; `trimmed` when its snapshots were let go. */
export type Logged<T> = T & { run: number; key: string; trimmed?: true };

/** A runtime the log heard from: when its first records came, and the session it ran. */
export interface InspectedRun {
	run: number;
	at: number;
	session?: string;
}

export interface InspectorState {
	events: Logged<InspectedEvent>[];
	console: Logged<ConsoleRecord>[];
	requests: Logged<RequestRecord>[];
	/** Records let go, by the worker (a flood) or here (past the limits). */
	dropped: number;
	/** The runtimes heard from, oldest first (a reload or a new session starts another). */
	runs: InspectedRun[];
	/** A record to show, opened (the run diff's "Show in inspector"); `n` counts the requests to show one. */
	focus?: InspectorFocus;
}

/** A record the inspector is asked to show: an event (opened in the list) or a model request, by its key. */
export interface InspectorFocus {
	key: string;
	tab: "events" | "requests";
	n: number;
}

function appendBounded<T>(list: T[], items: T[], limit: number): { list: T[]; cut: number } {
	if (items.length === 0) return { list, cut: 0 };
	const next = [...list, ...items];
	const cut = Math.max(0, next.length - limit);
	return { list: cut > 0 ? next.slice(cut) : next, cut };
}

function trimEvent(event: Logged<InspectedEvent>): Logged<InspectedEvent> {
	const { payload: _payload, ...rest } = event;
	return { ...rest, handlers: event.handlers.map(({ result: _result, ...handler }) => handler), trimmed: true };
}

function trimRequest(request: Logged<RequestRecord>): Logged<RequestRecord> {
	const { payload: _payload, ...rest } = request;
	return { ...rest, messages: [], trimmed: true };
}

/**
 * Trims, in place, the records that the `added` newest pushed out of the newest `keep`; `list` is the fresh
 * array appendBounded made (when nothing was added the range is empty).
 */
function trimOlder<T extends { trimmed?: true }>(list: T[], added: number, keep: number, trim: (record: T) => T): T[] {
	for (let i = Math.max(0, list.length - keep - added); i < list.length - keep; i++) if (!list[i].trimmed) list[i] = trim(list[i]);
	return list;
}

export class InspectorLog {
	readonly store = new Store<InspectorState>({ events: [], console: [], requests: [], dropped: 0, runs: [] });

	/** `session`: the id of the session the runtime of `run` serves. */
	add(batch: InspectorBatch, run: number, session?: string): void {
		const tag = <T extends { seq: number }>(records: T[]): Logged<T>[] => records.map((record) => ({ ...record, run, key: `${run}:${record.seq}` }));
		this.store.update((state) => {
			const events = appendBounded(state.events, tag(batch.events), LOG_LIMITS.events);
			const consoleRecords = appendBounded(state.console, tag(batch.console), LOG_LIMITS.console);
			const requests = appendBounded(state.requests, tag(batch.requests), LOG_LIMITS.requests);
			return {
				events: trimOlder(events.list, batch.events.length, DETAIL_LIMITS.events, trimEvent),
				console: consoleRecords.list,
				requests: trimOlder(requests.list, batch.requests.length, DETAIL_LIMITS.requests, trimRequest),
				dropped: state.dropped + batch.dropped + events.cut + consoleRecords.cut + requests.cut,
				runs: state.runs.some((known) => known.run === run) ? state.runs : [...state.runs, { run, at: Date.now(), ...(session && { session }) }],
			};
		});
	}

	/** Asks the inspector to show the record of `key`, opened (it may have been let go: the inspector then says so). */
	reveal(target: { key: string; tab: "events" | "requests" }): void {
		this.store.update((state) => ({ ...state, focus: { key: target.key, tab: target.tab, n: (state.focus?.n ?? 0) + 1 } }));
	}

	clear(): void {
		this.store.update(() => ({ events: [], console: [], requests: [], dropped: 0, runs: [] }));
	}
}
