/**
 * Where the run diff's first divergence is in the inspector: the record of the replayed (or second) run that the
 * difference comes from, found through the run log, which keeps each inspector record's key with the part of the run
 * it came in. A model request for `requests`; the `tool_call` dispatch of the tool call for `toolCalls`; the dispatch
 * whose handler failed for `errors`; for what handlers did (entries, notifications, status, widgets, titles,
 * dialogs), the first dispatch of that part that reached a handler. Runs in the page; pure data.
 */
import type { Divergence } from "../../scenario/compare.ts";
import type { WatchedRun } from "../../scenario/run-record.ts";
import type { LoggedInspectorBatch } from "../state/run-log.ts";

export interface InspectorTarget {
	/** The inspector log's key of the record (the runtime's generation and the record's seq). */
	key: string;
	tab: "events" | "requests";
	/** What the record is, for the button's title: `tool_call of step 2`. */
	what: string;
}

interface EventRef {
	key: string;
	type: string;
	toolCallId?: string;
	handlers: number;
	failed: boolean;
}

function partName(step: Divergence["step"]): string {
	return step === "start" ? "the start" : `step ${step}`;
}

/** The inspector record behind `divergence` in `run` (the run that happened), if the run log kept one. */
export function inspectorTarget(divergence: Divergence, run: WatchedRun): InspectorTarget | undefined {
	const events = divergence.step === "start" ? run.start : run.steps[divergence.step - 1]?.events;
	if (!events) return undefined;
	const requests: string[] = [];
	const records: EventRef[] = [];
	const toolCallIds: string[] = [];
	for (const event of events) {
		if (event.type === "inspector" && "run" in event) {
			const batch = event as LoggedInspectorBatch;
			for (const request of batch.requests) requests.push(`${batch.run}:${request.seq}`);
			for (const record of batch.events) {
				records.push({
					key: `${batch.run}:${record.seq}`,
					type: record.type,
					toolCallId: record.toolCallId,
					handlers: record.handlers?.length ?? 0,
					failed: (record.handlers ?? []).some((handler) => handler.error !== undefined),
				});
			}
		} else if (event.type === "entry_appended" && event.entry.type === "message") {
			const message = (event.entry as { message?: { role?: string; content?: unknown } }).message;
			if (message?.role !== "assistant" || !Array.isArray(message.content)) continue;
			for (const block of message.content as { type?: string; id?: string }[]) if (block?.type === "toolCall" && block.id) toolCallIds.push(block.id);
		}
	}
	const part = partName(divergence.step);
	const index = divergence.item?.index ?? 0;
	const eventTarget = (record: EventRef | undefined): InspectorTarget | undefined =>
		record && { key: record.key, tab: "events", what: `${record.type} in ${part}` };
	switch (divergence.list) {
		case "requests": {
			const key = requests[index] ?? requests.at(-1);
			if (key) return { key, tab: "requests", what: `model request ${Math.min(index, requests.length - 1) + 1} of ${part}` };
			break;
		}
		case "toolCalls": {
			const id = toolCallIds[index];
			const found = eventTarget(records.find((record) => record.toolCallId === id && record.type === "tool_call") ?? records.find((r) => r.toolCallId === id));
			if (found) return found;
			break;
		}
		case "errors": {
			const found = eventTarget(records.find((record) => record.failed));
			if (found) return found;
			break;
		}
	}
	return (
		eventTarget(records.find((record) => record.handlers > 0)) ??
		eventTarget(records[0]) ??
		(requests[0] ? { key: requests[0], tab: "requests", what: `model request 1 of ${part}` } : undefined)
	);
}
