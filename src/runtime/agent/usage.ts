/**
 * Token usage and cost: per reply (pi-ai's `usage` on assistant messages, its cost computed from the catalog
 * model's prices), summed per session, and the context size `getContextUsage` reports: the last valid reply's
 * tokens plus an estimate (4 characters a token, as upstream pi) for what came after it. The page uses the same
 * functions, so what it shows and what extensions read agree.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { AssistantMessage, Usage } from "@earendil-works/pi-ai";

export interface UsageTotals {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	totalTokens: number;
	cost: number;
	/** Replies counted. */
	replies: number;
}

/** The tokens a reply's request and answer took: the context size at that point. */
export function contextTokens(usage: Usage): number {
	return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/** A reply's usage, unless it failed or reported none (its numbers do not describe the context). */
export function validUsage(message: AgentMessage): Usage | undefined {
	if (message.role !== "assistant" || !("usage" in message) || !message.usage) return undefined;
	if (message.stopReason === "error" || message.stopReason === "aborted") return undefined;
	return contextTokens(message.usage) > 0 ? message.usage : undefined;
}

function textOf(message: AgentMessage): string {
	const content = (message as { content?: unknown }).content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "command" in message ? `${message.command}\n${message.output}` : "";
	return content
		.map((block: { type: string; text?: string; thinking?: string; name?: string; arguments?: unknown }) => {
			if (block.type === "text") return block.text ?? "";
			if (block.type === "thinking") return block.thinking ?? "";
			if (block.type === "toolCall") return `${block.name}${JSON.stringify(block.arguments ?? {})}`;
			return "";
		})
		.join("");
}

export function estimateTokens(message: AgentMessage): number {
	return Math.ceil(textOf(message).length / 4);
}

/** The context's size in tokens: the last valid usage plus estimates for the messages after it. */
export function estimateContextTokens(messages: AgentMessage[]): number {
	let index = messages.length - 1;
	while (index >= 0 && !validUsage(messages[index])) index--;
	const base = index >= 0 ? contextTokens(validUsage(messages[index])!) : 0;
	return messages.slice(index + 1).reduce((sum, message) => sum + estimateTokens(message), base);
}

/** Sums what the replies used and cost (failed replies included: they were paid for too). */
export function sumUsage(messages: AgentMessage[]): UsageTotals {
	const totals: UsageTotals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0, replies: 0 };
	for (const message of messages) {
		if (message.role !== "assistant" || !(message as AssistantMessage).usage) continue;
		const usage = (message as AssistantMessage).usage;
		totals.input += usage.input;
		totals.output += usage.output;
		totals.cacheRead += usage.cacheRead;
		totals.cacheWrite += usage.cacheWrite;
		totals.totalTokens += contextTokens(usage);
		totals.cost += usage.cost?.total ?? 0;
		totals.replies++;
	}
	return totals;
}

/** "1.2k" style counts for the page. */
export function formatTokens(count: number): string {
	if (count < 1000) return String(count);
	if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
	return `${(count / 1_000_000).toFixed(1)}M`;
}

export function formatCost(cost: number): string {
	if (cost === 0) return "$0";
	return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}
