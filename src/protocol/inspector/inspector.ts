/**
 * What the runtime's inspector reports to the page: every dispatched extension event with what each
 * handler did, extensions' console output, and the requests sent to models. Sent in batches (one
 * `inspector` RuntimeEvent per flush); every value inside is a bounded snapshot (see INSPECTOR_LIMITS),
 * and the page checks those bounds again (inspector-schema.ts): the worker runs extension code.
 */

/** Bounds of one snapshot of a value (a payload, a result, a message list). */
export const INSPECTOR_LIMITS = {
	/** Characters kept of a string; the rest is replaced by a note of how many were cut. */
	string: 2_000,
	/** Items kept of an array, keys of an object. */
	items: 100,
	/** Levels of nesting kept: deep enough for a tool's JSON Schema inside a request's payload (nodes bound the size). */
	depth: 32,
	/** Values (strings, numbers, objects, ...) in one snapshot. */
	nodes: 3_000,
	/**
	 * The newest messages kept of a conversation (an array under a `messages` key: a context, a request): what a
	 * turn added is at its end, and a record of turn 300 costs what one of turn 20 does. The earlier ones are noted.
	 */
	messages: 20,
	/** Records of each kind in one batch, and changes in one handler's diff. */
	batch: 500,
	changes: 50,
	/** Text of a console call, of a system prompt. */
	text: 20_000,
} as const;

/** One change a handler made, as a JSON Patch operation (RFC 6902) with the value it replaced or removed. */
export interface PayloadChange {
	op: "add" | "remove" | "replace" | "move" | "copy";
	path: string;
	from?: string;
	value?: unknown;
	old?: unknown;
}

export interface InspectedHandler {
	/** The extension's display name and URL. */
	extension: string;
	url: string;
	/** Which of the extension's handlers for this event (0 = the first it registered). */
	index: number;
	/** Time from `performance.timeOrigin`, ms. */
	start: number;
	durationMs: number;
	/** What it returned (a snapshot); absent when it returned nothing. */
	result?: unknown;
	/** How the merged outcome changed because of it. */
	changes?: PayloadChange[];
	error?: { message: string; line?: number; column?: number };
}

/** What the dispatch came to, for events whose handlers decide something. */
export type InspectedOutcome = "blocked" | "cancelled" | "replaced" | "handled" | "changed";

export interface InspectedEvent {
	seq: number;
	type: string;
	/** Epoch ms, and time from `performance.timeOrigin`. */
	at: number;
	start: number;
	durationMs: number;
	/** The prompt (counted from 1 in this runtime) and turn the event belongs to; 0 before the first. */
	prompt: number;
	turn: number;
	toolCallId?: string;
	payload?: unknown;
	handlers: InspectedHandler[];
	outcome?: InspectedOutcome;
	reason?: string;
}

export type ConsoleLevel = "log" | "info" | "warn" | "error" | "debug";

export interface ConsoleRecord {
	seq: number;
	at: number;
	extension: string;
	url: string;
	level: ConsoleLevel;
	text: string;
	/** Where in the extension's own source the call is. */
	line?: number;
	column?: number;
	prompt: number;
	turn: number;
}

export interface RequestRecord {
	seq: number;
	at: number;
	start: number;
	durationMs: number;
	/** "provider/id" */
	model: string;
	systemPrompt: string;
	/** The messages as sent (after `context` and `before_provider_request`), a snapshot. */
	messages: unknown;
	tools: { name: string; description?: string }[];
	/** The provider payload `before_provider_request` handlers saw, as it went out; and whether one replaced it. */
	payload?: unknown;
	payloadReplaced: boolean;
	response?: { stopReason: string; content: unknown; usage?: unknown; errorMessage?: string };
	prompt: number;
	turn: number;
}

export interface InspectorBatch {
	events: InspectedEvent[];
	console: ConsoleRecord[];
	requests: RequestRecord[];
	/** Records the worker's buffer let go before they could be sent (a flood). */
	dropped: number;
}
