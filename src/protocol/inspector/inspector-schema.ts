/**
 * The page's check of the inspector's batches (inspector.ts). Records are parsed like every other
 * runtime message; the snapshot values inside are walked once to make sure they stay within the
 * bounds the worker promises (plain data, so many values, so deep, strings so long), so a hostile
 * worker cannot hand the inspector something it would choke on.
 */
import { z } from "zod";
import { INSPECTOR_LIMITS as LIMITS } from "./inspector.ts";

/** Room for the notes a snapshot puts where it cut something. */
const SLACK = 200;

/** True for plain data within the snapshot bounds. */
export function isBoundedSnapshot(value: unknown): boolean {
	let nodes = 0;
	const walk = (item: unknown, depth: number): boolean => {
		if (++nodes > LIMITS.nodes + SLACK || depth > LIMITS.depth + 2) return false;
		if (item === null || item === undefined || typeof item === "number" || typeof item === "boolean") return true;
		if (typeof item === "string") return item.length <= LIMITS.string + SLACK;
		if (Array.isArray(item)) return item.length <= LIMITS.items + 1 && item.every((child) => walk(child, depth + 1));
		if (typeof item !== "object" || Object.getPrototypeOf(item) !== Object.prototype) return false;
		const keys = Object.keys(item);
		return keys.length <= LIMITS.items + 1 && keys.every((key) => key.length <= LIMITS.string && walk((item as Record<string, unknown>)[key], depth + 1));
	};
	return walk(value, 0);
}

const snapshot = z.unknown().refine(isBoundedSnapshot, "a value past the inspector's bounds");
const name = z.string().max(500);
const longText = z.string().max(LIMITS.text + SLACK);
const count = z.number().finite();
const position = { line: count.optional(), column: count.optional() };
const group = { prompt: count, turn: count };

const change = z.object({
	op: z.enum(["add", "remove", "replace", "move", "copy"]),
	path: z.string().max(LIMITS.string),
	from: z.string().max(LIMITS.string).optional(),
	value: snapshot.optional(),
	old: snapshot.optional(),
});

const handler = z.object({
	extension: name,
	url: z.string().max(LIMITS.string),
	index: count,
	start: count,
	durationMs: count,
	result: snapshot.optional(),
	changes: z.array(change).max(LIMITS.changes).optional(),
	error: z.object({ message: longText, ...position }).optional(),
});

const inspectedEvent = z.object({
	seq: count,
	type: name,
	at: count,
	start: count,
	durationMs: count,
	...group,
	toolCallId: name.optional(),
	payload: snapshot.optional(),
	handlers: z.array(handler).max(LIMITS.items),
	outcome: z.enum(["blocked", "cancelled", "replaced", "handled", "changed"]).optional(),
	reason: longText.optional(),
});

const consoleRecord = z.object({
	seq: count,
	at: count,
	extension: name,
	url: z.string().max(LIMITS.string),
	level: z.enum(["log", "info", "warn", "error", "debug"]),
	text: longText,
	...position,
	...group,
});

const requestRecord = z.object({
	seq: count,
	at: count,
	start: count,
	durationMs: count,
	model: name,
	systemPrompt: longText,
	messages: snapshot,
	tools: z.array(z.object({ name, description: longText.optional() })).max(LIMITS.items + 1),
	payload: snapshot.optional(),
	payloadReplaced: z.boolean(),
	response: z.object({ stopReason: name, content: snapshot, usage: snapshot.optional(), errorMessage: longText.optional() }).optional(),
	...group,
});

/** The fields of the `inspector` RuntimeEvent. */
export const inspectorBatchShape = {
	events: z.array(inspectedEvent).max(LIMITS.batch),
	console: z.array(consoleRecord).max(LIMITS.batch),
	requests: z.array(requestRecord).max(LIMITS.batch),
	dropped: count,
};
