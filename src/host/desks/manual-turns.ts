/**
 * The host's side of the manual model: holds the runtime's open request for an assistant turn until the
 * user sends one (or the runtime cancels it), and tells the page what to show.
 */
import type { PendingManualTurn } from "../state/records.ts";
import type { Store } from "../state/store.ts";
import type { ManualTurnRequest, ManualTurnResponse } from "../../protocol/runtime.ts";

export class ManualTurnDesk {
	private readonly answers = new Map<string, (response: ManualTurnResponse) => void>();

	/** `store`: the page's state, which shows the open request. */
	constructor(private readonly store: Pick<Store<{ manualTurn?: PendingManualTurn }>, "set">) {}

	request(id: string, request: ManualTurnRequest): Promise<ManualTurnResponse> {
		return new Promise((resolve) => {
			this.answers.set(id, resolve);
			this.store.set({ manualTurn: { id, request } });
		});
	}

	/** The user's turn, or a cancellation; unknown ids (already answered or cancelled) are ignored. */
	answer(id: string, response: ManualTurnResponse): void {
		const resolve = this.answers.get(id);
		if (!resolve) return;
		this.answers.delete(id);
		resolve(response);
		this.store.set({ manualTurn: undefined });
	}

	cancelAll(): void {
		for (const id of [...this.answers.keys()]) this.answer(id, { cancelled: true });
	}
}
