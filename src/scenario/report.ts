/**
 * A replay's divergences as text a person reads in a CI log: which step, which list and item, which field,
 * expected against actual (for a long text, the first line that differs). Pure TypeScript: runs in the
 * headless runner's thread under Node, and could in the page.
 */
import type { Divergence } from "./compare.ts";

/** Divergences listed in full; the rest are counted. */
const SHOWN = 40;
const VALUE_CHARS = 400;

function clip(text: string): string {
	return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}… (${text.length - VALUE_CHARS} more characters)` : text;
}

function valueText(value: unknown): string {
	if (value === undefined) return "(nothing)";
	return clip(JSON.stringify(value));
}

function stepText(divergence: Divergence): string {
	if (divergence.step === "start") return "start (loading the extensions, session_start)";
	const prompt = divergence.prompt ?? "";
	return `step ${divergence.step} ${JSON.stringify(prompt.length > 60 ? `${prompt.slice(0, 60)}…` : prompt)}`;
}

function where(divergence: Divergence): string {
	const parts = [stepText(divergence)];
	const item = divergence.item;
	parts.push(item ? `${divergence.list}[${item.index}]${item.label ? ` (${item.label})` : ""}` : divergence.list);
	if (divergence.field) parts.push(divergence.field);
	return parts.join(" › ");
}

/** Two long texts of several lines: the first line where they part. */
function lineDifference(expected: string, actual: string): string[] | undefined {
	if (expected.length + actual.length <= VALUE_CHARS || (!expected.includes("\n") && !actual.includes("\n"))) return undefined;
	const a = expected.split("\n");
	const b = actual.split("\n");
	let line = 0;
	while (line < a.length && line < b.length && a[line] === b[line]) line++;
	return [
		`  from line ${line + 1} (of ${a.length} expected, ${b.length} actual):`,
		`  expected: ${line < a.length ? clip(JSON.stringify(a[line])) : "(no more lines)"}`,
		`  actual:   ${line < b.length ? clip(JSON.stringify(b[line])) : "(no more lines)"}`,
	];
}

function describe(divergence: Divergence): string[] {
	const head = where(divergence);
	const whole = divergence.field === "";
	switch (divergence.kind) {
		case "missing":
			return [`${head}: ${whole ? "expected, did not happen" : "missing"}`, `  expected: ${valueText(divergence.expected)}`];
		case "unexpected":
			return [`${head}: ${whole ? "happened, not expected" : "not expected"}`, `  actual:   ${valueText(divergence.actual)}`];
		default: {
			const { expected, actual } = divergence;
			const lines = typeof expected === "string" && typeof actual === "string" ? lineDifference(expected, actual) : undefined;
			return [`${head}: changed`, ...(lines ?? [`  expected: ${valueText(expected)}`, `  actual:   ${valueText(actual)}`])];
		}
	}
}

/** The report of one replay: a line when it matches, else each divergence from what was expected (`against`). */
export function formatReport(source: string, steps: number, divergences: readonly Divergence[], against = "the scenario"): string {
	if (divergences.length === 0) return `✓ ${source}: matches (${steps} step${steps === 1 ? "" : "s"})`;
	const count = `${divergences.length} difference${divergences.length === 1 ? "" : "s"}`;
	const lines = [`✗ ${source}: ${count} from ${against}`];
	for (const divergence of divergences.slice(0, SHOWN)) lines.push(...describe(divergence).map((line) => `  ${line}`));
	if (divergences.length > SHOWN) lines.push(`  … and ${divergences.length - SHOWN} more`);
	return lines.join("\n");
}
