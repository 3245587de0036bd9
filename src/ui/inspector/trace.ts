/**
 * The inspector's records as a Chrome trace (the Trace Event Format's JSON object form), for
 * DevTools' Performance panel or Perfetto: one process, one track (tid) per extension, each handler's
 * run a complete ("X") event, each console call an instant ("i") one. Times are epoch-based µs, so
 * records of several runtimes (a reload) line up.
 */
import type { Logged } from "../../host/state/inspector-log.ts";
import type { ConsoleRecord, InspectedEvent } from "../../protocol/inspector/inspector.ts";

export interface TraceEvent {
	name: string;
	ph: "X" | "i" | "M";
	pid: number;
	tid: number;
	ts?: number;
	dur?: number;
	cat?: string;
	s?: "t";
	args?: Record<string, unknown>;
}

const PID = 1;

export function chromeTrace(events: Logged<InspectedEvent>[], records: Logged<ConsoleRecord>[]): { traceEvents: TraceEvent[]; displayTimeUnit: "ms" } {
	const tracks = new Map<string, { tid: number; name: string }>();
	const tidOf = (url: string, name: string) => {
		let track = tracks.get(url);
		if (!track) tracks.set(url, (track = { tid: tracks.size + 1, name }));
		return track.tid;
	};
	const traceEvents: TraceEvent[] = [];
	for (const event of events) {
		for (const handler of event.handlers) {
			traceEvents.push({
				name: event.type,
				cat: "handler",
				ph: "X",
				pid: PID,
				tid: tidOf(handler.url, handler.extension),
				ts: Math.round((event.at + (handler.start - event.start)) * 1000),
				dur: Math.max(1, Math.round(handler.durationMs * 1000)),
				args: { handler: handler.index, outcome: event.outcome, reason: event.reason, changes: handler.changes?.length ?? 0, error: handler.error?.message },
			});
		}
	}
	for (const record of records) {
		traceEvents.push({
			name: `console.${record.level}`,
			cat: "console",
			ph: "i",
			s: "t",
			pid: PID,
			tid: tidOf(record.url, record.extension),
			ts: record.at * 1000,
			args: { text: record.text, line: record.line },
		});
	}
	const metadata: TraceEvent[] = [
		{ name: "process_name", ph: "M", pid: PID, tid: 0, args: { name: "Playa extensions" } },
		...[...tracks.values()].map((track): TraceEvent => ({ name: "thread_name", ph: "M", pid: PID, tid: track.tid, args: { name: track.name } })),
	];
	return { traceEvents: [...metadata, ...traceEvents], displayTimeUnit: "ms" };
}
