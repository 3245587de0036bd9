/**
 * "Reply N of a session plays step N" for the scripted model, counted on the branch rather than in the context
 * (which a compaction shortens): every stored reply — stopped and failed ones too — and every summary reply a
 * compaction took. A turn marked interrupted counts when a reply was cut mid-stream (after a prompt or tool
 * results), not when its tools were running. The runtime's reply counter (runtime/agent/compaction/reply-counter.ts)
 * and the page's replay of a scenario count alike. Pure TypeScript.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { isCompactionEntry, type StoredEntry } from "./entries.ts";
import { isInterruptedMarker } from "./interrupted.ts";

export function repliesOnBranch(path: StoredEntry[]): number {
	let replies = 0;
	let previousRole: string | undefined;
	for (const entry of path) {
		if (entry.type === "message") {
			const message = (entry as { message: AgentMessage }).message;
			if (message.role === "assistant" && !(isInterruptedMarker(message) && previousRole === "assistant")) replies++;
			previousRole = message.role;
		} else if (isCompactionEntry(entry)) {
			replies += entry.summaryReplies ?? 0;
		}
	}
	return replies;
}
