/**
 * Holds the loaded extensions and dispatches events to their handlers: extensions in load order,
 * handlers in registration order, merged by the event's rule from merge-rules.ts. A handler that
 * throws or runs past its budget is reported and isolated; the others go on.
 */
import type { ExtensionContext, ExtensionEvent, ExtensionEventName, ExtensionHandler } from "../../api/types.ts";
import { locate } from "../../loader/module-loader.ts";
import type { ExtensionErrorInfo, ExtensionPhase, ExtensionStatus } from "../../protocol/runtime.ts";
import type { CallRecorder } from "../../protocol/call-record.ts";
import { isWorkspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import { HandlerBudget } from "./budget.ts";
import type { RegisteredExtension } from "./extension.ts";
import { MERGE_RULES, type EventPayload, type MergeRule, type OutcomeOf } from "./merge-rules.ts";

export const HANDLER_TIMEOUT_MS = 30_000;

/** Builds the `ctx` a handler of `type` receives; the budget lets dialogs pause the handler's timeout. */
export type ContextFactory = (extension: RegisteredExtension, signal: AbortSignal, budget: HandlerBudget, type: ExtensionEventName) => ExtensionContext;

export interface RunnerHooks {
	createContext: ContextFactory;
	onError(error: ExtensionErrorInfo): void;
	/** Maps generated module URLs in stacks back to the author's URLs. */
	describe(text: string): string;
	/** Records which extension code runs, for the host's watchdog. */
	recorder: CallRecorder;
	/** Watches each dispatch (the inspector); absent, dispatching costs nothing extra. */
	observer?: DispatchObserver;
}

/** One handler's run, as the observer hears of it. */
export interface HandlerRun {
	extension: RegisteredExtension;
	/** Which of the extension's handlers for the event. */
	index: number;
	start: number;
	end: number;
	/** What it returned, when it finished. */
	value?: unknown;
	error?: ExtensionErrorInfo;
	/** The merged outcome before and after its result was folded in. */
	before: unknown;
	after: unknown;
}

export interface DispatchObserver {
	/** A dispatch to `handlers` handlers begins; what it returns hears of each one and of the end. */
	begin(type: ExtensionEventName, event: object, handlers: number): DispatchWatch | undefined;
}

export interface DispatchWatch {
	handler(run: HandlerRun): void;
	end(outcome: unknown): void;
}

class HandlerTimeout extends Error {}

/** The first `workspace:<path>:line:column` of a stack whose module URLs were mapped back to their sources. */
function firstWorkspaceFrame(stack: string): { file: string; line: number; column: number } | undefined {
	const match = /(workspace:\/[^\s():]*):(\d+):(\d+)/.exec(stack);
	return match ? { file: match[1], line: Number(match[2]), column: Number(match[3]) } : undefined;
}

type InvokeResult = { ok: true; value: unknown } | { ok: false; reason: string; error: ExtensionErrorInfo };

function runResult(result: InvokeResult): Pick<HandlerRun, "value" | "error"> {
	return result.ok ? { value: result.value } : { error: result.error };
}

export class ExtensionRunner {
	readonly extensions: RegisteredExtension[] = [];

	/** Event handlers running now, by extension (a command `pi.exec` starts is shown under a tool call only outside them). */
	private readonly running = new Map<RegisteredExtension, number>();

	constructor(private readonly hooks: RunnerHooks) {}

	handlersRunning(extension: RegisteredExtension): number {
		return this.running.get(extension) ?? 0;
	}

	add(extension: RegisteredExtension): void {
		this.extensions.push(extension);
	}

	/** Runs extension code recorded as running, so a hang can be traced to it. */
	track<T>(extension: RegisteredExtension, where: string, call: () => T): T {
		return this.hooks.recorder.track({ url: extension.url, name: extension.name, where }, call);
	}

	hasHandlers(type: ExtensionEventName): boolean {
		return this.extensions.some((extension) => extension.loaded && (extension.handlers.get(type)?.length ?? 0) > 0);
	}

	status(flagValues: ReadonlyMap<string, boolean | string> = new Map()): ExtensionStatus[] {
		return this.extensions.map((extension) => ({
			url: extension.url,
			name: extension.name,
			loaded: extension.loaded,
			disabled: extension.disabled,
			error: extension.error,
			tools: [...extension.tools.keys()],
			...(extension.virtualModels.size > 0 && { virtualModels: [...extension.virtualModels.keys()] }),
			notices: [...extension.notices],
			commands: [...extension.commands].map(([name, command]) => ({ name, description: command.description })),
			shortcuts: [...extension.shortcuts].map(([key, shortcut]) => ({ key, description: shortcut.description })),
			flags: [...extension.flags].map(([name, flag]) => ({ name, type: flag.type, description: flag.description, value: flagValues.get(name) })),
			hooks: [...extension.handlers].filter(([, list]) => list.length > 0).map(([event, list]) => ({ event, count: list.length })),
			renderers: [
				...[...extension.messageRenderers.keys()].map((type) => `message ${type}`),
				...[...extension.entryRenderers.keys()].map((type) => `entry ${type}`),
				...[...extension.tools].filter(([, tool]) => tool.renderCall || tool.renderResult).map(([name]) => `tool ${name}`),
				...extension.toolRenderers.map(() => "tool renderer resolver"),
			],
			providers: [...extension.providers].filter(([, config]) => config !== null).map(([name]) => name),
		}));
	}

	/** Reports an error thrown by extension code after it loaded. */
	report(extension: RegisteredExtension, phase: ExtensionPhase, where: string | undefined, error: unknown): ExtensionErrorInfo {
		const info = this.describeError(extension, phase, where, error);
		this.hooks.onError(info);
		return info;
	}

	/** An error thrown by extension code, with its stack mapped back to the author's file. */
	describeError(extension: RegisteredExtension, phase: ExtensionPhase, where: string | undefined, error: unknown): ExtensionErrorInfo {
		const stack = this.hooks.describe(String((error as Error)?.stack ?? ""));
		const message = this.hooks.describe(error instanceof Error ? error.message : String(error));
		// A workspace extension's error is where it was thrown, in whichever of its files (its imports too).
		const thrown = isWorkspaceUrl(extension.url) ? firstWorkspaceFrame(stack) : undefined;
		const position = thrown ?? locate(stack, extension.url);
		return {
			url: extension.url,
			...(thrown && thrown.file !== extension.url && { file: thrown.file }),
			phase,
			message,
			where,
			stack: stack || undefined,
			line: position?.line,
			column: position?.column,
		};
	}

	async dispatch<E extends ExtensionEventName>(type: E, payload: EventPayload<E>): Promise<OutcomeOf<E>> {
		return (await this.dispatchDeciding(type, payload)).outcome;
	}

	/** `dispatch`, also naming the extension whose result ended it (a short-circuiting rule's winner). */
	async dispatchDeciding<E extends ExtensionEventName>(type: E, payload: EventPayload<E>): Promise<{ outcome: OutcomeOf<E>; decidedBy?: RegisteredExtension }> {
		const rule = MERGE_RULES[type] as MergeRule<E, OutcomeOf<E>>;
		const event = { type, ...payload } as ExtensionEvent<E>;
		let outcome = rule.initial(event);
		const calls: { extension: RegisteredExtension; handler: ExtensionHandler<E>; index: number }[] = [];
		for (const extension of this.extensions) {
			if (!extension.loaded) continue;
			(extension.handlers.get(type) ?? []).forEach((handler, index) => calls.push({ extension, handler, index }));
		}
		const watch = this.hooks.observer?.begin(type, event, calls.length);
		if (rule.parallel) {
			await Promise.all(
				calls.map(async ({ extension, handler, index }) => {
					const start = performance.now();
					const result = await this.invoke(rule, type, event, extension, handler);
					watch?.handler({ extension, index, start, end: performance.now(), ...runResult(result), before: outcome, after: outcome });
				}),
			);
			watch?.end(outcome);
			return { outcome };
		}
		for (const { extension, handler, index } of calls) {
			const start = watch ? performance.now() : 0;
			const result = await this.invoke(rule, type, rule.view(event, outcome, extension.dialect), extension, handler);
			const step = result.ok
				? result.value === undefined || result.value === null
					? { outcome }
					: rule.fold(outcome, result.value as never, event, extension.dialect)
				: rule.onFailure
					? rule.onFailure(outcome, result.reason)
					: { outcome };
			watch?.handler({ extension, index, start, end: performance.now(), ...runResult(result), before: outcome, after: step.outcome });
			outcome = step.outcome;
			if (step.stop) {
				watch?.end(outcome);
				return { outcome, decidedBy: extension };
			}
		}
		watch?.end(outcome);
		return { outcome };
	}

	private async invoke<E extends ExtensionEventName>(
		rule: MergeRule<E, OutcomeOf<E>>,
		type: E,
		event: ExtensionEvent<E>,
		extension: RegisteredExtension,
		handler: ExtensionHandler<E>,
	): Promise<InvokeResult> {
		const controller = new AbortController();
		const ms = rule.timeoutMs ?? HANDLER_TIMEOUT_MS;
		let expire!: () => void;
		const expired = new Promise<never>((_, reject) => {
			expire = () => reject(new HandlerTimeout(`handler for "${type}" did not finish within ${ms / 1000} s`));
		});
		const budget = new HandlerBudget(ms, () => {
			controller.abort(new HandlerTimeout("timed out"));
			expire();
		});
		this.running.set(extension, this.handlersRunning(extension) + 1);
		try {
			const ctx = this.hooks.createContext(extension, controller.signal, budget, type);
			const value = await Promise.race([Promise.resolve().then(() => this.track(extension, type, () => handler(event, ctx))), expired]);
			return { ok: true, value };
		} catch (error) {
			const info = this.report(extension, "handler", type, error);
			return { ok: false, reason: `Extension "${extension.name}" failed in ${type}: ${info.message}`, error: info };
		} finally {
			budget.dispose();
			this.running.set(extension, this.handlersRunning(extension) - 1);
		}
	}
}
