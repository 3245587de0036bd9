/**
 * The scripted model's steps: what it says and which tools it calls, reply by reply. Kept apart
 * from the model itself so the UI can validate a script without loading pi-ai.
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
