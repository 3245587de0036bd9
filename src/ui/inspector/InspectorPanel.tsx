/**
 * The inspector: every dispatched extension event with what each handler did, the extensions' console
 * output beside them, and the model requests. Filters, pins, a virtualized list, exports (JSON and a
 * Chrome trace). Self-contained: it reads the playground's InspectorLog and nothing else. A record the log is asked
 * to show (the run diff's "Show in inspector") is opened and scrolled to, with the filters cleared.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { InspectorLog, Logged } from "../../host/state/inspector-log.ts";
import type { ConsoleRecord, InspectedEvent } from "../../protocol/inspector/inspector.ts";
import { downloadBlob } from "../design/download.ts";
import { Button } from "../design/kit/Button.tsx";
import { Download, Eraser } from "../design/kit/icons.ts";
import { Select } from "../design/kit/Select.tsx";
import { EventDetails } from "./EventDetails.tsx";
import { formatMs } from "./Json.tsx";
import { RequestView } from "./RequestView.tsx";
import { TabShown } from "../shell/PanelTabs.tsx";
import { buildRows, clockTime, sessionsOf, DEFAULT_FILTER, isFailed, isSlow, type InspectorFilter, type Row } from "./rows.ts";
import { chromeTrace } from "./trace.ts";
import "../transcript/transcript.css";
import "./inspector.css";

const EventRow = memo(function EventRow({
	event,
	open,
	pinned,
	onToggle,
	onPin,
}: {
	event: Logged<InspectedEvent>;
	open: boolean;
	pinned: boolean;
	onToggle(key: string): void;
	onPin(key: string): void;
}) {
	const extensions = [...new Set(event.handlers.map((handler) => handler.extension))];
	return (
		<div className={`inspector-event${isFailed(event) ? " failed" : ""}${isSlow(event) ? " slow" : ""}`} aria-label={`Event ${event.type}`}>
			<div className="inspector-line">
				<button type="button" className="link" aria-label={`Details of ${event.type}`} aria-expanded={open} onClick={() => onToggle(event.key)}>
					{open ? "▾" : "▸"} <code>{event.type}</code>
				</button>
				{extensions.length > 0 && <span className="muted">{extensions.join(", ")}</span>}
				{event.outcome && <span className={`badge badge-${event.outcome}`}>{event.outcome}</span>}
				{isFailed(event) && <span className="badge badge-error">error</span>}
				<span className="duration">{formatMs(event.durationMs)}</span>
				<button type="button" className="link" aria-label={pinned ? `Unpin ${event.type}` : `Pin ${event.type}`} onClick={() => onPin(event.key)}>
					{pinned ? "★" : "☆"}
				</button>
			</div>
			{open && <EventDetails event={event} />}
		</div>
	);
});

function ConsoleRow({ record }: { record: ConsoleRecord }) {
	return (
		<div className={`inspector-console console-${record.level}`} aria-label={`Console ${record.extension}`}>
			<span className="badge">{record.level}</span> <strong>{record.extension}</strong>
			{record.line !== undefined && (
				<span className="muted" title={record.url}>
					{" "}
					line {record.line}
				</span>
			)}
			: <span className="console-text">{record.text}</span>
		</div>
	);
}

function Filters({
	filter,
	onChange,
	types,
	extensions,
}: {
	filter: InspectorFilter;
	onChange(filter: InspectorFilter): void;
	types: string[];
	extensions: string[];
}) {
	const set = (patch: Partial<InspectorFilter>) => onChange({ ...filter, ...patch });
	const check = (key: "onlyChanges" | "onlyErrors" | "onlySlow" | "hideUpdates", label: string) => (
		<label>
			<input type="checkbox" checked={filter[key]} onChange={(e) => set({ [key]: e.target.checked })} /> {label}
		</label>
	);
	return (
		<div className="inspector-filters">
			<Select aria-label="Event type" value={filter.type} onChange={(e) => set({ type: e.target.value })}>
				<option value="">All events</option>
				<option value="console">Console only</option>
				{types.map((type) => (
					<option key={type}>{type}</option>
				))}
			</Select>
			<Select aria-label="Extension" value={filter.extension} onChange={(e) => set({ extension: e.target.value })}>
				<option value="">All extensions</option>
				{extensions.map((name) => (
					<option key={name}>{name}</option>
				))}
			</Select>
			{check("onlyChanges", "changes")}
			{check("onlyErrors", "errors")}
			{check("onlySlow", "slow")}
			{check("hideUpdates", "hide message_update")}
			<input aria-label="Filter text" placeholder="text" value={filter.text} onChange={(e) => set({ text: e.target.value })} />
		</div>
	);
}

function RowView({
	row,
	open,
	pinned,
	onToggle,
	onPin,
}: {
	row: Row;
	open: Set<string>;
	pinned: Set<string>;
	onToggle(key: string): void;
	onPin(key: string): void;
}) {
	switch (row.kind) {
		case "prompt":
			return (
				<div className="inspector-group">
					{row.prompt === 0 ? "Before the first prompt" : `Prompt ${row.prompt}`} <span className="muted">{clockTime(row.at)}</span>
				</div>
			);
		case "turn":
			return <div className="inspector-group turn">Turn {row.turn}</div>;
		case "tool":
			return (
				<div className="inspector-group tool" title={row.toolCallId}>
					Tool <code>{row.toolName ?? "call"}</code> <span className="muted">{clockTime(row.at)}</span>
					{row.runMs !== undefined && <span className="duration"> · ran {formatMs(row.runMs)}</span>}
				</div>
			);
		case "event":
			return (
				<div className={row.nested ? "nested" : undefined}>
					<EventRow event={row.event} open={open.has(row.key)} pinned={pinned.has(row.key)} onToggle={onToggle} onPin={onPin} />
				</div>
			);
		case "console":
			return (
				<div className={row.nested ? "nested" : undefined}>
					<ConsoleRow record={row.record} />
				</div>
			);
	}
}

function EventList({
	rows,
	open,
	pinned,
	onToggle,
	onPin,
	focus,
}: {
	rows: Row[];
	open: Set<string>;
	pinned: Set<string>;
	onToggle(key: string): void;
	onPin(key: string): void;
	/** A row to scroll to (a record the inspector was asked to show). */
	focus?: { key: string; n: number };
}) {
	const scroller = useRef<HTMLDivElement>(null);
	const virtualizer = useVirtualizer({
		count: rows.length,
		getScrollElement: () => scroller.current,
		estimateSize: () => 28,
		getItemKey: (index) => rows[index].key,
		overscan: 10,
	});
	const focusIndex = focus ? rows.findIndex((row) => row.key === focus.key) : -1;
	useEffect(() => {
		if (focusIndex >= 0) virtualizer.scrollToIndex(focusIndex, { align: "start" });
	}, [focus?.n, focusIndex >= 0]);
	return (
		<div ref={scroller} className="inspector-list" aria-label="Inspector events">
			<div className="transcript-rows" style={{ height: virtualizer.getTotalSize() }}>
				{virtualizer.getVirtualItems().map((item) => (
					<div
						key={item.key}
						ref={virtualizer.measureElement}
						data-index={item.index}
						className="transcript-row inspector-row"
						style={{ transform: `translateY(${item.start}px)` }}
					>
						<RowView row={rows[item.index]} open={open} pinned={pinned} onToggle={onToggle} onPin={onPin} />
					</div>
				))}
			</div>
		</div>
	);
}

