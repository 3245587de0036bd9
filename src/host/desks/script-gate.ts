/**
 * Demo mode's gate, the page's side: while the presenter view is on, the runtime's scripted model asks here before
 * each step (`HostBridge.awaitScriptStep`) and the step plays when the presenter presses "Play the next reply". The
 * runtime is told to ask (or stop asking) with `setScriptGate`; a cue that arrives with demo mode off plays at once.
 */
import type { PendingScriptCue } from "../state/records.ts";
import type { Store } from "../state/store.ts";
import type { RuntimeApi, ScriptStepAnswer, ScriptStepCue } from "../../protocol/runtime.ts";

type GateState = { demo?: boolean; scriptCue?: PendingScriptCue };

export class ScriptGateDesk {
	private readonly waiting = new Map<string, (answer: ScriptStepAnswer) => void>();

	constructor(
		private readonly store: Pick<Store<GateState>, "get" | "set">,
		private readonly runtime: { readonly api: Pick<RuntimeApi, "setScriptGate"> | undefined },
	) {}

	/** Whether the scripted model waits for the presenter (the next runtime starts so too). */
	get gated(): boolean {
		return this.store.get().demo === true;
	}

	/** Demo mode on or off. Off releases a step that waits: the run goes on as it would without demo mode. */
	async setDemo(on: boolean): Promise<void> {
		this.store.set({ demo: on });
		if (!on) this.playAll();
		await this.runtime.api?.setScriptGate(on);
	}

	request(id: string, cue: ScriptStepCue): Promise<ScriptStepAnswer> {
		if (!this.gated) return Promise.resolve({ play: true });
		return new Promise((resolve) => {
			this.waiting.set(id, resolve);
			this.store.set({ scriptCue: { id, ...cue } });
		});
	}

	/** The presenter's "Play the next reply": the step that waits plays. */
	play(): void {
		const cue = this.store.get().scriptCue;
		if (cue) this.answer(cue.id, { play: true });
	}

	/** The runtime stopped the run (or was replaced); unknown ids are ignored. */
	answer(id: string, answer: ScriptStepAnswer): void {
		const resolve = this.waiting.get(id);
		if (!resolve) return;
		this.waiting.delete(id);
		resolve(answer);
		if (this.store.get().scriptCue?.id === id) this.store.set({ scriptCue: undefined });
	}

	cancelAll(): void {
		for (const id of [...this.waiting.keys()]) this.answer(id, { cancelled: true });
	}

	private playAll(): void {
		for (const id of [...this.waiting.keys()]) this.answer(id, { play: true });
	}
}
