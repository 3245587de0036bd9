/**
 * The summary of a branch the user leaves in the tree, asked of the current model with upstream
 * pi 1.6's prompt (core/compaction/branch-summarization.js), so the summary reads the same.
 */
import type { StreamFn } from "@earendil-works/pi-agent-core";
import { contentText, normalizeContext, type Api, type Model } from "@earendil-works/pi-ai";
import { serializeConversation } from "../../modules/coding-agent/extras.ts";
import { collectFileOps } from "../../session/compaction/prepare.ts";
import { SUMMARIZATION_SYSTEM_PROMPT } from "../agent/compaction/prompts.ts";
import { fileLists, formatFileOperations } from "../agent/compaction/summarize.ts";
import { BRANCH_SUMMARY_PREAMBLE, convertToLlm, messageForEntry } from "../../session/messages.ts";
import type { StoredEntry } from "../../session/entries.ts";

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

/** The entries between the leaf being left and the common ancestor with the target, oldest first. */
export function entriesToSummarize(
	getEntry: (id: string) => StoredEntry | undefined,
	branch: (fromId: string | null) => StoredEntry[],
	oldLeafId: string | null,
	targetId: string,
): { entries: StoredEntry[]; commonAncestorId: string | null } {
	if (!oldLeafId) return { entries: [], commonAncestorId: null };
	const oldPath = new Set(branch(oldLeafId).map((e) => e.id));
	const commonAncestorId = [...branch(targetId)].reverse().find((e) => oldPath.has(e.id))?.id ?? null;
	const entries: StoredEntry[] = [];
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

export interface BranchSummaryOptions {
	model: Model<Api>;
	stream: StreamFn;
	signal?: AbortSignal;
	customInstructions?: string;
	replaceInstructions?: boolean;
}

export type BranchSummaryResult = { summary: string; details: { readFiles: string[]; modifiedFiles: string[] } } | { aborted: true } | { error: string };

/** Asks the model for a summary of the entries (tool results are left out; the calls carry them). */
export async function generateBranchSummary(entries: StoredEntry[], options: BranchSummaryOptions): Promise<BranchSummaryResult> {
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
		messages: [
			{ role: "user", content: [{ type: "text", text: `<conversation>\n${conversation}\n</conversation>\n\n${instructions}` }], timestamp: Date.now() },
		],
	});
	const response = await (await options.stream(options.model, context, { signal: options.signal })).result();
	if (response.stopReason === "aborted") return { aborted: true };
	if (response.stopReason === "error") return { error: `Branch summarization failed: ${response.errorMessage ?? "the model reported an error"}` };
	if (response.content.some((block) => block.type === "toolCall")) return { error: "Branch summarization attempted to call a tool" };
	const { readFiles, modifiedFiles } = fileLists(collectFileOps(messages, { read: new Set(), written: new Set(), edited: new Set() }));
	const summary = BRANCH_SUMMARY_PREAMBLE + contentText(response.content) + formatFileOperations(readFiles, modifiedFiles);
	return { summary, details: { readFiles, modifiedFiles } };
}
