/**
 * The runtime's inspector: watches every dispatch (a DispatchObserver of the runner), and takes the
 * extensions' console output and the model requests, as bounded records. They wait in a bounded buffer
 * (the oldest let go first, counted) and go to the page in one `inspector` event per flush, a few times
 * a second at most. Each handler's run of MEASURE_MS or more is also a `performance.measure` on its
 * extension's track, with DevTools' extensibility `detail`, so a slow hook shows in the Performance panel
 * (shorter ones would not be seen there, and each measure costs about as much as the handler).
 */
import type { ExtensionEventName } from "../../api/types.ts";
import {
	INSPECTOR_LIMITS,
	type ConsoleRecord,
	type InspectedEvent,
	type InspectedHandler,
	type InspectedOutcome,
	type InspectorBatch,
	type RequestRecord,
} from "../../protocol/inspector/inspector.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { DispatchObserver, DispatchWatch, HandlerRun } from "../extensions/runner.ts";
import { diffSnapshots } from "./diff.ts";
import { FULL, LIGHT, snapshot } from "../../protocol/inspector/inspector-snapshot.ts";

/** Events that fire for each streamed token or progress update: kept short. */
const FREQUENT = new Set<string>(["message_update", "tool_execution_update"]);
const FLUSH_DELAY_MS = 100;
const TRACK_GROUP = "Playa extensions";
const MEASURE_MS = 1;

type Grouped<T> = Omit<T, "seq" | "at" | "prompt" | "turn">;

/** A bounded queue: the oldest records go first when it is full. */
class Pending<T> {
	items: T[] = [];
	dropped = 0;
	push(item: T): void {
		this.items.push(item);
		const over = this.items.length - INSPECTOR_LIMITS.batch;
		if (over > 0) {
			this.items.splice(0, over);
			this.dropped += over;
		}
	}
	take(): T[] {
		const items = this.items;
		this.items = [];
		return items;
	}
}

function outcomeOf(
	type: string,
	event: Record<string, unknown>,
	outcome: unknown,
	handlers: InspectedHandler[],
): { outcome?: InspectedOutcome; reason?: string } {
	const o = (outcome ?? {}) as Record<string, unknown>;
	switch (type) {
		case "tool_call":
			if (o.block) return { outcome: "blocked", reason: typeof o.reason === "string" ? o.reason : undefined };
			break;
		case "session_stop":
		case "before_subagent_spawn":
			if (o.block || o.decision === "block") return { outcome: "blocked", reason: typeof o.reason === "string" ? o.reason : undefined };
			break;
		case "input":
			if (o.handled) return { outcome: "handled" };
			if (o.text !== event.text || o.images !== event.images) return { outcome: "replaced" };
			return {};
		case "context":
			return outcome !== event.messages ? { outcome: "replaced" } : {};
		case "before_provider_request":
			return outcome !== event.payload ? { outcome: "replaced" } : {};
		case "user_bash":
		case "user_python":
			return outcome !== undefined ? { outcome: "handled" } : {};
		default:
			if (type.startsWith("session_before_") && o.cancel === true) return { outcome: "cancelled" };
	}
	return handlers.some((handler) => handler.changes?.length) ? { outcome: "changed" } : {};
}

export class Inspector implements DispatchObserver {
	private seq = 0;
	private prompt = 0;
	private turn = 0;
	private promptOpen = false;
	private readonly events = new Pending<InspectedEvent>();
	private readonly consoleRecords = new Pending<ConsoleRecord>();
	private readonly requests = new Pending<RequestRecord>();
	private readonly measured = new Set<string>();
	private timer: ReturnType<typeof setTimeout> | undefined;

	constructor(private readonly emit: (event: RuntimeEvent) => void) {}

