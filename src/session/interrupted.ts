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

export function isInterruptedMarker(message: AgentMessage): boolean {
	return message.role === "assistant" && message.stopReason === "aborted" && message.errorMessage === INTERRUPTED_MESSAGE;
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

function interruptedReply(): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: "playa",
		provider: "playa",
		model: "interrupted",
		usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
		stopReason: "aborted",
		errorMessage: INTERRUPTED_MESSAGE,
		timestamp: Date.now(),
	};
}

/** Appends the marker when the branch ends mid-turn; returns whether it did. */
export function markInterruptedTurn(tree: SessionTree): boolean {
	if (!endsMidTurn(tree.getBranch())) return false;
	tree.append({ type: "message", message: interruptedReply() });
	return true;
}
