/**
 * Automatic retries of transient provider errors (rate limits, overload incl. Anthropic's 529, 5xx, network
 * failures), as upstream pi's AgentSession does them: when a run ends on such an error, the failed reply is
 * taken out of the agent's context (it stays in the session tree, where replay skips failed replies), the
 * session waits `baseDelayMs * 2^(attempt-1)` and the agent continues. `auto_retry_start` announces each wait,
 * `auto_retry_end` the outcome (success, the last error, or "Retry cancelled" when Esc stops the wait).
 */
import type { Agent, AgentMessage } from "@earendil-works/pi-agent-core";
import type { AutoRetryEvent } from "../../protocol/runtime.ts";
import {
	DEFAULT_MAX_AGENT_RETRY_DELAY_MS,
	isContextOverflow,
	isRetryableAssistantError,
	retryDelayMs,
	type AssistantMessage,
	type RetryPolicy,
} from "@earendil-works/pi-ai";

/** Upstream pi's `settings.retry` defaults. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { enabled: true, maxRetries: 3, baseDelayMs: 2_000, maxAgentDelayMs: DEFAULT_MAX_AGENT_RETRY_DELAY_MS };

export interface AutoRetryOptions {
	policy(): RetryPolicy;
	/** Tells extensions and the page. */
	announce(event: AutoRetryEvent): Promise<void>;
}

function lastAssistant(messages: AgentMessage[]): AssistantMessage | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i];
		if (message.role === "assistant") return message;
	}
	return undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
	return new Promise((resolve) => {
		if (signal.aborted) return resolve(false);
		const timer = setTimeout(() => resolve(true), ms);
		signal.addEventListener(
			"abort",
			() => {
				clearTimeout(timer);
				resolve(false);
			},
			{ once: true },
		);
	});
}

export class AutoRetry {
	private attempt = 0;
	private waiting?: AbortController;
	private cancelled = false;

	constructor(private readonly options: AutoRetryOptions) {}

	/** True while waiting before the next attempt. */
	get isWaiting(): boolean {
		return this.waiting !== undefined;
	}

	/** A new run from the user: earlier cancellations no longer apply. */
	begin(): void {
		this.cancelled = false;
	}

	/** Esc: stops the wait, and no retry starts after the run in progress. */
	cancel(): void {
		this.cancelled = true;
		this.waiting?.abort();
	}

	private retryable(message: AssistantMessage | undefined, contextWindow: number): message is AssistantMessage {
		// A context overflow is not transient: retrying sends the same context again.
		return message !== undefined && !isContextOverflow(message, contextWindow) && isRetryableAssistantError(message);
	}

	/** At `agent_end`: whether the session will retry (the run is then not over for the page). */
	willRetry(messages: AgentMessage[], contextWindow: number): boolean {
		const policy = this.options.policy();
		return !this.cancelled && policy.enabled && this.attempt < policy.maxRetries && this.retryable(lastAssistant(messages), contextWindow);
	}

	/** At each assistant `message_end`: a reply that did not fail ends a retry sequence successfully. */
	async replied(message: AssistantMessage): Promise<void> {
		if (message.stopReason === "error" || this.attempt === 0) return;
		const attempt = this.attempt;
		this.attempt = 0;
		await this.options.announce({ type: "auto_retry_end", success: true, attempt });
	}

	/** After a run of the agent: waits and returns true when the agent should continue with a retry. */
	async afterRun(agent: Agent): Promise<boolean> {
		const failed = lastAssistant(agent.state.messages);
		if (this.cancelled) return this.finish("Retry cancelled");
		if (!this.willRetry(agent.state.messages, agent.state.model.contextWindow ?? 0)) {
			if (failed?.stopReason === "error") return this.finish(failed.errorMessage);
			return false;
		}
		const policy = this.options.policy();
		this.attempt++;
		const delayMs = retryDelayMs(policy, this.attempt);
		// The failed reply leaves the context the next attempt sends.
		agent.state.messages = agent.state.messages.filter((message) => message !== failed);
		// Waiting from here: what auto_retry_start handlers send steers the retried run.
		const waiting = new AbortController();
		this.waiting = waiting;
		await this.options.announce({
			type: "auto_retry_start",
			attempt: this.attempt,
			maxAttempts: policy.maxRetries,
			delayMs,
			errorMessage: failed?.errorMessage || "Unknown error",
		});
		const waited = await sleep(delayMs, waiting.signal);
		this.waiting = undefined;
		if (!waited || this.cancelled) return this.finish("Retry cancelled");
		return true;
	}

	/** Ends a retry sequence that did not succeed; nothing to say when none was going. */
	private async finish(finalError: string | undefined): Promise<false> {
		if (this.attempt === 0) return false;
		const attempt = this.attempt;
		this.attempt = 0;
		await this.options.announce({ type: "auto_retry_end", success: false, attempt, ...(finalError ? { finalError } : {}) });
		return false;
	}
}
