/**
 * What `pi.exec` prints while an extension's tool waits on it, shown under that tool's call. pi's `exec` has no
 * output callback, so the runtime finds the call itself. A worker has no async context to follow a call through
 * its awaits, so a command is attributed only where that is certain enough:
 * - its `signal` is the one the call was given (`execute`'s `signal` or `ctx.signal`): each call gets a signal of
 *   its own, so parallel calls are told apart;
 * - else the extension that runs it has exactly one tool call running and none of its event handlers is running.
 * Anything else (two calls of the extension at once without the signal, a command from its handler while its
 * tool runs) shows nothing. A command from the extension's own timer or unawaited promise while its one call runs
 * cannot be told from the call's own, and shows under it.
 */
import type { RegisteredExtension } from "../extensions/extension.ts";
import { truncateTail } from "../../modules/coding-agent/truncate.ts";
import { throttledOutput, type ThrottledOutput } from "./throttled-output.ts";

export interface ExecOutputDeps {
	/** Shows a call's output so far (the tail pi's bash keeps). */
	show(toolCallId: string, text: string): void;
	/** How many of the extension's event handlers are running now. */
	handlersRunning(extension: RegisteredExtension): number;
}

interface RunningCall {
	extension: RegisteredExtension;
	output?: ThrottledOutput;
}

export class ExecOutput {
	private readonly calls = new Map<string, RunningCall>();
	private readonly callOfSignal = new WeakMap<AbortSignal, string>();

	constructor(private readonly deps: ExecOutputDeps) {}

	/**
	 * An extension tool's call starts: it gets a signal of its own (aborted with the given one), by which a
	 * command it runs is known as its own. `end` once `execute` settled.
	 */
	begin(extension: RegisteredExtension, toolCallId: string, signal: AbortSignal | undefined): { signal: AbortSignal; end(): void } {
		const own = signal ? AbortSignal.any([signal]) : new AbortController().signal;
		const call: RunningCall = { extension };
		this.calls.set(toolCallId, call);
		this.callOfSignal.set(own, toolCallId);
		return {
			signal: own,
			end: () => {
				call.output?.stop();
				if (this.calls.get(toolCallId) === call) this.calls.delete(toolCallId);
			},
		};
	}

	/** Where the output of a command the extension starts now goes, or undefined when no call can be named. */
	listener(extension: RegisteredExtension, signal: AbortSignal | undefined): ((chunk: string) => void) | undefined {
		const toolCallId = this.attribute(extension, signal);
		const call = toolCallId === undefined ? undefined : this.calls.get(toolCallId);
		if (toolCallId === undefined || !call) return undefined;
		return (chunk: string) => {
			// The call ended while its command ran on: the result is shown, not this.
			if (this.calls.get(toolCallId) !== call) return;
			call.output ??= throttledOutput((text) => this.deps.show(toolCallId, truncateTail(text).content));
			call.output.append(chunk);
		};
	}

	private attribute(extension: RegisteredExtension, signal: AbortSignal | undefined): string | undefined {
		const bySignal = signal && this.callOfSignal.get(signal);
		if (bySignal !== undefined && this.calls.has(bySignal)) return bySignal;
		if (this.deps.handlersRunning(extension) > 0) return undefined;
		const own = [...this.calls].filter(([, call]) => call.extension === extension);
		return own.length === 1 ? own[0][0] : undefined;
	}
}
