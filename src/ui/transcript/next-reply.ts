/**
 * The scripted model read aloud: what its next reply will do (reply N plays step N, scripted-model.ts)
 * and which step the last reply played. Plain text: model and extension text is never live HTML.
 */
import type { ScriptStep } from "../../protocol/script.ts";

const MAX = 80;

function clip(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

/** `{name: "Ada", excited: true}`: keys bare where they can be, values as JSON. */
export function formatArguments(args: Record<string, unknown>): string {
	const parts = Object.entries(args).map(
		([key, value]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value) ?? "undefined"}`,
	);
	return `{${parts.join(", ")}}`;
}

/** What one step does: `says "…"`, `calls greet {name: "Ada"}`, `fails with "…"`, joined with "then". */
export function describeStep(step: ScriptStep): string {
	const parts: string[] = [];
	if (step.thinking) parts.push(`thinks "${clip(step.thinking)}"`);
	if (step.text) parts.push(`says "${clip(step.text)}"`);
	for (const call of step.toolCalls ?? []) parts.push(`calls ${call.name} ${clip(formatArguments(call.arguments))}`);
	if (step.error) parts.push(`fails with "${clip(step.error)}"`);
	return parts.length > 0 ? parts.join(", then ") : "says nothing";
}

/** The line under the composer: what the next reply (the one after `played` replies) does. */
export function describeNextReply(script: ScriptStep[], played: number): string {
	const step = script[played];
	if (!step) {
		return `The script has no more replies: the model will say it has no step ${played + 1}. Add steps on the Model tab.`;
	}
	return `Next reply (step ${played + 1} of ${script.length}): ${describeStep(step)}`;
}

/** Which step the last reply played, once there was one: "step 2 of 3". */
export function describeLastReply(script: ScriptStep[], played: number): string | undefined {
	if (played === 0) return undefined;
	return played <= script.length
		? `Last reply: step ${played} of ${script.length}`
		: `Last reply: past the script's end (step ${played}; it has ${script.length})`;
}

/** Assistant replies on a branch: the next reply plays this step of the script. */
export function repliesOnBranch(branch: readonly { type: string }[]): number {
	return branch.filter((entry) => entry.type === "message" && (entry as { message?: { role?: string } }).message?.role === "assistant").length;
}
