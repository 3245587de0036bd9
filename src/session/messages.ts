/**
 * Extension messages in the agent's transcript: `pi.sendMessage` payloads become `custom` messages
 * (stored as `custom_message` entries), which the model sees as user turns.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, ImageContent, Message, Model, TextContent } from "@earendil-works/pi-ai";
import type { CustomMessagePayload } from "../api/events.ts";
import { isCompactionEntry, isSessionEntry, type NewEntry, type StoredEntry } from "./entries.ts";

export interface CustomMessage {
	role: "custom";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: unknown;
	attribution?: "user" | "agent";
	timestamp: number;
}

/** The user's `!cmd` / `!!cmd` in the composer, as upstream pi records it. */
export interface BashExecutionMessage {
	role: "bashExecution";
	command: string;
	output: string;
	exitCode: number | undefined;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
	timestamp: number;
	/** `!!cmd`: shown, kept out of the model's context. */
	excludeFromContext?: boolean;
}

/** A compaction's summary as the model sees it: one user turn in front of the kept history. */
export interface CompactionSummaryMessage {
	role: "compactionSummary";
	summary: string;
	tokensBefore: number;
	timestamp: number;
}

/** A `branch_summary` entry in the context: what a branch the session came back from did. */
export interface BranchSummaryMessage {
	role: "branchSummary";
	summary: string;
	fromId: string;
	timestamp: number;
}

declare module "@earendil-works/pi-agent-core" {
	interface CustomAgentMessages {
		custom: CustomMessage;
		bashExecution: BashExecutionMessage;
		compactionSummary: CompactionSummaryMessage;
		branchSummary: BranchSummaryMessage;
	}
}

/** Upstream's wording around a compaction summary. */
export const COMPACTION_SUMMARY_PREFIX = `The conversation history before this point was compacted into the following summary:

<summary>
`;
export const COMPACTION_SUMMARY_SUFFIX = `
</summary>`;

/** Upstream's wording around a branch summary the model is given. */
export const BRANCH_SUMMARY_PREFIX = `The following is a summary of a branch that this conversation came back from:

<summary>
`;
export const BRANCH_SUMMARY_SUFFIX = `</summary>`;

/** Upstream's opening of every branch summary the model writes. */
export const BRANCH_SUMMARY_PREAMBLE = `The user explored a different conversation branch before returning here.
Summary of that exploration:

`;

/** Upstream's wording, so models see a user's shell command as they do in pi. */
export function bashExecutionToText(message: BashExecutionMessage): string {
	let text = `Ran \`${message.command}\`\n`;
	text += message.output ? `\`\`\`\n${message.output}\n\`\`\`` : "(no output)";
	if (message.cancelled) text += "\n\n(command cancelled)";
	else if (message.exitCode !== null && message.exitCode !== undefined && message.exitCode !== 0) text += `\n\nCommand exited with code ${message.exitCode}`;
	if (message.truncated && message.fullOutputPath) text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
	return text;
}

export const DEFAULT_CUSTOM_TYPE = "extension";

/** Non-object payloads become string content; invalid content collapses to "". */
export function normalizeCustomMessage(payload: CustomMessagePayload, fallbackType = DEFAULT_CUSTOM_TYPE): CustomMessage {
	if (typeof payload !== "object" || payload === null) {
		return { role: "custom", customType: fallbackType, content: String(payload ?? ""), display: true, timestamp: Date.now() };
	}
	const content = typeof payload.content === "string" || Array.isArray(payload.content) ? payload.content : "";
	return {
		role: "custom",
		customType: typeof payload.customType === "string" && payload.customType ? payload.customType : fallbackType,
		content,
		display: payload.display !== false,
		...(payload.details !== undefined && { details: payload.details }),
		attribution: payload.attribution ?? "agent",
		timestamp: Date.now(),
	};
}

