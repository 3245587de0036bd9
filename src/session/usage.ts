/**
 * Token usage and cost: per reply (pi-ai's `usage` on assistant messages, its cost computed from the catalog
 * model's prices), summed per session, and the context size `getContextUsage` reports: the last valid reply's
 * tokens plus an estimate (4 characters a token, as upstream pi) for what came after it. The page uses the same
 * functions, so what it shows and what extensions read agree.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { AssistantMessage, Usage } from "@earendil-works/pi-ai";
import type { StoredEntry } from "./entries.ts";
import { contextEntries, latestCompaction } from "./compaction/context-entries.ts";
import { messageForEntry, replayableContext } from "./messages.ts";

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

const ESTIMATED_IMAGE_CHARS = 4800;

function contentChars(content: unknown): number {
	if (typeof content === "string") return content.length;
	if (!Array.isArray(content)) return 0;
	let chars = 0;
	for (const block of content as { type: string; text?: string }[]) {
		if (block.type === "text" && block.text) chars += block.text.length;
		else if (block.type === "image") chars += ESTIMATED_IMAGE_CHARS;
	}
	return chars;
}

/** chars / 4: conservative, it overestimates. */
export function estimateTokens(message: AgentMessage): number {
	switch (message.role) {
		case "system":
			return Math.ceil((contentChars(message.content) + (message.toolsAdded ? JSON.stringify(message.toolsAdded).length : 0)) / 4);
		case "user":
		case "custom":
		case "toolResult":
			return Math.ceil(contentChars(message.content) / 4);
		case "assistant": {
			let chars = 0;
			for (const block of message.content) {
				if (block.type === "text") chars += block.text.length;
				else if (block.type === "thinking") chars += block.thinking.length;
				else if (block.type === "toolCall") chars += block.name.length + JSON.stringify(block.arguments).length;
			}
			return Math.ceil(chars / 4);
		}
		case "bashExecution":
			return Math.ceil((message.command.length + message.output.length) / 4);
		case "compactionSummary":
		case "branchSummary":
			return Math.ceil(message.summary.length / 4);
	}
	return 0;
}

/**
 * The last reply's reported usage plus an estimate of what came after it; all estimated without
 * usage. Usage reported before `trustAfter` (a compaction's time) measured a longer context: ignored.
 */
export function estimateContextTokens(messages: AgentMessage[], trustAfter = 0): number {
	let index = messages.length - 1;
	while (index >= 0 && !validUsage(messages[index])) index--;
	if (index >= 0 && trustAfter > 0 && messages[index].timestamp <= trustAfter) index = -1;
	const tail = messages.slice(index + 1).reduce((sum, message) => sum + estimateTokens(message), 0);
	return index >= 0 ? contextTokens(validUsage(messages[index])!) + tail : tail;
}

/**
 * The context a branch sends the model, in tokens. After a compaction, usage reported before it
 * measured the longer history: that part is estimated instead.
 */
export function branchContextTokens(branch: StoredEntry[]): number {
	const compaction = latestCompaction(branch);
	const messages = replayableContext(contextEntries(branch).flatMap((entry) => messageForEntry(entry) ?? []));
	return estimateContextTokens(messages, compaction ? Date.parse(compaction.timestamp) : 0);
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
