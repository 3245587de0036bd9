/**
 * The host's side of `ctx.ui` dialogs: holds each of the runtime's open requests until the user answers
 * (or the runtime cancels it), and tells the page which dialogs to show.
 */
import type { UIRequest, UIResponse } from "../protocol/runtime.ts";
import type { PendingDialog } from "./playground-state.ts";

export class DialogDesk {
	private readonly answers = new Map<string, (response: UIResponse) => void>();

	constructor(
		private readonly dialogs: () => PendingDialog[],
		private readonly show: (dialogs: PendingDialog[]) => void,
	) {}

	request(id: string, request: UIRequest): Promise<UIResponse> {
		return new Promise((resolve) => {
			this.answers.set(id, resolve);
			this.show([...this.dialogs(), { id, request }]);
		});
	}

	/** The user's answer, or a cancellation; the dialog closes either way. */
	answer(id: string, response: UIResponse): void {
		this.answers.get(id)?.(response);
		this.answers.delete(id);
		this.show(this.dialogs().filter((dialog) => dialog.id !== id));
	}

	cancelAll(): void {
		for (const id of [...this.answers.keys()]) this.answer(id, { cancelled: true });
	}
}