	begin(type: ExtensionEventName, event: object, handlers: number): DispatchWatch {
		this.group(type);
		const { type: _type, ...payload } = event as Record<string, unknown>;
		// An event nobody handles is recorded in short: its time and enough of its payload to tell it apart.
		const frequent = FREQUENT.has(type) || handlers === 0;
		const start = performance.now();
		const record: InspectedEvent = {
			seq: ++this.seq,
			type,
			at: Date.now(),
			start,
			durationMs: 0,
			prompt: this.prompt,
			turn: this.turn,
			...(typeof payload.toolCallId === "string" && { toolCallId: payload.toolCallId }),
			payload: snapshot(payload, frequent ? LIGHT : FULL),
			handlers: [],
		};
		return {
			handler: (run) => {
				if (record.handlers.length < INSPECTOR_LIMITS.items) record.handlers.push(this.handlerRecord(run, frequent));
				this.measure(type, run);
			},
			end: (outcome) => {
				record.durationMs = performance.now() - start;
				Object.assign(record, outcomeOf(type, event as Record<string, unknown>, outcome, record.handlers));
				this.events.push(record);
				this.schedule();
			},
		};
	}

	/** Console output of an extension, attributed by console-capture.ts. */
	console(record: Grouped<ConsoleRecord>): void {
		this.consoleRecords.push({ ...record, seq: ++this.seq, at: Date.now(), prompt: this.prompt, turn: this.turn });
		this.schedule();
	}

	/** A finished model request (request-tap.ts). */
	request(record: Grouped<RequestRecord>): void {
		this.requests.push({ ...record, seq: ++this.seq, at: Date.now(), prompt: this.prompt, turn: this.turn });
		this.schedule();
	}

	/** Sends what waits now (the runtime shuts down, a test looks). */
	flush(): void {
		if (this.timer !== undefined) clearTimeout(this.timer);
		this.timer = undefined;
		const dropped = this.events.dropped + this.consoleRecords.dropped + this.requests.dropped;
		this.events.dropped = this.consoleRecords.dropped = this.requests.dropped = 0;
		const batch: InspectorBatch = { events: this.events.take(), console: this.consoleRecords.take(), requests: this.requests.take(), dropped };
		// The measures were seen by a DevTools recording when made; the timeline buffer does not keep them.
		for (const name of this.measured) performance.clearMeasures?.(name);
		this.measured.clear();
		if (batch.events.length + batch.console.length + batch.requests.length === 0 && dropped === 0) return;
		this.emit({ type: "inspector", ...batch });
	}

	/** Prompt → turn → tool call: an `input` or a run that starts without one opens a prompt; `turn_start` a turn. */
	private group(type: string): void {
		if (type === "input" || (type === "before_agent_start" && !this.promptOpen)) {
			this.prompt++;
			this.turn = 0;
			this.promptOpen = true;
		} else if (type === "turn_start") this.turn++;
		else if (type === "agent_settled") this.promptOpen = false;
	}

	private handlerRecord(run: HandlerRun, frequent: boolean): InspectedHandler {
		const limits = frequent ? LIGHT : FULL;
		const record: InspectedHandler = {
			extension: run.extension.name,
			url: run.extension.url,
			index: run.index,
			start: run.start,
			durationMs: run.end - run.start,
		};
		if (run.value !== undefined && run.value !== null) record.result = snapshot(run.value, limits);
		if (run.before !== run.after) {
			const changes = diffSnapshots(snapshot(run.before, limits), snapshot(run.after, limits));
			if (changes.length > 0) record.changes = changes;
		}
		if (run.error) record.error = { message: run.error.message.slice(0, INSPECTOR_LIMITS.text), line: run.error.line, column: run.error.column };
		return record;
	}

	private measure(type: string, run: HandlerRun): void {
		if (typeof performance.measure !== "function" || (run.end - run.start < MEASURE_MS && !run.error)) return;
		try {
			performance.measure(type, {
				start: run.start,
				end: run.end,
				detail: {
					devtools: {
						dataType: "track-entry",
						track: run.extension.name,
						trackGroup: TRACK_GROUP,
						color: run.error ? "error" : "primary",
						tooltipText: `${run.extension.name}: ${type} handler ${run.index}`,
						properties: [
							["event", type],
							["handler", String(run.index)],
							["extension", run.extension.url],
						],
					},
				},
			});
			this.measured.add(type);
		} catch {
			// A clock that went backwards, or no User Timing here: the record still has the time.
		}
	}

	private schedule(): void {
		if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), FLUSH_DELAY_MS);
	}
}
