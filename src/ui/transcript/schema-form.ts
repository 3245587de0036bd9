/**
 * A form for a tool's arguments, read from its JSON schema: strings, numbers, booleans and enums get their own
 * field; anything else (arrays, objects, unions) is a JSON field. Pure, so it is tested without a page.
 * Field values are kept as the text the user typed and turned into arguments (or errors) when the turn is sent.
 */
import type { JsonSchema } from "../../protocol/runtime.ts";

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "json";

export interface SchemaField {
	name: string;
	kind: FieldKind;
	required: boolean;
	description?: string;
	/** For enums: the allowed values (any JSON value). */
	options?: unknown[];
	/** For JSON fields: what the value must be, when the schema says. */
	jsonType?: "array" | "object";
}

/** What the user typed, by field name. Booleans and enums are chosen from a list, so they are text too. */
export type FieldValues = Record<string, string>;

function singleType(schema: JsonSchema): string | undefined {
	if (Array.isArray(schema.type)) {
		const types = schema.type.filter((t) => t !== "null");
		return types.length === 1 ? types[0] : undefined;
	}
	return schema.type;
}

/** The allowed values of an enum-like schema: `enum`, or a union of `const`s (TypeBox literals). */
function enumValues(schema: JsonSchema): unknown[] | undefined {
	if (schema.enum && schema.enum.length > 0) return schema.enum;
	const union = schema.anyOf ?? schema.oneOf;
	if (union && union.length > 0 && union.every((member) => "const" in member)) return union.map((member) => member.const);
	return undefined;
}

export function fieldOf(name: string, schema: JsonSchema, required: boolean): SchemaField {
	const base = { name, required, ...(schema.description ? { description: schema.description } : {}) };
	const options = enumValues(schema);
	if (options) return { ...base, kind: "enum", options };
	const type = singleType(schema);
	if (type === "string" || type === "number" || type === "integer" || type === "boolean") return { ...base, kind: type };
	return { ...base, kind: "json", ...(type === "array" || type === "object" ? { jsonType: type } : {}) };
}

/** The fields of a tool's parameters (an object schema); a schema that is not one gets a single JSON field. */
export function fieldsOf(schema: JsonSchema): SchemaField[] {
	if (!schema.properties) return [];
	const required = new Set(schema.required ?? []);
	return Object.entries(schema.properties).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

/** How an enum option is shown and stored in the select: strings as they are, other values as JSON. */
export function optionText(value: unknown): string {
	return typeof value === "string" ? value : JSON.stringify(value);
}

export function initialValues(fields: SchemaField[]): FieldValues {
	return Object.fromEntries(fields.map((field) => [field.name, field.kind === "boolean" && field.required ? "false" : ""]));
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string } | { ok: true; omit: true };

function parseField(field: SchemaField, text: string): Parsed {
	if (text === "" && field.kind !== "string") return field.required ? { ok: false, error: "Required" } : { ok: true, omit: true };
	if (text === "" && !field.required) return { ok: true, omit: true };
	switch (field.kind) {
		case "string":
			return { ok: true, value: text };
		case "number":
		case "integer": {
			const value = Number(text.trim());
			if (text.trim() === "" || !Number.isFinite(value)) return { ok: false, error: "Must be a number" };
			if (field.kind === "integer" && !Number.isInteger(value)) return { ok: false, error: "Must be a whole number" };
			return { ok: true, value };
		}
		case "boolean":
			return { ok: true, value: text === "true" };
		case "enum": {
			const value = field.options?.find((option) => optionText(option) === text);
			return value === undefined ? { ok: false, error: "Choose one of the options" } : { ok: true, value };
		}
		case "json": {
			let value: unknown;
			try {
				value = JSON.parse(text);
			} catch (error) {
				return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
			}
			if (field.jsonType === "array" && !Array.isArray(value)) return { ok: false, error: "Must be a JSON array, like [1, 2]" };
			if (field.jsonType === "object" && (value === null || typeof value !== "object" || Array.isArray(value))) {
				return { ok: false, error: 'Must be a JSON object, like {"key": "value"}' };
			}
			return { ok: true, value };
		}
	}
}

/** The arguments the fields describe, or an error message per field that cannot be read. */
export function buildArguments(
	fields: SchemaField[],
	values: FieldValues,
): { ok: true; arguments: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
	const args: Record<string, unknown> = {};
	const errors: Record<string, string> = {};
	for (const field of fields) {
		const parsed = parseField(field, values[field.name] ?? "");
		if (!parsed.ok) errors[field.name] = parsed.error;
		else if (!("omit" in parsed)) args[field.name] = parsed.value;
	}
	return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, arguments: args };
}
