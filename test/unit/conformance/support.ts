/**
 * Drives `ExtensionRunner.dispatch` directly, without a runtime: fake extension records, a trivial
 * ctx, errors collected. For the merge-rule and timeout conformance tests.
 */
import type { ExtensionContext, ExtensionEventName } from "../../../src/api/types.ts";
import { CallRecorder } from "../../../src/protocol/call-record.ts";
import type { HandlerBudget } from "../../../src/runtime/extensions/budget.ts";
import { newRegisteredExtension, type RegisteredExtension } from "../../../src/runtime/extensions/extension.ts";
import type { EventPayload } from "../../../src/runtime/extensions/merge-rules.ts";
import { ExtensionRunner } from "../../../src/runtime/extensions/runner.ts";
import type { ExtensionErrorInfo } from "../../../src/protocol/runtime.ts";

/** A handler of any event, as the tests write them. */
export type AnyHandler = (event: any, ctx: any) => unknown;

export interface HandlerCall {
	extension: RegisteredExtension;
	signal: AbortSignal;
	budget: HandlerBudget;
}

/**
 * A runner over one fake extension per entry of `perExtension` (in load order), each with the given
 * handlers for `type`. `makeContext` lets a test build a richer ctx (e.g. with a real `ctx.ui`).
 */
export function fakeRunner(type: ExtensionEventName, perExtension: AnyHandler[][], makeContext: (call: HandlerCall) => Partial<ExtensionContext> = () => ({})) {
	const errors: ExtensionErrorInfo[] = [];
	const calls: HandlerCall[] = [];
	const runner = new ExtensionRunner({
		createContext: (extension, signal, budget) => {
			const call = { extension, signal, budget };
			calls.push(call);
			return makeContext(call) as ExtensionContext;
		},
		onError: (error) => void errors.push(error),
		describe: (text) => text,
		recorder: new CallRecorder(),
	});
	perExtension.forEach((handlers, index) => {
		const extension = newRegisteredExtension(`http://extensions.test/ext${index}.ts`);
		extension.loaded = true;
		extension.handlers.set(type, [...handlers]);
		runner.add(extension);
	});
	return {
		runner,
		errors,
		calls,
		dispatch: <E extends ExtensionEventName>(event: E, payload: EventPayload<E>) => runner.dispatch(event, payload),
	};
}

/** A promise with its resolve function outside. */
export function deferred<T = void>() {
	let resolve!: (value: T) => void;
	const promise = new Promise<T>((r) => {
		resolve = r;
	});
	return { promise, resolve };
}

/** Every event the reference's section 5 lists (hard-coded from /work/shared/spec/api-reference.md). */
export const REFERENCE_EVENTS = [
	// Session lifecycle
	"session_start",
	"session_before_switch",
	"session_switch",
	"session_before_branch",
	"session_branch",
	"session_before_compact",
	"session.compacting",
	"session_compact",
	"session_before_tree",
	"session_tree",
	"session_shutdown",
	"session_stop",
	"goal_updated",
	// Prompt / turn / provider
	"input",
	"before_agent_start",
	"context",
	"before_provider_request",
	"after_provider_response",
	"before_subagent_spawn",
	"agent_start",
	"agent_end",
	"turn_start",
	"turn_end",
	"message_start",
	"message_update",
	"message_end",
	// Tools
	"tool_call",
	"tool_result",
	"tool_execution_start",
	"tool_execution_update",
	"tool_execution_end",
	"tool_approval_requested",
	"tool_approval_resolved",
	// User shell / misc
	"user_bash",
	"user_python",
	"resources_discover",
	"auto_compaction_start",
	"auto_compaction_end",
	"auto_retry_start",
	"auto_retry_end",
	"retry_fallback_applied",
	"retry_fallback_succeeded",
	"ttsr_triggered",
	"todo_reminder",
	"credential_disabled",
	"mcp_notification",
] as const;

/** The events whose merge column in the reference says "notify" (session_shutdown is parallel: separate). */
export const NOTIFY_EVENTS = [
	"session_start",
	"session_switch",
	"session_branch",
	"session_compact",
	"session_tree",
	"goal_updated",
	"after_provider_response",
	"agent_start",
	"agent_end",
	// pi 1.6, beyond the reference: the run has settled (retries, compaction done).
	"agent_settled",
	"turn_start",
	"turn_end",
	"message_start",
	"message_update",
	"message_end",
	"tool_execution_start",
	"tool_execution_update",
	"tool_execution_end",
	"tool_approval_requested",
	"tool_approval_resolved",
	"auto_compaction_start",
	"auto_compaction_end",
	"auto_retry_start",
	"auto_retry_end",
	"retry_fallback_applied",
	"retry_fallback_succeeded",
	"ttsr_triggered",
	"todo_reminder",
	"credential_disabled",
	"mcp_notification",
	// Upstream pi 1.6's model and thinking-level selection events (not in the reference's table).
	"model_select",
	"thinking_level_select",
	// pi 1.6's notifications (pi16-events.test.ts dispatches each from the runtime).
	"session_compact_failed",
	"session_info_changed",
	"mcp_servers_change",
	"provider_stream_event",
	"ui_prompt_start",
	"ui_prompt_end",
] as const satisfies readonly ExtensionEventName[];
