/**
 * The comparer: what a scenario expects against what a replay did, list by list, block by block (the start,
 * each step). Which differences count is the scenario's: `match` ("exact": every list as written, a list left
 * out is empty; "subset": what is written must have happened, in order, more may have; an empty list means
 * none) and `ignore` (paths that never count). Extension errors count in either mode. Lists are aligned by
 * content (jsondiffpatch), and an item that changed is compared field by field, so a divergence names the
 * step, the item and the field. Pure TypeScript: runs in the headless runner's thread under Node, and could
 * in the page.
 */
import { create, type Delta } from "jsondiffpatch";
import { EXPECTATION_KEYS, type Expectation, type ExpectationKey, type Scenario, stepTitle } from "./schema.ts";

/** What a replay did: the same blocks a scenario's expectations have. */
export interface Observation {
	start: Expectation;
	steps: Expectation[];
}

export interface Divergence {
	/** "start", or the step's number counted from 1. */
	step: "start" | number;
	/** The step's prompt. */
	prompt?: string;
	list: ExpectationKey;
	/** The list's item: its index (in the expected list, or the actual one for an unexpected item) and what it is. */
	item?: { index: number; label?: string };
	/** Inside the item: `result.content[0].text`; empty for the whole item. */
	field: string;
	kind: "changed" | "missing" | "unexpected";
	expected?: unknown;
	actual?: unknown;
}

type Segment = string | number;

const byContent = create({ objectHash: (item: object) => JSON.stringify(item), arrays: { detectMove: false } });
const byPosition = create({ arrays: { detectMove: false }, matchByPosition: true } as Parameters<typeof create>[0]);

const IGNORED = "(ignored)";

/** `a.b[2].c` or `a.b.2.c` as segments; `*` matches any one. */
export function ignoreSegments(path: string): string[] {
	return path
		.replace(/\[(\d+|\*)\]/g, ".$1")
		.split(".")
		.filter((part) => part !== "");
}

/** The parts of `ignore` that reach a block: unscoped paths, and `start.…` / `steps.N.…` (counted from 0) for it. */
function pathsFor(ignore: readonly string[], step: "start" | number): string[][] {
	const paths: string[][] = [];
	for (const path of ignore) {
		const segments = ignoreSegments(path);
		if (segments[0] === "start") {
			if (step === "start") paths.push(segments.slice(1));
		} else if (segments[0] === "steps") {
			if (step !== "start" && (segments[1] === "*" || segments[1] === String(step - 1))) paths.push(segments.slice(2));
		} else paths.push(segments);
	}
	return paths;
}

