/**
 * Small helpers of upstream pi's coding-agent module that extensions import by name: the version,
 * the output-truncation helpers, conversation serialization for summaries and the per-file mutation
 * queue. Without them an import fails at link time and the whole extension does not load (upstream's
 * example corpus imports them: custom-header.ts, custom-compaction.ts, handoff.ts, truncated-tool.ts).
 */
import type { Message } from "@earendil-works/pi-ai";
import { sliceHead } from "./truncate.ts";

export { convertToLlm } from "../../session/messages.ts";
export {
	DEFAULT_MAX_BYTES,
	DEFAULT_MAX_LINES,
	formatSize,
	truncateHead,
	truncateLine,
	truncateTail,
	type TruncationOptions,
	type TruncationResult,
} from "./truncate.ts";

/**
 * The reference's shared logger (`import { logger } from "@oh-my-pi/pi-coding-agent"`, `pi.pi.logger`): to the
 * console, which the inspector keeps per extension, as `pi.logger` does.
 */
export const logger = {
	debug: (message: string, meta?: unknown) => console.debug(message, ...(meta === undefined ? [] : [meta])),
	info: (message: string, meta?: unknown) => console.info(message, ...(meta === undefined ? [] : [meta])),
	warn: (message: string, meta?: unknown) => console.warn(message, ...(meta === undefined ? [] : [meta])),
	error: (message: string, meta?: unknown) => console.error(message, ...(meta === undefined ? [] : [meta])),
};

/** The upstream pi version whose extension API Playa follows. */
export const VERSION = "1.6.0";

/** Text blocks of a message's content, joined. */
function contentText(content: string | readonly { type: string; text?: string }[], separator = "\n"): string {
	if (typeof content === "string") return content;
	return content
		.filter((block) => block.type === "text")
		.map((block) => block.text ?? "")
		.join(separator);
}

const TOOL_RESULT_MAX_CHARS = 2000;

function truncateForSummary(text: string, maxChars: number): string {
	if (text.length <= maxChars) return text;
	return `${sliceHead(text, maxChars)}\n\n[... ${text.length - maxChars} more characters truncated]`;
}

/**
 * Upstream's serialization of LLM messages for a summary request (call `convertToLlm` first):
 * `[User]: …`, `[Assistant]: …`, `[Assistant tool calls]: name(k=v)`, `[Tool result]: …` (cut to
 * 2,000 characters); thinking is left out.
 */
export function serializeConversation(messages: Message[]): string {
	const parts: string[] = [];
	for (const message of messages) {
		if (message.role === "user") {
			const text = contentText(message.content, "");
			if (text) parts.push(`[User]: ${text}`);
		} else if (message.role === "assistant") {
			const calls = message.content.flatMap((block) =>
				block.type === "toolCall"
					? [
							`${block.name}(${Object.entries(block.arguments as Record<string, unknown>)
								.map(([k, v]) => `${k}=${JSON.stringify(v)}`)
								.join(", ")})`,
						]
					: [],
			);
			if (message.content.some((block) => block.type === "text")) parts.push(`[Assistant]: ${contentText(message.content)}`);
			if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
		} else if (message.role === "toolResult") {
			const text = contentText(message.content, "");
			if (text) parts.push(`[Tool result]: ${truncateForSummary(text, TOOL_RESULT_MAX_CHARS)}`);
		}
	}
	return parts.join("\n\n");
}

const mutationQueues = new Map<string, Promise<void>>();

/**
 * Runs `fn` after every earlier mutation queued for the same path has finished; different paths
 * run in parallel. (Upstream keys by the resolved real path; here the path string is the key.)
 */
export async function withFileMutationQueue<T>(filePath: string, fn: () => Promise<T>): Promise<T> {
	const previous = mutationQueues.get(filePath) ?? Promise.resolve();
	let release!: () => void;
	const mine = new Promise<void>((resolve) => (release = resolve));
	const chained = previous.then(() => mine);
	mutationQueues.set(filePath, chained);
	await previous;
	try {
		return await fn();
	} finally {
		release();
		if (mutationQueues.get(filePath) === chained) mutationQueues.delete(filePath);
	}
}
