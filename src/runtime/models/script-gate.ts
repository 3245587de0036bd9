/**
 * Demo mode's gate on the scripted model: before each step plays, the runtime asks the page
 * (`HostBridge.awaitScriptStep`) and waits for the presenter's "Play the next reply". The wait is the page's
 * answer, never a timer; an abort of the run cancels it (the page's button goes away).
 */
import type { HostBridge, ScriptStepCue } from "../../protocol/runtime.ts";

/** Resolves true when the step may play, false when the run was stopped meanwhile. */
export type ScriptGate = (cue: ScriptStepCue, signal: AbortSignal | undefined) => Promise<boolean>;

type GateHost = Pick<HostBridge, "awaitScriptStep" | "cancelScriptStep">;

export function hostScriptGate(host: () => GateHost | undefined): ScriptGate {
	let counter = 0;
	return (cue, signal) => {
		const bridge = host();
		// No one to press the button (headless): the step plays.
		if (!bridge?.awaitScriptStep) return Promise.resolve(true);
		const id = `step-${++counter}`;
		return new Promise((resolve, reject) => {
			const onAbort = () => {
				bridge.cancelScriptStep?.(id);
				resolve(false);
			};
			if (signal?.aborted) return onAbort();
			signal?.addEventListener("abort", onAbort, { once: true });
			bridge.awaitScriptStep!(id, cue).then(
				(answer) => {
					signal?.removeEventListener("abort", onAbort);
					resolve("play" in answer);
				},
				(error: unknown) => {
					signal?.removeEventListener("abort", onAbort);
					reject(error);
				},
			);
		});
	};
}
