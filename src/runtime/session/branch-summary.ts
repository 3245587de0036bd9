/**
 * The summary of a branch the user leaves in the tree, asked of the current model with upstream
 * pi 1.6's prompt (core/compaction/branch-summarization.js), so the summary reads the same.
 */
import type { AgentMessage, StreamFn } from "@earendil-works/pi-agent-core";
import { contentText, normalizeContext, type Api, type Message, type Model } from "@earendil-works/pi-ai";
import { BRANCH_SUMMARY_PREAMBLE, convertToLlm, messageForEntry } from "../agent/messages.ts";
import type { SessionEntry } from "./entries.ts";

export const SUMMARIZATION_SYSTEM_PROMPT = `You are a context summarization assistant. Your task is to read a conversation between a user and an AI assistant, then produce a structured summary following the exact format specified.

Do NOT continue the conversation. Do NOT respond to any questions in the conversation. ONLY output the structured summary.`;


export const BRANCH_SUMMARY_PROMPT = `Create a structured summary of this conversation branch for context when returning later.

Use this EXACT format:

## Goal
[What was the user trying to accomplish in this branch?]

## Constraints & Preferences
- [Any constraints, preferences, or requirements mentioned]
- [Or "(none)" if none were mentioned]

## Progress
### Done
- [x] [Completed tasks/changes]

### In Progress
- [ ] [Work that was started but not finished]

### Blocked
- [Issues preventing progress, if any]

## Key Decisions
- **[Decision]**: [Brief rationale]

## Next Steps
1. [What should happen next to continue this work]

Keep each section concise. Preserve exact file paths, function names, and error messages.`;

const TOOL_RESULT_MAX_CHARS = 2000;

/** The entries between the leaf being left and the common ancestor with the target, oldest first. */
export function entriesToSummarize(
	getEntry: (id: string) => SessionEntry | undefined,
	branch: (fromId: string | null) => SessionEntry[],
	oldLeafId: string | null,
	targetId: string,
): { entries: SessionEntry[]; commonAncestorId: string | null } {
	if (!oldLeafId) return { entries: [], commonAncestorId: null };
	const oldPath = new Set(branch(oldLeafId).map((e) => e.id));
	const commonAncestorId = [...branch(targetId)].reverse().find((e) => oldPath.has(e.id))?.id ?? null;
	const entries: SessionEntry[] = [];
	const seen = new Set<string>();
	for (let id: string | null = oldLeafId; id && id !== commonAncestorId && !seen.has(id); ) {
		seen.add(id);
		const entry = getEntry(id);
		if (!entry) break;
		entries.push(entry);
		id = entry.parentId;
	}
	return { entries: entries.reverse(), commonAncestorId };
}

function truncate(text: string): string {
	if (text.length <= TOOL_RESULT_MAX_CHARS) return text;
	return `${text.slice(0, TOOL_RESULT_MAX_CHARS)}\n\n[... ${text.length - TOOL_RESULT_MAX_CHARS} more characters truncated]`;
}

/** The conversation as text, so the model reads it instead of continuing it (upstream's format). */
export function serializeConversation(messages: Message[]): string {
	const parts: string[] = [];
	for (const message of messages) {
		if (message.role === "user") {
			const text = contentText(message.content, "");
			if (text) parts.push(`[User]: ${text}`);
		} else if (message.role === "assistant") {
			const calls = message.content.flatMap((block) =>
				block.type === "toolCall" ? [`${block.name}(${Object.entries(block.arguments).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")})`] : [],
			);
			if (message.content.some((block) => block.type === "text")) parts.push(`[Assistant]: ${contentText(message.content)}`);
			if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
		} else if (message.role === "toolResult") {
			const text = contentText(message.content, "");
			if (text) parts.push(`[Tool result]: ${truncate(text)}`);
		}
	}
	return parts.join("\n\n");
}

/** Files the branch read and changed, from its tool calls, as upstream appends them to the summary. */
function fileOperations(messages: AgentMessage[]): { readFiles: string[]; modifiedFiles: string[] } {
	const read = new Set<string>();
	const modified = new Set<string>();
	for (const message of messages) {
		if (message.role !== "assistant") continue;
		for (const block of message.content) {
			if (block.type !== "toolCall") continue;
			const path = (block.arguments as { path?: unknown }).path;
			if (typeof path !== "string") continue;
			if (block.name === "read") read.add(path);
			else if (block.name === "write" || block.name === "edit") modified.add(path);
		}
	}
	return { readFiles: [...read].filter((f) => !modified.has(f)).sort(), modifiedFiles: [...modified].sort() };
}

function formatFileOperations(readFiles: string[], modifiedFiles: string[]): string {
	const sections: string[] = [];
	if (readFiles.length > 0) sections.push(`<read-files>\n${readFiles.join("\n")}\n</read-files>`);
	if (modifiedFiles.length > 0) sections.push(`<modified-files>\n${modifiedFiles.join("\n")}\n</modified-files>`);
	return sections.length === 0 ? "" : `\n\n${sections.join("\n\n")}`;
}

export interface BranchSummaryOptions {
	model: Model<Api>;
	stream: StreamFn;
	signal?: AbortSignal;
	customInstructions?: string;
	replaceInstructions?: boolean;
}

export type BranchSummaryResult =
	| { summary: string; details: { readFiles: string[]; modifiedFiles: string[] } }
	| { aborted: true }
	| { error: string };

/** Asks the model for a summary of the entries (tool results are left out; the calls carry them). */
export async function generateBranchSummary(entries: SessionEntry[], options: BranchSummaryOptions): Promise<BranchSummaryResult> {
	const messages = entries.flatMap((entry) => {
		const message = messageForEntry(entry);
		return message && message.role !== "toolResult" ? [message] : [];
	});
	if (messages.length === 0) return { summary: "No content to summarize", details: { readFiles: [], modifiedFiles: [] } };
	const conversation = serializeConversation(convertToLlm(messages));
	const { customInstructions, replaceInstructions } = options;
	const instructions =
		replaceInstructions && customInstructions
			? customInstructions
			: customInstructions
				? `${BRANCH_SUMMARY_PROMPT}\n\nAdditional focus: ${customInstructions}`
				: BRANCH_SUMMARY_PROMPT;
	const context = normalizeContext({
		systemPrompt: SUMMARIZATION_SYSTEM_PROMPT,
		messages: [{ role: "user", content: [{ type: "text", text: `<conversation>\n${conversation}\n</conversation>\n\n${instructions}` }], timestamp: Date.now() }],
	});
	const response = await (await options.stream(options.model, context, { signal: options.signal })).result();
	if (response.stopReason === "aborted") return { aborted: true };
	if (response.stopReason === "error") return { error: `Branch summarization failed: ${response.errorMessage ?? "the model reported an error"}` };
	if (response.content.some((block) => block.type === "toolCall")) return { error: "Branch summarization attempted to call a tool" };
	const { readFiles, modifiedFiles } = fileOperations(messages);
	const summary = BRANCH_SUMMARY_PREAMBLE + contentText(response.content) + formatFileOperations(readFiles, modifiedFiles);
	return { summary, details: { readFiles, modifiedFiles } };
}
