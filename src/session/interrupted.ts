/**
 * Turns cut short by a crash or a reload: on reopen, a branch whose last message is not a finished
 * reply (a prompt, a tool result, or a reply waiting for its tool calls) gets a synthetic stopped
 * reply, as oh-my-pi does on resume (session.md, `session_exit`). The transcript shows it as
 * interrupted, and the replay rules drop it and any tool call left without a result, so the next
 * prompt starts cleanly.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { AssistantMessage } from "@earendil-works/pi-ai";
import type { StoredEntry } from "./entries.ts";
import type { SessionTree } from "./tree.ts";

export const INTERRUPTED_MESSAGE = "Interrupted: this turn stopped before it finished (the page reloaded or closed, or its runtime restarted).";

/** The marker: a stopped reply of Playa's own "interrupted" model (its text says why, INTERRUPTED_MESSAGE or the page's). */
export function isInterruptedMarker(message: AgentMessage): boolean {
	return (
		message.role === "assistant" &&
		message.stopReason === "aborted" &&
		message.provider === "playa" &&
		message.model === "interrupted" &&
		typeof message.errorMessage === "string" &&
		message.errorMessage.startsWith("Interrupted")
	);
}

/** True when the branch's last conversation message belongs to a turn that never finished. */
export function endsMidTurn(path: StoredEntry[]): boolean {
	for (let i = path.length - 1; i >= 0; i--) {
		const entry = path[i];
		if (entry.type !== "message") continue;
		const message = (entry as { message: AgentMessage }).message;
		if (message.role === "user" || message.role === "toolResult") return true;
		if (message.role === "assistant") return message.stopReason === "toolUse";
	}
	return false;
}

function interruptedReply(text: string): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: "playa",
		provider: "playa",
		model: "interrupted",
		usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
		stopReason: "aborted",
		errorMessage: text,
		timestamp: Date.now(),
	};
}

/**
 * Appends the marker when the branch ends mid-turn; returns whether it did. `why`: the page's word on what ended the
 * runtime before (a hang, see host/runtime/watchdog/hung-runtime.ts), starting "Interrupted"; else the general text.
 */
export function markInterruptedTurn(tree: SessionTree, why?: string): boolean {
	if (!endsMidTurn(tree.getBranch())) return false;
	const text = why?.startsWith("Interrupted") ? why.slice(0, 1_000) : INTERRUPTED_MESSAGE;
	tree.append({ type: "message", message: interruptedReply(text) });
	return true;
}