function textBlocks(content: string | (TextContent | ImageContent)[]): (TextContent | ImageContent)[] {
	return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/** What the model sees: custom messages as user turns; UI-only messages dropped. */
export function convertToLlm(messages: AgentMessage[]): Message[] {
	return messages.flatMap((message): Message[] => {
		switch (message.role) {
			case "custom":
				return [{ role: "user", content: textBlocks(message.content), timestamp: message.timestamp }];
			case "branchSummary":
				return [
					{ role: "user", content: [{ type: "text", text: BRANCH_SUMMARY_PREFIX + message.summary + BRANCH_SUMMARY_SUFFIX }], timestamp: message.timestamp },
				];
			case "bashExecution":
				if (message.excludeFromContext) return [];
				return [{ role: "user", content: [{ type: "text", text: bashExecutionToText(message) }], timestamp: message.timestamp }];
			case "compactionSummary":
				return [
					{
						role: "user",
						content: [{ type: "text", text: COMPACTION_SUMMARY_PREFIX + message.summary + COMPACTION_SUMMARY_SUFFIX }],
						timestamp: message.timestamp,
					},
				];
			case "system":
			case "user":
			case "assistant":
			case "toolResult":
				return [message];
			default:
				return [];
		}
	});
}

/** The session entry that records a finished message, or undefined for messages not persisted. */
export function entryForMessage(message: AgentMessage): NewEntry | undefined {
	if (message.role === "custom") {
		const { customType, content, display, details } = message;
		return { type: "custom_message", customType, content, display, ...(details !== undefined && { details }) };
	}
	if (message.role === "user" || message.role === "assistant" || message.role === "toolResult" || message.role === "bashExecution") {
		return { type: "message", message };
	}
	return undefined;
}

/** The message an entry contributes to the model's context, if any. */
export function messageForEntry(entry: StoredEntry): AgentMessage | undefined {
	if (!isSessionEntry(entry)) return undefined;
	if (entry.type === "message") return entry.message;
	if (entry.type === "custom_message") {
		const { customType, content, display, details } = entry;
		return { role: "custom", customType, content, display, details, timestamp: Date.parse(entry.timestamp) || 0 };
	}
	if (isCompactionEntry(entry)) {
		return { role: "compactionSummary", summary: entry.summary, tokensBefore: entry.tokensBefore, timestamp: Date.parse(entry.timestamp) || 0 };
	}
	if (entry.type === "branch_summary") {
		const { summary, fromId } = entry;
		if (typeof summary !== "string") return undefined;
		return { role: "branchSummary", summary, fromId, timestamp: Date.parse(entry.timestamp) || 0 };
	}
	return undefined;
}

/**
 * The stored transcript as providers accept it again: aborted and failed replies are dropped (with
 * any results of their calls), and tool calls that never got a result (a reload, a hung extension)
 * are removed; an assistant turn left empty is dropped whole.
 */
export function replayableContext(messages: AgentMessage[]): AgentMessage[] {
	const unsafe = messages.filter((m) => m.role === "assistant" && (m.stopReason === "aborted" || m.stopReason === "error"));
	const unsafeCalls = new Set(unsafe.flatMap((m) => (m.role === "assistant" ? m.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : [])) : [])));
	const kept = messages.filter((m) => !unsafe.includes(m) && !(m.role === "toolResult" && unsafeCalls.has(m.toolCallId)));
	const answered = new Set(kept.flatMap((m) => (m.role === "toolResult" ? [m.toolCallId] : [])));
	return kept.flatMap((message): AgentMessage[] => {
		if (message.role !== "assistant") return [message];
		const content = message.content.filter((block) => block.type !== "toolCall" || answered.has(block.id));
		if (content.length === message.content.length) return [message];
		return content.length > 0 ? [{ ...message, content }] : [];
	});
}

/** A user turn from text or content blocks, images appended. */
export function userMessage(content: string | (TextContent | ImageContent)[], images?: ImageContent[]): AgentMessage {
	const blocks = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
	return { role: "user", content: [...blocks, ...(images ?? [])], timestamp: Date.now() };
}

/** The text of the user turns, as `before_agent_start` gets it. */
export function promptText(messages: AgentMessage[]): string {
	return messages
		.filter((m) => m.role === "user")
		.map((m) => (typeof m.content === "string" ? m.content : m.content.map((b) => (b.type === "text" ? b.text : "")).join("")))
		.join("\n\n");
}

export const ABORTED_MESSAGE = "Request was aborted";

/** An assistant message that ends a reply which never started (or was cut short here). */
export function failedMessage(model: Model<Api>, reason: "error" | "aborted", errorMessage: string, partial?: AssistantMessage): AssistantMessage {
	return {
		role: "assistant",
		content: partial?.content ?? [],
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: partial?.usage ?? {
			input: 0,
			output: 0,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 0,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		...(partial?.responseId ? { responseId: partial.responseId } : {}),
		stopReason: reason,
		errorMessage,
		timestamp: partial?.timestamp ?? Date.now(),
	};
}
