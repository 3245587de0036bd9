/**
 * The script's steps as a form (the Script panel's step form): each step a text reply and tool calls, each call's
 * arguments as fields read from its tool's schema (schema-form.ts, as Manual mode's form reads them). Pure, so the
 * form ↔ JSON sync is tested without a page: `draftOf` turns steps into the form, `stepsOf` turns the form back
 * into steps (or says which field cannot be read). What the form does not show (thinking, an error) is kept.
 */
import type { ManualToolInfo } from "../../protocol/runtime.ts";
import type { ScriptStep } from "../../protocol/script.ts";
import { buildArguments, type FieldValues, fieldsOf, initialValues, optionText, type SchemaField } from "../transcript/schema-form.ts";

export interface DraftCall {
	key: number;
	name: string;
	/** The fields shown for this call: its tool's, plus a JSON field for each argument the schema does not name. */
	fields: SchemaField[];
	values: FieldValues;
	/** Not one of the session's tools (its fields come from the arguments the script gives it). */
	unknownTool?: boolean;
}

export interface DraftStep {
	key: number;
	text: string;
	calls: DraftCall[];
	/** What the form does not edit, kept as the JSON had it. */
	rest: Omit<ScriptStep, "text" | "toolCalls">;
}

/** Keys for new rows: unique within a panel's life, so React keeps each row's focus. */
export function keyMaker(start = 1): () => number {
	let next = start;
	return () => next++;
}

/** Whether `value` can be written in a field of this kind and read back the same. */
function fits(field: SchemaField, value: unknown): boolean {
	switch (field.kind) {
		case "string":
			return typeof value === "string";
		case "number":
			return typeof value === "number" && Number.isFinite(value);
		case "integer":
			return typeof value === "number" && Number.isInteger(value);
		case "boolean":
			return typeof value === "boolean";
		case "enum":
			return (field.options ?? []).some((option) => optionText(option) === optionText(value));
		case "json":
			if (field.jsonType === "array") return Array.isArray(value);
			if (field.jsonType === "object") return value !== null && typeof value === "object" && !Array.isArray(value);
			return true;
	}
}

/** A field that takes any JSON: for a value the schema's field could not write back as it is. */
function anyJson({ name, required, description }: SchemaField): SchemaField {
	return { name, required, kind: "json", ...(description ? { description } : {}) };
}

function textOf(field: SchemaField, value: unknown): string {
	if (value === undefined) return "";
	if (field.kind === "string") return value as string;
	if (field.kind === "enum") return optionText(value);
	if (field.kind === "json") return JSON.stringify(value);
	return String(value);
}

/** The fields of a call of `name` with these arguments: the tool's schema, and a JSON field for anything else. */
export function callFields(tool: ManualToolInfo | undefined, args: Record<string, unknown>): SchemaField[] {
	const fields = tool ? fieldsOf(tool.parameters) : [];
	const named = new Set(fields.map((field) => field.name));
	const shaped = fields.map((field) => (Object.hasOwn(args, field.name) && !fits(field, args[field.name]) ? anyJson(field) : field));
	const extra = Object.keys(args)
		.filter((name) => !named.has(name))
		.map((name): SchemaField => ({ name, kind: "json", required: false }));
	return [...shaped, ...extra];
}

export function draftCall(tools: readonly ManualToolInfo[], name: string, args: Record<string, unknown> | undefined, key: number): DraftCall {
	const tool = tools.find((candidate) => candidate.name === name);
	const fields = callFields(tool, args ?? {});
	const values = args ? Object.fromEntries(fields.map((field) => [field.name, textOf(field, args[field.name])])) : initialValues(fields);
	return { key, name, fields, values, ...(tool ? {} : { unknownTool: true }) };
}

/** The form for these steps. */
export function draftOf(steps: readonly ScriptStep[], tools: readonly ManualToolInfo[], nextKey: () => number): DraftStep[] {
	return steps.map(({ text, toolCalls, ...rest }) => ({
		key: nextKey(),
		text: text ?? "",
		calls: (toolCalls ?? []).map((call) => draftCall(tools, call.name, call.arguments, nextKey())),
		rest,
	}));
}

export type StepsResult =
	| { ok: true; steps: ScriptStep[] }
	/** `errors`: by call key, each field's error; `message`: the first one, as a sentence. */
	| { ok: false; errors: Record<number, Record<string, string>>; message: string };

/** The steps the form describes, or the fields that cannot be read. */
export function stepsOf(draft: readonly DraftStep[]): StepsResult {
	const errors: Record<number, Record<string, string>> = {};
	let message: string | undefined;
	const steps = draft.map((step, index) => {
		const toolCalls = step.calls.map((call) => {
			const built = buildArguments(call.fields, call.values);
			if (built.ok) return { name: call.name, arguments: built.arguments };
			errors[call.key] = built.errors;
			const [field, error] = Object.entries(built.errors)[0];
			message ??= `Step ${index + 1}, ${call.name}: ${field}: ${error}.`;
			return { name: call.name, arguments: {} };
		});
		return { ...step.rest, ...(step.text ? { text: step.text } : {}), ...(toolCalls.length > 0 ? { toolCalls } : {}) };
	});
	return message === undefined ? { ok: true, steps } : { ok: false, errors, message };
}

/** Moves the item at `from` by `by` places (-1: up, 1: down); the same list when it cannot move. */
export function moved<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
	const to = from + by;
	if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
	const next = [...items];
	[next[from], next[to]] = [next[to], next[from]];
	return next;
}

/** The script as the JSON field shows it. */
export function scriptJson(steps: readonly ScriptStep[]): string {
	return JSON.stringify(steps, null, 2);
}
