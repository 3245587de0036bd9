/**
 * Reads a scenario file's text: bounded in size, parsed as JSON (never evaluated), checked against the schema,
 * and every refusal says where: the line and column, and the field. Pure TypeScript: runs in the headless
 * runner's thread under Node, and could in the page.
 */
import type { z } from "zod";
import { jsonSyntaxProblem, locateJsonPath, pathText, type JsonPath, type TextPosition } from "./json-text.ts";
import {
	LIFECYCLE_ACTIONS,
	lifecycleStepSchema,
	promptStepSchema,
	SCENARIO_LIMITS,
	SCENARIO_VERSION,
	type Scenario,
	scenarioSchema,
	isLifecycleStep,
} from "./schema.ts";

/** A scenario that cannot be used as given: not JSON, another version, a field the schema refuses, too big. */
export class ScenarioError extends Error {
	constructor(
		message: string,
		/** The field at fault, as a path (`steps[1].prompt`). */
		readonly field?: string,
		readonly position?: TextPosition,
	) {
		super(message);
		this.name = "ScenarioError";
	}
}

function at(source: string, position: TextPosition | undefined): string {
	return position ? `${source}:${position.line}:${position.column}` : source;
}

function refuse(source: string, text: string, path: JsonPath, message: string): never {
	// A field that is missing is not in the text: its object is.
	let position: TextPosition | undefined;
	for (let length = path.length; length >= 0 && !position; length--) position = locateJsonPath(text, path.slice(0, length));
	const field = pathText(path);
	throw new ScenarioError(`${at(source, position)}: ${field}: ${message}`, field, position);
}

/** One zod issue as a sentence about the file. */
function describeIssue(issue: z.core.$ZodIssue): { path: (string | number)[]; message: string } {
	const path = issue.path.filter((part): part is string | number => typeof part !== "symbol");
	if (issue.code === "unrecognized_keys") {
		const keys = issue.keys.map((key) => `"${key}"`).join(", ");
		return { path, message: `unknown field${issue.keys.length > 1 ? "s" : ""} ${keys}` };
	}
	if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) return { path, message: `missing (${issue.expected})` };
	if (issue.code === "too_big" && issue.origin === "array") return { path, message: `at most ${issue.maximum} items` };
	if (issue.code === "invalid_value" && path.at(-1) === "lifecycle") {
		return { path, message: `not a lifecycle step (they are: ${LIFECYCLE_ACTIONS.join(", ")})` };
	}
	if (issue.code === "too_small" && issue.origin === "array") return { path, message: `at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}` };
	return { path, message: issue.message };
}

/** A scenario from its JSON text; `source` names it in errors (its path). Throws ScenarioError. */
export function parseScenario(text: string, source = "scenario"): Scenario {
	if (text.length > SCENARIO_LIMITS.bytes) {
		throw new ScenarioError(`${source}: ${text.length} characters; a scenario may have at most ${SCENARIO_LIMITS.bytes}`);
	}
	if (text.trim() === "") throw new ScenarioError(`${source}: the file is empty (a scenario is a JSON object)`);
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		const problem = jsonSyntaxProblem(text);
		const message = problem?.message ?? (error as Error).message;
		throw new ScenarioError(`${at(source, problem)}: not JSON: ${message}`, undefined, problem);
	}
	if (value === null || typeof value !== "object" || Array.isArray(value)) {
		throw new ScenarioError(`${at(source, { line: 1, column: 1 })}: a scenario is a JSON object ({ "version": ${SCENARIO_VERSION}, … })`);
	}
	const version = (value as { version?: unknown }).version;
	if (version === undefined) throw new ScenarioError(`${source}: version: missing (this runner reads scenario version ${SCENARIO_VERSION})`, "version");
	if (version !== SCENARIO_VERSION) {
		refuse(
			source,
			text,
			["version"],
			`${JSON.stringify(version)} is not a version this runner reads (it reads ${SCENARIO_VERSION}; a newer playa may read it)`,
		);
	}
	const steps = (value as { steps?: unknown }).steps;
	if (Array.isArray(steps)) steps.forEach((step, index) => checkStepKind(source, text, step, index));
	const parsed = scenarioSchema.safeParse(value);
	if (!parsed.success) refuseIssues(source, text, parsed.error.issues);
	checkLifecycle(source, text, parsed.data);
	return parsed.data;
}

function refuseIssues(source: string, text: string, issues: z.core.$ZodIssue[], prefix: (string | number)[] = []): never {
	// A misspelt field explains the missing one it was meant to be: it is said first.
	const { path, message } = describeIssue(issues.find((issue) => issue.code === "unrecognized_keys") ?? issues[0]);
	refuse(source, text, [...prefix, ...path], message);
}

