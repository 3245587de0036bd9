/**
 * pi 1.6's `agent_before_settle`, the last point a finished run can act at: handlers may append entries and ask
 * for one more turn; messages extensions queued as the run ended go out too. An aborted run skips it.
 */
import type { Agent } from "@earendil-works/pi-agent-core";
import type { SessionBoundaryDraft } from "../../api/events.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import { entryForMessage, normalizeCustomMessage, replayableContext } from "../../session/messages.ts";
import type { SessionTree } from "../../session/tree.ts";
import { assertEntryFits } from "../extensions/entry-limits.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";

export interface SettleDeps {
	agent: Agent;
	runner: ExtensionRunner;
	tree: SessionTree;
	emit(event: RuntimeEvent): void;
	/** Esc was pressed during the run. */
	aborted(): boolean;
}

/** Appends one entry an `agent_before_settle` handler proposed; what is wrong with it, when it cannot be. */
function appendDraft(tree: SessionTree, draft: SessionBoundaryDraft): string | undefined {
	try {
		assertEntryFits("agent_before_settle", draft);
	} catch (error) {
		return (error as Error).message;
	}
	if (draft?.type === "custom" && typeof draft.customType === "string") {
		tree.append({ type: "custom", customType: draft.customType, data: draft.data });
		return undefined;
	}
	if (draft?.type === "custom_message" && typeof draft.customType === "string" && (typeof draft.content === "string" || Array.isArray(draft.content))) {
		const entry = entryForMessage(
			normalizeCustomMessage({ customType: draft.customType, content: draft.content, display: draft.display !== false, details: draft.details }),
		);
		if (entry) tree.append(entry);
		return undefined;
	}
	return `an entry of type ${JSON.stringify(String((draft as { type?: unknown })?.type))} was not appended (Playa appends custom and custom_message drafts)`;
}

/** True when the run goes on: a handler asked to continue, or messages are queued. */
export async function settleBoundary({ agent, runner, tree, emit, aborted }: SettleDeps): Promise<boolean> {
	if (aborted()) return false;
	const last = agent.state.messages.at(-1);
	const outcome = last?.role === "assistant" && last.stopReason === "error" ? "error" : "completed";
	if (runner.hasHandlers("agent_before_settle")) {
		const proposal = await runner.dispatch("agent_before_settle", {
			entries: [],
			continue: false,
			outcome,
			context: { messages: structuredClone(replayableContext(tree.buildContext())) },
		});
		for (const draft of proposal.entries) {
			const problem = appendDraft(tree, draft);
			if (problem) emit({ type: "notify", message: `agent_before_settle: ${problem}`, level: "warning", extension: "Playa" });
		}
		if (aborted() || outcome === "error") return false;
		if (proposal.continue && !agent.hasQueuedMessages() && tree.buildContext().at(-1)?.role === "assistant") {
			emit({
				type: "notify",
				message: "agent_before_settle asked to continue, but the context ends with the assistant's reply: add a custom_message entry to continue from.",
				level: "warning",
				extension: "Playa",
			});
			return false;
		}
		if (proposal.continue) return true;
	}
	return !aborted() && outcome !== "error" && agent.hasQueuedMessages();
}
