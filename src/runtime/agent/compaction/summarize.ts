/**
 * Writes a compaction's summary with the current model, as upstream pi does: the history is
 * serialized as text (so the model does not continue it) and summarized with upstream's prompt; a
 * split turn's beginning gets a summary of its own; the files read and changed are appended.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { normalizeContext, type AssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai";
import { serializeConversation } from "../../../modules/coding-agent/extras.ts";
import { convertToLlm } from "../../../session/messages.ts";
import type { CompactionPreparation, FileOperations } from "../../../session/compaction/prepare.ts";
import { SUMMARIZATION_PROMPT, SUMMARIZATION_SYSTEM_PROMPT, TURN_PREFIX_SUMMARIZATION_PROMPT, UPDATE_SUMMARIZATION_PROMPT } from "./prompts.ts";

/** One request to the current model; resolves with its finished reply. */
export type CompleteFn = (context: TranscriptContext, signal: AbortSignal) => Promise<AssistantMessage>;

export interface SummaryOptions {
	customInstructions?: string;
	/** `session.compacting`: replaces the base prompt. */
	prompt?: string;
	/** `session.compacting`: lines given to the model in `<additional-context>`. */
	extraContext?: string[];
	signal: AbortSignal;
}

export interface Summary {
	summary: string;
	details: { readFiles: string[]; modifiedFiles: string[] };
	/** How many model replies it took (one, two for a split turn). */
	replies: number;
}

function replyText(reply: AssistantMessage, label: string): string {
	if (reply.stopReason === "aborted") throw new Error("Compaction cancelled");
	if (reply.stopReason === "error") throw new Error(`${label} failed: ${reply.errorMessage || "Unknown error"}`);
	if (reply.stopReason === "length") throw new Error(`${label} failed: generation hit the token cap and the summary is incomplete`);
	if (reply.content.some((block) => block.type === "toolCall")) throw new Error(`${label} attempted to call a tool`);
	return reply.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

function request(text: string): TranscriptContext {
	return normalizeContext({
		systemPrompt: SUMMARIZATION_SYSTEM_PROMPT,
		messages: [{ role: "user", content: [{ type: "text", text }], timestamp: Date.now() }],
	});
}

function additionalContext(lines: string[] | undefined): string {
	return lines && lines.length > 0 ? `<additional-context>\n${lines.join("\n")}\n</additional-context>\n\n` : "";
}

async function historySummary(messages: AgentMessage[], previousSummary: string | undefined, complete: CompleteFn, options: SummaryOptions): Promise<string> {
	let prompt = options.prompt ?? (previousSummary ? UPDATE_SUMMARIZATION_PROMPT : SUMMARIZATION_PROMPT);
	if (options.customInstructions) prompt = `${prompt}\n\nAdditional focus: ${options.customInstructions}`;
	let text = `<conversation>\n${serializeConversation(convertToLlm(messages))}\n</conversation>\n\n`;
	if (previousSummary) text += `<previous-summary>\n${previousSummary}\n</previous-summary>\n\n`;
	text += additionalContext(options.extraContext) + prompt;
	return replyText(await complete(request(text), options.signal), "Summarization");
}

async function turnPrefixSummary(messages: AgentMessage[], complete: CompleteFn, options: SummaryOptions): Promise<string> {
	let text = `# Conversation\n${serializeConversation(convertToLlm(messages))}\n\n# Instructions\n${TURN_PREFIX_SUMMARIZATION_PROMPT}`;
	if (options.customInstructions) text = `${text}\n\nAdditional focus: ${options.customInstructions}`;
	return replyText(await complete(request(text), options.signal), "Turn prefix summarization");
}

export function fileLists(ops: FileOperations): { readFiles: string[]; modifiedFiles: string[] } {
	const modified = new Set([...ops.edited, ...ops.written]);
	return { readFiles: [...ops.read].filter((file) => !modified.has(file)).sort(), modifiedFiles: [...modified].sort() };
}

/** Upstream's `<read-files>` / `<modified-files>` lists appended to a summary. */
export function formatFileOperations(readFiles: string[], modifiedFiles: string[]): string {
	const sections: string[] = [];
	if (readFiles.length > 0) sections.push(`<read-files>\n${readFiles.join("\n")}\n</read-files>`);
	if (modifiedFiles.length > 0) sections.push(`<modified-files>\n${modifiedFiles.join("\n")}\n</modified-files>`);
	return sections.length > 0 ? `\n\n${sections.join("\n\n")}` : "";
}

export async function summarize(preparation: CompactionPreparation, complete: CompleteFn, options: SummaryOptions): Promise<Summary> {
	const { messagesToSummarize, turnPrefixMessages, isSplitTurn, previousSummary, fileOps } = preparation;
	let summary: string;
	let replies = 0;
	if (isSplitTurn && turnPrefixMessages.length > 0) {
		let history = previousSummary ?? "No prior history.";
		if (messagesToSummarize.length > 0) {
			history = await historySummary(messagesToSummarize, previousSummary, complete, options);
			replies++;
		}
		const prefix = await turnPrefixSummary(turnPrefixMessages, complete, options);
		replies++;
		summary = `${history}\n\n---\n\n**Turn Context (split turn):**\n\n${prefix}`;
	} else {
		summary = await historySummary(messagesToSummarize, previousSummary, complete, options);
		replies++;
	}
	const details = fileLists(fileOps);
	return { summary: summary + formatFileOperations(details.readFiles, details.modifiedFiles), details, replies };
}