/** A step is a prompt or a lifecycle action: which one decides the fields it may have, and says so when it is neither. */
function checkStepKind(source: string, text: string, step: unknown, index: number): void {
	if (step === null || typeof step !== "object" || Array.isArray(step)) return;
	// A field neither kind has (a misspelt "prompt") is said as the unknown field it is.
	const known = new Set([...Object.keys(promptStepSchema.shape), ...Object.keys(lifecycleStepSchema.shape)]);
	const misspelt = Object.keys(step).some((key) => !known.has(key));
	const schema = "lifecycle" in step ? lifecycleStepSchema : "prompt" in step || misspelt ? promptStepSchema : undefined;
	if (!schema) {
		const keys = Object.keys(step);
		const has = keys.length > 0 ? `it has ${keys.map((key) => `"${key}"`).join(", ")}` : "it is empty";
		refuse(source, text, ["steps", index], `a step has "prompt" (a prompt or /command) or "lifecycle" (one of ${LIFECYCLE_ACTIONS.join(", ")}); ${has}`);
	}
	const parsed = schema.safeParse(step);
	if (!parsed.success) refuseIssues(source, text, parsed.error.issues, ["steps", index]);
}

/**
 * What the schema cannot say about lifecycle steps: a fork names an entry an earlier step of the same session
 * appended (as that step's `expect.entries` lists it, when it lists them all; a fork's session keeps the ids of the
 * entries it copied), and a compaction has a prompt of its session before it to compact.
 */
function checkLifecycle(source: string, text: string, scenario: Scenario): void {
	let sessionStart = 0;
	let prompts = 0;
	for (const [index, step] of scenario.steps.entries()) {
		if (!isLifecycleStep(step)) {
			prompts++;
			continue;
		}
		if (step.lifecycle === "new-session") {
			sessionStart = index + 1;
			prompts = 0;
		} else if (step.lifecycle === "compact" && prompts === 0) {
			refuse(source, text, ["steps", index, "lifecycle"], "compact: nothing to compact: no prompt was sent in this session before it");
		} else if (step.lifecycle === "fork" && step.from) {
			const { step: from, entry } = step.from;
			if (from >= index) refuse(source, text, ["steps", index, "from", "step"], `${from}: a fork names an entry of an earlier step (0 to ${index - 1})`);
			if (from < sessionStart) {
				refuse(source, text, ["steps", index, "from", "step"], `${from}: that step ran in another session (a new-session step came after it)`);
			}
			const entries = scenario.steps[from].expect?.entries;
			if (entries && (scenario.match ?? "exact") === "exact" && entry >= entries.length) {
				const count = `${entries.length} entr${entries.length === 1 ? "y" : "ies"}`;
				refuse(
					source,
					text,
					["steps", index, "from", "entry"],
					`${entry}: step ${from} appended ${count} (0 to ${entries.length - 1}); there is no entry ${entry}`,
				);
			}
		}
	}
}

/** Columns a line of a scenario file may take before a value is broken over several lines (a tab counts 2), as biome lays out JSON. */
const LINE = 160;

/** A value on one line, with a space after each colon and comma, as a person writes JSON. */
function inline(value: unknown): string {
	if (Array.isArray(value)) return value.length === 0 ? "[]" : `[${value.map(inline).join(", ")}]`;
	if (value !== null && typeof value === "object") {
		const entries = Object.entries(value).filter(([, item]) => item !== undefined);
		return entries.length === 0 ? "{}" : `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`).join(", ")} }`;
	}
	return JSON.stringify(value) ?? "null";
}

/** `value` after `prefix` characters of its line: on that line when it fits, else one item or field a line. */
function layout(value: unknown, indent: string, prefix: number): string {
	const flat = inline(value);
	if (value === null || typeof value !== "object" || indent.length * 2 + prefix + flat.length <= LINE) return flat;
	const inner = `${indent}\t`;
	if (Array.isArray(value)) return `[\n${value.map((item) => inner + layout(item, inner, 0)).join(",\n")}\n${indent}]`;
	const entries = Object.entries(value).filter(([, item]) => item !== undefined);
	const lines = entries.map(([key, item]) => {
		const name = `${JSON.stringify(key)}: `;
		return inner + name + layout(item, inner, name.length);
	});
	return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** JSON a person reads (and biome leaves as it is): short values on one line, tabs, a line break at the end. */
export function readableJson(value: unknown): string {
	return `${layout(value, "", 0)}\n`;
}

/** A scenario as its file holds it. */
export function scenarioText(scenario: Scenario): string {
	return readableJson(scenario);
}
