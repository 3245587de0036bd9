/**
 * The page's copy of what the runtime's inspector sent (already parsed by runtime-schema.ts): bounded
 * lists, the oldest let go first, each record tagged with the runtime it came from (a reload starts
 * the numbering again). Its own store, so a flood of records re-renders the inspector, not the page.
 */
import type { ConsoleRecord, InspectedEvent, InspectorBatch, RequestRecord } from "../protocol/inspector.ts";
import { Store } from "./store.ts";

export const LOG_LIMITS = { events: 5_000, console: 1_000, requests: 200 } as const;

/** A record with the runtime that sent it; `key` is unique in the page. */
export type Logged<T> = T & { run: number; key: string };

export interface InspectorState {
	events: Logged<InspectedEvent>[];
	console: Logged<ConsoleRecord>[];
	requests: Logged<RequestRecord>[];
	/** Records let go, by the worker (a flood) or here (past the limits). */
	dropped: number;
}

function appendBounded<T>(list: T[], items: T[], limit: number): { list: T[]; cut: number } {
	if (items.length === 0) return { list, cut: 0 };
	const next = [...list, ...items];
	const cut = Math.max(0, next.length - limit);
	return { list: cut > 0 ? next.slice(cut) : next, cut };
}

export class InspectorLog {
	readonly store = new Store<InspectorState>({ events: [], console: [], requests: [], dropped: 0 });

	add(batch: InspectorBatch, run: number): void {
		const tag = <T extends { seq: number }>(records: T[]): Logged<T>[] => records.map((record) => ({ ...record, run, key: `${run}:${record.seq}` }));
		this.store.update((state) => {
			const events = appendBounded(state.events, tag(batch.events), LOG_LIMITS.events);
			const consoleRecords = appendBounded(state.console, tag(batch.console), LOG_LIMITS.console);
			const requests = appendBounded(state.requests, tag(batch.requests), LOG_LIMITS.requests);
			return {
				events: events.list,
				console: consoleRecords.list,
				requests: requests.list,
				dropped: state.dropped + batch.dropped + events.cut + consoleRecords.cut + requests.cut,
			};
		});
	}

	clear(): void {
		this.store.update(() => ({ events: [], console: [], requests: [], dropped: 0 }));
	}
}
