/**
 * The inspector's list: events and console records of the chosen runtimes, filtered, with a header row where a
 * prompt, a turn or a tool call begins (prompt → turn → tool call). The newest prompt comes first; inside a prompt,
 * records keep the order they happened in. A tool call's header names the tool, when it was called and how long
 * its `execute` ran (tool_execution_start to tool_execution_end).
 */
import type { InspectedRun, Logged } from "../../host/state/inspector-log.ts";
import type { ConsoleRecord, InspectedEvent } from "../../protocol/inspector/inspector.ts";

/** A handler or dispatch this long (ms) counts as slow. */
export const SLOW_MS = 50;
/** The events the "hide streaming updates" preset leaves out. */
export const UPDATE_EVENTS = new Set(["message_update", "tool_execution_update"]);

export interface InspectorFilter {
	/** An event type, "console", or "" for all. */
	type: string;
	/** An extension's name, or "" for all. */
	extension: string;
	onlyChanges: boolean;
	onlyErrors: boolean;
	onlySlow: boolean;
	text: string;
	hideUpdates: boolean;
}

export const DEFAULT_FILTER: InspectorFilter = { type: "", extension: "", onlyChanges: false, onlyErrors: false, onlySlow: false, text: "", hideUpdates: true };

export type Row =
	| { kind: "prompt"; key: string; prompt: number; run: number; at: number }
	| { kind: "turn"; key: string; turn: number }
	| { kind: "tool"; key: string; toolCallId: string; toolName?: string; at: number; runMs?: number }
	| { kind: "event"; key: string; event: Logged<InspectedEvent>; nested: boolean }
	| { kind: "console"; key: string; record: Logged<ConsoleRecord>; nested: boolean };

export const isChanged = (event: InspectedEvent) => event.outcome !== undefined || event.handlers.some((handler) => handler.changes?.length);
export const isFailed = (event: InspectedEvent) => event.handlers.some((handler) => handler.error);
export const isSlow = (event: InspectedEvent) => event.durationMs >= SLOW_MS || event.handlers.some((handler) => handler.durationMs >= SLOW_MS);

function textMatches(haystack: unknown, needle: string): boolean {
	if (!needle) return true;
	return JSON.stringify(haystack).toLowerCase().includes(needle.toLowerCase());
}

export function eventMatches(event: InspectedEvent, filter: InspectorFilter): boolean {
	if (filter.type && filter.type !== event.type) return false;
	if (!filter.type && filter.hideUpdates && UPDATE_EVENTS.has(event.type)) return false;
	if (filter.extension && !event.handlers.some((handler) => handler.extension === filter.extension)) return false;
	if (filter.onlyChanges && !isChanged(event)) return false;
	if (filter.onlyErrors && !isFailed(event)) return false;
	if (filter.onlySlow && !isSlow(event)) return false;
	return textMatches(event, filter.text);
}

export function consoleMatches(record: ConsoleRecord, filter: InspectorFilter): boolean {
	if (filter.type && filter.type !== "console") return false;
	if (filter.extension && filter.extension !== record.extension) return false;
	if (filter.onlyChanges || filter.onlySlow) return false;
	if (filter.onlyErrors && record.level !== "error" && record.level !== "warn") return false;
	return textMatches(record.text, filter.text);
}

/** A clock time of an epoch-ms timestamp, to the second ("14:03:27"). */
export function clockTime(at: number): string {
	const date = new Date(at);
	return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

interface ToolFacts {
	toolName?: string;
	started?: number;
	ended?: number;
}

/** What the events tell of each tool call: the tool's name, and when its `execute` started and ended. */
function toolFacts(events: Logged<InspectedEvent>[]): Map<string, ToolFacts> {
	const facts = new Map<string, ToolFacts>();
	for (const event of events) {
		if (!event.toolCallId) continue;
		const key = `${event.run}:${event.toolCallId}`;
		const fact = facts.get(key) ?? {};
		const name = (event.payload as { toolName?: unknown } | undefined)?.toolName;
		if (!fact.toolName && typeof name === "string") fact.toolName = name;
		if (event.type === "tool_execution_start") fact.started = event.start;
		if (event.type === "tool_execution_end") fact.ended = event.start;
		facts.set(key, fact);
	}
	return facts;
}

/** The rows in blocks that each begin with a prompt's header, the newest block first. */
function newestPromptFirst(rows: Row[]): Row[] {
	const blocks: Row[][] = [];
	for (const row of rows) {
		if (row.kind === "prompt" || blocks.length === 0) blocks.push([]);
		blocks[blocks.length - 1].push(row);
	}
	return blocks.reverse().flat();
}

type Item = { run: number; seq: number } & ({ event: Logged<InspectedEvent> } | { record: Logged<ConsoleRecord> });

export function buildRows(events: Logged<InspectedEvent>[], records: Logged<ConsoleRecord>[], filter: InspectorFilter): Row[] {
	const facts = toolFacts(events);
	const items: Item[] = [
		...events.filter((event) => eventMatches(event, filter)).map((event) => ({ run: event.run, seq: event.seq, event })),
		...records.filter((record) => consoleMatches(record, filter)).map((record) => ({ run: record.run, seq: record.seq, record })),
	].sort((a, b) => a.run - b.run || a.seq - b.seq);
	const rows: Row[] = [];
	let prompt = "";
	let turn = "";
	let tool: string | undefined;
	for (const item of items) {
		const grouped = "event" in item ? item.event : item.record;
		const promptKey = `${item.run}:${grouped.prompt}`;
		if (promptKey !== prompt) {
			prompt = promptKey;
			turn = "";
			tool = undefined;
			rows.push({ kind: "prompt", key: `p${promptKey}:${item.seq}`, prompt: grouped.prompt, run: item.run, at: grouped.at });
		}
		const turnKey = `${promptKey}:${grouped.turn}`;
		if (turnKey !== turn && grouped.turn > 0) {
			turn = turnKey;
			tool = undefined;
			rows.push({ kind: "turn", key: `t${turnKey}:${item.seq}`, turn: grouped.turn });
		}
		const toolCallId = "event" in item ? item.event.toolCallId : undefined;
		if (toolCallId && toolCallId !== tool) {
			const fact = facts.get(`${item.run}:${toolCallId}`) ?? {};
			const runMs = fact.started !== undefined && fact.ended !== undefined ? fact.ended - fact.started : undefined;
			rows.push({ kind: "tool", key: `c${item.run}:${item.seq}`, toolCallId, toolName: fact.toolName, at: grouped.at, runMs });
		}
		tool = toolCallId ?? ("event" in item ? undefined : tool);
		if ("event" in item) rows.push({ kind: "event", key: item.event.key, event: item.event, nested: !!toolCallId });
		else rows.push({ kind: "console", key: item.record.key, record: item.record, nested: !!tool });
	}
	return newestPromptFirst(rows);
}

/** The sessions the log heard from, newest first: each with its runtimes (a reload keeps the session). */
export function sessionsOf(runs: InspectedRun[]): { key: string; at: number; runs: Set<number> }[] {
	const sessions: { key: string; at: number; runs: Set<number> }[] = [];
	for (const run of runs) {
		const key = run.session ?? `run ${run.run}`;
		const known = sessions.find((session) => session.key === key);
		if (known) known.runs.add(run.run);
		else sessions.push({ key, at: run.at, runs: new Set([run.run]) });
	}
	return sessions.reverse();
}