const toggled = (set: Set<string>, key: string) => {
	const next = new Set(set);
	if (!next.delete(key)) next.add(key);
	return next;
};

export function InspectorPanel({ log }: { log: InspectorLog }) {
	// Hidden, the panel does not follow the log (a run records events every frame); shown again, it catches up.
	const shown = useContext(TabShown);
	const subscribe = useCallback((listener: () => void) => (shown ? log.store.subscribe(listener) : () => undefined), [log, shown]);
	const live = useSyncExternalStore(subscribe, log.store.get);
	const kept = useRef(live);
	if (shown) kept.current = live;
	const state = kept.current;
	const [tab, setTab] = useState<"events" | "requests">("events");

	const [filter, setFilter] = useState(DEFAULT_FILTER);
	const [open, setOpen] = useState<Set<string>>(new Set());
	const [pinned, setPinned] = useState<Set<string>>(new Set());
	// The current session's records, unless the user picks an earlier session or all of them.
	const [sessionChoice, setSessionChoice] = useState("");
	const sessions = useMemo(() => sessionsOf(state.runs), [state.runs]);
	const chosen = sessionChoice === "all" ? undefined : (sessions.find((session) => session.key === sessionChoice) ?? sessions[0]);
	const runs = chosen?.runs;
	const listed = useMemo(() => {
		const inRuns = <T extends { run: number }>(list: T[]) => (runs ? list.filter((record) => runs.has(record.run)) : list);
		return { events: inRuns(state.events), console: inRuns(state.console), requests: inRuns(state.requests) };
	}, [state.events, state.console, state.requests, runs]);
	const rows = useMemo(() => buildRows(listed.events, listed.console, filter), [listed, filter]);
	const types = useMemo(() => [...new Set(state.events.map((event) => event.type))].sort(), [state.events]);
	const extensions = useMemo(
		() =>
			[
				...new Set([
					...state.events.flatMap((event) => event.handlers.map((handler) => handler.extension)),
					...state.console.map((record) => record.extension),
				]),
			].sort(),
		[state.events, state.console],
	);
	const pinnedEvents = listed.events.filter((event) => pinned.has(event.key));
	// A record the log was asked to show: its tab, every session, no filter, and the record opened.
	const focus = state.focus;
	useEffect(() => {
		if (!focus) return;
		setTab(focus.tab);
		setFilter(DEFAULT_FILTER);
		const run = Number(focus.key.split(":")[0]);
		setSessionChoice(sessions.find((session) => session.runs.has(run))?.key ?? "all");
		if (focus.tab === "events") setOpen((current) => new Set([...current, focus.key]));
	}, [focus?.n]);
	const focusMissing =
		focus !== undefined && !(focus.tab === "events" ? state.events : state.requests).some((record: { key: string }) => record.key === focus.key);
	const onToggle = (key: string) => setOpen((current) => toggled(current, key));
	const onPin = (key: string) => setPinned((current) => toggled(current, key));
	return (
		<section className="panel inspector" aria-label="Inspector">
			<div className="inspector-bar">
				<h2>Inspector</h2>
				{sessions.length > 0 && (
					<Select aria-label="Session" value={chosen ? chosen.key : "all"} onChange={(e) => setSessionChoice(e.target.value)}>
						{sessions.map((session, index) => (
							<option key={session.key} value={session.key}>
								{index === 0 ? `This session (since ${clockTime(session.at)})` : `Earlier session, from ${clockTime(session.at)}`}
							</option>
						))}
						{sessions.length > 1 && <option value="all">All sessions</option>}
					</Select>
				)}
				<div className="segmented">
					<Button size="sm" kind="ghost" aria-pressed={tab === "events"} onClick={() => setTab("events")}>
						Events ({listed.events.length})
					</Button>
					<Button size="sm" kind="ghost" aria-pressed={tab === "requests"} onClick={() => setTab("requests")}>
						Requests ({listed.requests.length})
					</Button>
				</div>
				<Button size="sm" icon={<Download />} onClick={() => downloadBlob("playa-inspector.json", JSON.stringify(state, null, 2))}>
					Export JSON
				</Button>
				<Button size="sm" icon={<Download />} onClick={() => downloadBlob("playa-trace.json", JSON.stringify(chromeTrace(state.events, state.console)))}>
					Export Chrome trace
				</Button>
				<Button size="sm" kind="ghost" icon={<Eraser />} onClick={() => log.clear()}>
					Clear
				</Button>
				{state.dropped > 0 && <span className="muted">{state.dropped} older records let go</span>}
			</div>
			{focusMissing && <p className="muted">The record asked for is no longer kept (the inspector lets the oldest go).</p>}
			{tab === "events" ? (
				<>
					<Filters filter={filter} onChange={setFilter} types={types} extensions={extensions} />
					{pinnedEvents.length > 0 && (
						<div className="inspector-pinned" aria-label="Pinned">
							{pinnedEvents.map((event) => (
								<EventRow key={event.key} event={event} open={open.has(event.key)} pinned onToggle={onToggle} onPin={onPin} />
							))}
						</div>
					)}
					{rows.length === 0 ? (
						<p className="muted">No event recorded{listed.events.length > 0 ? " matches the filters" : " yet"}.</p>
					) : (
						<EventList rows={rows} open={open} pinned={pinned} onToggle={onToggle} onPin={onPin} focus={focus?.tab === "events" ? focus : undefined} />
					)}
				</>
			) : (
				<RequestView requests={listed.requests} focus={focus?.tab === "requests" ? focus : undefined} />
			)}
		</section>
	);
}
