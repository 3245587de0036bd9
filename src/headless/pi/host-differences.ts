/**
 * Where pi and Playa differ by design, not by a bug in either: the differences `--host pi` explains instead of
 * counting. Each rule names what it covers and why; any other difference counts. docs/scenarios.md lists them.
 * Pure TypeScript, run in the runner's thread under Node.
 */
import type { Divergence } from "../../scenario/compare.ts";

export interface Explained {
	divergence: Divergence;
	why: string;
}

interface Rule {
	why: string;
	covers(divergence: Divergence, playaBase: string): boolean;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
	typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The lines of Playa's prompt an extension added (Playa's own base prompt left out). */
function addedLines(prompt: string, base: string): string[] {
	return prompt
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line && !base.includes(line));
}

/** ANSI escape sequences (colours, dim, bold): how each host's theme draws, not what it says. */
const ANSI = /\x1b\[[0-9;]*m/g;

/** A value with the ANSI sequences of every string in it removed. */
function withoutAnsi(value: unknown): unknown {
	if (typeof value === "string") return value.replace(ANSI, "");
	if (Array.isArray(value)) return value.map(withoutAnsi);
	const object = record(value);
	return object ? Object.fromEntries(Object.entries(object).map(([key, item]) => [key, withoutAnsi(item)])) : value;
}

export const HOST_RULES: Rule[] = [
	{
		why: "pi records the model and the thinking level as entries when a session starts; Playa's sessions do not",
		covers: (d) => d.list === "entries" && d.kind === "unexpected" && ["model_change", "thinking_level_change"].includes(String(record(d.actual)?.type)),
	},
	{
		why: "pi 1.6 stores the system prompt in the session as a system message entry; Playa sends it with each request only",
		covers: (d) => d.list === "entries" && d.kind === "unexpected" && record(d.actual)?.type === "message" && record(d.actual)?.role === "system",
	},
	{
		why: "each host has its own base system prompt (pi's lists its tools and guidelines); what extensions added is in both",
		covers: (d, base) =>
			d.list === "requests" &&
			d.field === "systemPrompt" &&
			d.kind === "changed" &&
			typeof d.expected === "string" &&
			typeof d.actual === "string" &&
			addedLines(d.expected, base).every((line) => (d.actual as string).includes(line)),
	},
	{
		why: "pi in RPC mode (no terminal) colours text with other escape codes (256-colour indexes, dim) than Playa's 24-bit theme colours: the text is the same",
		covers: (d) =>
			d.kind === "changed" &&
			JSON.stringify(d.expected) !== JSON.stringify(d.actual) &&
			JSON.stringify(withoutAnsi(d.expected)) === JSON.stringify(withoutAnsi(d.actual)),
	},
];

/** Splits the divergences into those a rule explains and those that count. */
export function explainHostDifferences(divergences: Divergence[], playaBase: string): { counted: Divergence[]; explained: Explained[] } {
	const counted: Divergence[] = [];
	const explained: Explained[] = [];
	for (const divergence of divergences) {
		const rule = HOST_RULES.find((candidate) => candidate.covers(divergence, playaBase));
		if (rule) explained.push({ divergence, why: rule.why });
		else counted.push(divergence);
	}
	return { counted, explained };
}