function without(value: unknown, path: readonly string[]): unknown {
	if (path.length === 0 || value === null || typeof value !== "object") return value;
	const [head, ...rest] = path;
	if (Array.isArray(value)) {
		return value.map((item, index) => {
			if (head !== "*" && head !== String(index)) return item;
			return rest.length === 0 ? IGNORED : without(item, rest);
		});
	}
	const copy: Record<string, unknown> = {};
	for (const [key, item] of Object.entries(value)) {
		if (head !== "*" && head !== key) copy[key] = item;
		else if (rest.length > 0) copy[key] = without(item, rest);
	}
	return copy;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Of `actual`, what `expected` speaks of: its keys, and for a list the items matching its own, in order. */
export function project(expected: unknown, actual: unknown): unknown {
	if (Array.isArray(expected) && Array.isArray(actual)) return projectList(expected, actual, true);
	if (expected && actual && typeof expected === "object" && typeof actual === "object" && !Array.isArray(expected) && !Array.isArray(actual)) {
		const out: Record<string, unknown> = {};
		for (const key of Object.keys(expected)) if (key in actual) out[key] = project((expected as never)[key], (actual as never)[key]);
		return out;
	}
	return actual;
}

/** Lenient: the expected items in order among the actual ones, others left out. Strict: item by item, extras kept. */
function projectList(expected: unknown[], actual: unknown[], lenient: boolean): unknown[] {
	// An empty list says that none happened.
	if (expected.length === 0) return actual;
	if (!lenient) return actual.map((item, index) => (index < expected.length ? project(expected[index], item) : item));
	const out: unknown[] = [];
	let cursor = 0;
	for (const item of expected) {
		let found = -1;
		for (let index = cursor; index < actual.length; index++) {
			if (same(item, project(item, actual[index]))) {
				found = index;
				break;
			}
		}
		// Not there: compared with the next one, so the report says how it differs.
		const at = found >= 0 ? found : cursor;
		if (at < actual.length) out.push(project(item, actual[at]));
		cursor = at + 1;
	}
	return out;
}

function get(root: unknown, path: readonly Segment[]): unknown {
	let value = root;
	for (const part of path) {
		if (value === null || typeof value !== "object") return undefined;
		value = (value as Record<string, unknown>)[String(part)];
	}
	return value;
}

function fieldText(path: readonly Segment[]): string {
	return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");
}

interface Leaf {
	path: Segment[];
	kind: Divergence["kind"];
}

/** The leaves of a delta between two values (by position), as paths; values are read from the two sides. */
function leaves(delta: Delta, path: Segment[], out: Leaf[]): void {
	if (Array.isArray(delta)) {
		if (delta.length === 1) out.push({ path, kind: "unexpected" });
		else if (delta.length === 3 && delta[1] === 0 && delta[2] === 0) out.push({ path, kind: "missing" });
		else out.push({ path, kind: "changed" });
		return;
	}
	if (!delta || typeof delta !== "object") return;
	const record = delta as Record<string, Delta>;
	const isList = (record as Record<string, unknown>)._t === "a";
	for (const [key, inner] of Object.entries(record)) {
		if (key === "_t") continue;
		if (isList && key.startsWith("_")) out.push({ path: [...path, Number(key.slice(1))], kind: "missing" });
		else leaves(inner, [...path, isList ? Number(key) : key], out);
	}
}

/** A short name for a list's item: a tool call's tool, an entry's type, a status's key. */
function labelOf(list: ExpectationKey, item: unknown): string | undefined {
	const value = (item ?? {}) as Record<string, unknown>;
	const pick = (...keys: string[]) => keys.map((key) => value[key]).find((part) => typeof part === "string" && part !== "") as string | undefined;
	switch (list) {
		case "toolCalls":
		case "extensions":
			return pick("name");
		case "entries":
			return [pick("type"), pick("customType", "role")].filter(Boolean).join(" ") || undefined;
		case "status":
		case "widgets":
			return pick("key");
		case "dialogs":
			return pick("title");
		case "errors":
			return pick("extension");
		default:
			return undefined;
	}
}

function compareList(list: ExpectationKey, expected: unknown[], actual: unknown[], base: Omit<Divergence, "list" | "field" | "kind">): Divergence[] {
	const delta = byContent.diff(expected, actual) as Record<string, Delta> | undefined;
	if (!delta) return [];
	const removed: number[] = [];
	const added: number[] = [];
	for (const key of Object.keys(delta)) {
		if (key === "_t") continue;
		if (key.startsWith("_")) removed.push(Number(key.slice(1)));
		else added.push(Number(key));
	}
	removed.sort((a, b) => a - b);
	added.sort((a, b) => a - b);
	const out: Divergence[] = [];
	const pairs = Math.min(removed.length, added.length);
	for (let k = 0; k < pairs; k++) {
		// One expected item and one actual item where each stood: the same item, changed; compared field by field.
		const want = expected[removed[k]];
		const got = actual[added[k]];
		const item = { index: removed[k], label: labelOf(list, want) ?? labelOf(list, got) };
		const found: Leaf[] = [];
		leaves(byPosition.diff(want, got) as Delta, [], found);
		if (found.length === 0) found.push({ path: [], kind: "changed" });
		for (const leaf of found) {
			out.push({
				...base,
				list,
				item,
				field: fieldText(leaf.path),
				kind: leaf.kind,
				...(leaf.kind !== "unexpected" && { expected: get(want, leaf.path) }),
				...(leaf.kind !== "missing" && { actual: get(got, leaf.path) }),
			});
		}
	}
	for (const index of removed.slice(pairs)) {
		out.push({ ...base, list, item: { index, label: labelOf(list, expected[index]) }, field: "", kind: "missing", expected: expected[index] });
	}
	for (const index of added.slice(pairs)) {
		out.push({ ...base, list, item: { index, label: labelOf(list, actual[index]) }, field: "", kind: "unexpected", actual: actual[index] });
	}
	return out;
}

function compareBlock(
	expected: Expectation | undefined,
	actual: Expectation,
	match: "exact" | "subset",
	ignore: string[][],
	base: Omit<Divergence, "list" | "field" | "kind">,
): Divergence[] {
	const out: Divergence[] = [];
	const clean = (value: unknown) => ignore.reduce((current, path) => without(current, path), value) as Record<string, unknown>;
	const want = clean(expected ?? {});
	const got = clean(actual);
	for (const list of EXPECTATION_KEYS) {
		const wanted = want[list] as unknown[] | undefined;
		// Errors count in either mode: an extension error nobody expected is always a divergence.
		if (match === "subset" && wanted === undefined && list !== "errors") continue;
		const actualItems = (got[list] as unknown[] | undefined) ?? [];
		const expectedItems = wanted ?? [];
		const compared = match === "exact" ? actualItems : projectList(expectedItems, actualItems, list !== "errors");
		out.push(...compareList(list, expectedItems, compared, base));
	}
	return out;
}

/** Every divergence of a replay from its scenario; none when it matches. */
export function compareScenario(scenario: Scenario, actual: Observation): Divergence[] {
	const match = scenario.match ?? "exact";
	const ignore = scenario.ignore ?? [];
	const out = compareBlock(scenario.start?.expect, actual.start, match, pathsFor(ignore, "start"), { step: "start" });
	scenario.steps.forEach((step, index) => {
		const observed = actual.steps[index] ?? {};
		out.push(...compareBlock(step.expect, observed, match, pathsFor(ignore, index + 1), { step: index + 1, prompt: stepTitle(step) }));
	});
	return out;
}
