/**
 * The main session's stop hook: when the agent would stop (after its last `turn_end`, before
 * `agent_end`), `session_stop` handlers may refuse (`decision: "block"`, with a reason) or ask for
 * more (`continue: true` with `additionalContext`). Either way the run goes on with one more turn
 * that carries the reason or context as a message. Advisory continuations are capped at 8 per run;
 * refusals take precedence and do not consume that allowance.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { AssistantMessage } from "@earendil-works/pi-ai";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { CustomMessage } from "../../session/messages.ts";

export const MAX_ADVISORY_CONTINUATIONS = 8;
export const STOP_HOOK_MESSAGE_TYPE = "session_stop";
/** Upstream gives a refusal without a reason a diagnostic continuation, never permission to finish. */
export const REFUSAL_WITHOUT_REASON =
	"A session_stop hook refused to let the session finish but gave no reason. Review the task, finish what is missing, then reply again.";
export const CONTINUE_WITHOUT_CONTEXT = "A session_stop hook asked to continue. Continue with the task.";

export interface StopCheck {
	runner: ExtensionRunner;
	messages: AgentMessage[];
	lastAssistant: AssistantMessage;
	turnId: string;
	sessionId: string;
	signal: AbortSignal | undefined;
}

function assistantText(message: AssistantMessage): string | undefined {
	const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
	return text || undefined;
}

function continuation(text: string): CustomMessage {
	return { role: "custom", customType: STOP_HOOK_MESSAGE_TYPE, content: text, display: true, attribution: "agent", timestamp: Date.now() };
}

export class StopHook {
	private advisory = 0;
	/** True once this run goes on because of the hook: handlers see it as `stop_hook_active`. */
	private active = false;

	/** A new prompt starts a new allowance. */
	reset(): void {
		this.advisory = 0;
		this.active = false;
	}

	/** Dispatches `session_stop`; the message to run one more turn with, or undefined to let the run end. */
	async check({ runner, messages, lastAssistant, turnId, sessionId, signal }: StopCheck): Promise<CustomMessage | undefined> {
		if (!runner.hasHandlers("session_stop")) return undefined;
		const result = await runner.dispatch("session_stop", {
			messages: structuredClone(messages),
			turn_id: turnId,
			last_assistant_message: assistantText(lastAssistant),
			session_id: sessionId,
			stop_hook_active: this.active,
			signal: signal ?? new AbortController().signal,
		});
		if (signal?.aborted || !result) return undefined;
		if (result.decision === "block") {
			this.active = true;
			return continuation(result.reason?.trim() || REFUSAL_WITHOUT_REASON);
		}
		if (result.continue === true && this.advisory < MAX_ADVISORY_CONTINUATIONS) {
			this.advisory++;
			this.active = true;
			return continuation(result.additionalContext?.trim() || CONTINUE_WITHOUT_CONTEXT);
		}
		return undefined;
	}
}
