/**
 * The host's side of `ctx.ui` dialogs: holds each of the runtime's open requests until the user answers
 * (or the runtime cancels it), and tells the page which dialogs to show. A scripted answer
 * (dialog-answers.ts), when there is one for the dialog, answers it before it is shown; the user's own
 * answers are handed to `userAnswered` (which logs them beside the script's).
 */
import type { UIRequest, UIResponse } from "../../protocol/runtime.ts";
import type { PendingDialog } from "../state/playground-state.ts";

/** What happened to a dialog, for those who watch (the embed's events). */
export type DialogEvent =
	| { type: "opened"; id: string; request: UIRequest }
	| { type: "answered"; id: string; request: UIRequest; response: UIResponse; by: "script" | "user" | "runtime" };

export class DialogDesk {
	private readonly open = new Map<string, { request: UIRequest; resolve: (response: UIResponse) => void }>();
	private readonly watchers = new Set<(event: DialogEvent) => void>();

	constructor(
		private readonly dialogs: () => PendingDialog[],
		private readonly show: (dialogs: PendingDialog[]) => void,
		private readonly scripted: (request: UIRequest) => Promise<UIResponse | undefined> = async () => undefined,
		private readonly userAnswered: (request: UIRequest, response: UIResponse) => void = () => undefined,
	) {}

	watch(watcher: (event: DialogEvent) => void): () => void {
		this.watchers.add(watcher);
		return () => this.watchers.delete(watcher);
	}

	private tell(event: DialogEvent): void {
		for (const watcher of this.watchers) watcher(event);
	}

	async request(id: string, request: UIRequest): Promise<UIResponse> {
		this.tell({ type: "opened", id, request });
		const scripted = await this.scripted(request).catch(() => undefined);
		if (scripted) {
			this.tell({ type: "answered", id, request, response: scripted, by: "script" });
			return scripted;
		}
		return new Promise((resolve) => {
			this.open.set(id, { request, resolve });
			this.show([...this.dialogs(), { id, request }]);
		});
	}

	/** The user's answer, or a cancellation (`by` the runtime: a timeout, a restart); the dialog closes either way. */
	answer(id: string, response: UIResponse, by: "user" | "runtime" = "user"): void {
		const open = this.open.get(id);
		this.open.delete(id);
		if (open) {
			open.resolve(response);
			if (by === "user") this.userAnswered(open.request, response);
			this.tell({ type: "answered", id, request: open.request, response, by });
		}
		this.show(this.dialogs().filter((dialog) => dialog.id !== id));
	}

	cancelAll(): void {
		for (const id of [...this.open.keys()]) this.answer(id, { cancelled: true }, "runtime");
	}
}
