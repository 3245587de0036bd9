/** Token usage and cost: under each reply, and for the whole session (with the context's size) in the status bar. */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { Usage } from "@earendil-works/pi-ai";
import { useMemo } from "react";
import { branchContextTokens, formatCost, formatTokens, sumUsage } from "../../session/usage.ts";
import type { StoredEntry } from "../../session/entries.ts";
import "./transcript.css";

export function MessageUsage({ usage }: { usage: Usage }) {
	const cache = usage.cacheRead || usage.cacheWrite ? ` · cache ${formatTokens(usage.cacheRead)} read, ${formatTokens(usage.cacheWrite)} written` : "";
	return (
		<p className="usage muted" aria-label="Usage">
			{formatTokens(usage.input)} in · {formatTokens(usage.output)} out{cache} · {formatCost(usage.cost?.total ?? 0)}
		</p>
	);
}

/** Every reply of the session (all branches: each was paid for), and the current branch's context. */
export function SessionUsage({ entries, branch, contextWindow }: { entries: StoredEntry[]; branch: StoredEntry[]; contextWindow?: number }) {
	const totals = useMemo(
		() => sumUsage(entries.flatMap((entry) => (entry.type === "message" ? [(entry as { message: AgentMessage }).message] : []))),
		[entries],
	);
	const context = useMemo(() => branchContextTokens(branch), [branch]);
	if (totals.replies === 0) return null;
	const window = contextWindow ? ` of ${formatTokens(contextWindow)} (${((context / contextWindow) * 100).toFixed(1)}%)` : "";
	return (
		<span aria-label="Session usage">
			Session: {formatTokens(totals.input)} in · {formatTokens(totals.output)} out · {formatCost(totals.cost)} · context {formatTokens(context)}
			{window}
		</span>
	);
}
