/**
 * The model turns the page writes or paces. The scripted model's steps: what it says and which tools it calls,
 * reply by reply, kept apart from the model itself so the UI can validate a script without loading pi-ai; in demo
 * mode the scripted model waits for the presenter before each step (`ScriptStepCue`). Manual mode: the user writes
 * the assistant's reply, with the tools' schemas for the form.
 */
import { z } from "zod";

export const scriptStepSchema = z
	.object({
		thinking: z.string().optional(),
		text: z.string().optional(),
		toolCalls: z.array(z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) })).optional(),
		/** Ends the reply with a provider error carrying this message. */
		error: z.string().optional(),
	})
	.strict();

export const scriptSchema = z.array(scriptStepSchema);
export type ScriptStep = z.infer<typeof scriptStepSchema>;

/** Parses JSON a person typed against `schema`, with an error message they can act on (where, and what is wrong). */
export function parseTyped<T>(schema: z.ZodType<T>, json: string): { ok: true; value: T } | { ok: false; error: string } {
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch (error) {
		return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
	}
	const parsed = schema.safeParse(value);
	if (parsed.success) return { ok: true, value: parsed.data };
	const issue = parsed.error.issues[0];
	const where = issue.path.length > 0 ? `at ${issue.path.join(".")}: ` : "";
	return { ok: false, error: `${where}${issue.message}` };
}

/** Parses script JSON with an error message a person can act on. */
export function parseScript(json: string): { ok: true; steps: ScriptStep[] } | { ok: false; error: string } {
	const parsed = parseTyped(scriptSchema, json);
	return parsed.ok ? { ok: true, steps: parsed.value } : parsed;
}

/** The part of a JSON schema the manual model's argument form reads (tool parameters are JSON schemas). */
export interface JsonSchema {
	type?: string | string[];
	description?: string;
	title?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	enum?: unknown[];
	const?: unknown;
	anyOf?: JsonSchema[];
	oneOf?: JsonSchema[];
	default?: unknown;
}

/** A tool the manual model may call, as the model would see it. */
export interface ManualToolInfo {
	name: string;
	description: string;
	parameters: JsonSchema;
}

/** "You are the model": the runtime asks the user for the assistant's next reply. */
export interface ManualTurnRequest {
	/** The tools active for this request. */
	tools: ManualToolInfo[];
	/** The text of the last message in the context, for reference. */
	lastMessage?: { role: string; text: string };
}

/** The assistant turn the user wrote: the same shape as a scripted step, without an error. */
export interface ManualTurn {
	thinking?: string;
	text?: string;
	toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

export type ManualTurnResponse = { turn: ManualTurn } | { cancelled: true };

/** The step the scripted model is about to play, in demo mode: the page says when (`play`), or the run stops. */
export interface ScriptStepCue {
	/** 0-based: reply N plays step N. */
	index: number;
	/** How many steps the script has. */
	total: number;
}

export type ScriptStepAnswer = { play: true } | { cancelled: true };
