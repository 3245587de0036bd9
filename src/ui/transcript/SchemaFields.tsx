/**
 * The argument fields of one tool call, read from the tool's JSON schema (schema-form.ts): a text, number, choice
 * or JSON input per field, with the field's description and error. Manual mode's turn form and the Script panel's
 * step form both write tool calls with it.
 */
import type { FieldValues, SchemaField } from "./schema-form.ts";
import { optionText } from "./schema-form.ts";
import "./transcript.css";

export function FieldInput({
	field,
	value,
	error,
	onChange,
	label,
}: {
	field: SchemaField;
	value: string;
	error?: string;
	onChange(value: string): void;
	label: string;
}) {
	const common = { "aria-label": label, "aria-invalid": error ? true : undefined, value, title: field.description };
	let input;
	if (field.kind === "boolean" || field.kind === "enum") {
		const options = field.kind === "boolean" ? ["true", "false"] : (field.options ?? []).map(optionText);
		input = (
			<select {...common} onChange={(event) => onChange(event.target.value)}>
				{(!field.required || field.kind === "enum") && <option value="">{field.required ? "Choose…" : "(not set)"}</option>}
				{options.map((option) => (
					<option key={option} value={option}>
						{option}
					</option>
				))}
			</select>
		);
	} else if (field.kind === "json") {
		input = (
			<textarea
				{...common}
				rows={3}
				spellCheck={false}
				placeholder={field.jsonType === "array" ? "[ ]" : field.jsonType === "object" ? "{ }" : "JSON"}
				onChange={(event) => onChange(event.target.value)}
			/>
		);
	} else {
		input = <input {...common} inputMode={field.kind === "string" ? undefined : "decimal"} onChange={(event) => onChange(event.target.value)} />;
	}
	return (
		<div className="manual-field">
			<span className="manual-field-name">
				{field.name}
				{field.required ? " *" : ""} <span className="muted">{field.kind === "json" ? (field.jsonType ?? "JSON") : field.kind}</span>
			</span>
			{input}
			{field.description && <span className="muted">{field.description}</span>}
			{error && (
				<span className="error-text" role="alert">
					{error}
				</span>
			)}
		</div>
	);
}

/** Every field of one call; `label` names each input (by default the field's name). */
export function CallFields({
	fields,
	values,
	errors = {},
	onChange,
	label = (field) => field.name,
}: {
	fields: SchemaField[];
	values: FieldValues;
	errors?: Record<string, string>;
	onChange(name: string, value: string): void;
	label?: (field: SchemaField) => string;
}) {
	return (
		<>
			{fields.map((field) => (
				<FieldInput
					key={field.name}
					field={field}
					label={label(field)}
					value={values[field.name] ?? ""}
					error={errors[field.name]}
					onChange={(value) => onChange(field.name, value)}
				/>
			))}
		</>
	);
}
