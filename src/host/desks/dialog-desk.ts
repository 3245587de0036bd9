/**
 * The host's side of `ctx.ui` dialogs: holds each of the runtime's open requests until the user answers
 * (or the runtime cancels it), and tells the page which dialogs to show. A scripted answer
 * (dialog-answers.ts), when there is one for the dialog, answers it before it is shown; the user's own
 * answers are handed to `userAnswered` (which logs them beside the script's).
 */
import type { UIRequest, UIResponse } from "../../protocol/runtime.ts";
import type { PendingDialog } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { ScriptedAnswers } from "./dialog-answers.ts";

/** What happened to a dialog, for those who watch (the embed's events). */
export type DialogEvent =
	| { type: "opened"; id: string; request: UIRequest }
	| { type: "answered"; id: string; request: UIRequest; response: UIResponse; by: "script" | "user" | "runtime" };

export class DialogDesk {
	private readonly open = new Map<string, { request: UIRequest; resolve: (response: UIResponse) => void }>();
	private readonly watchers = new Set<(event: DialogEvent) => void>();
	/** Answers before the script and the user while set: a scenario's replay gives its own answers. */
	private first?: (request: UIRequest) => UIResponse;

	constructor(
		/** The page's state, which lists the dialogs shown. */
		private readonly store: Pick<Store<{ dialogs: PendingDialog[] }>, "get" | "set">,
		/** The scripted answers (dialog-answers.ts), if the page has any: they answer first, and log the user's answers beside theirs. */
		private readonly answers?: Pick<ScriptedAnswers, "answer" | "userAnswered">,
	) {}

	watch(watcher: (event: DialogEvent) => void): () => void {
		this.watchers.add(watcher);
		return () => this.watchers.delete(watcher);
	}

	/** Has `answer` answer every dialog until the returned function is called (a scenario's replay). */
	answerFirst(answer: (request: UIRequest) => UIResponse): () => void {
		this.first = answer;
		return () => {
			if (this.first === answer) this.first = undefined;
		};
	}

	private tell(event: DialogEvent): void {
		for (const watcher of this.watchers) watcher(event);
	}

	async request(id: string, request: UIRequest): Promise<UIResponse> {
		this.tell({ type: "opened", id, request });
		const scripted = this.first?.(request) ?? (await this.answers?.answer(request).catch(() => undefined));
		if (scripted) {
			this.tell({ type: "answered", id, request, response: scripted, by: "script" });
			return scripted;
		}
		return new Promise((resolve) => {
			this.open.set(id, { request, resolve });
			this.store.set({ dialogs: [...this.store.get().dialogs, { id, request }] });
		});
	}

	/** The user's answer, or a cancellation (`by` the runtime: a timeout, a restart); the dialog closes either way. */
	answer(id: string, response: UIResponse, by: "user" | "runtime" = "user"): void {
		const open = this.open.get(id);
		this.open.delete(id);
		if (open) {
			open.resolve(response);
			if (by === "user") void this.answers?.userAnswered(open.request, response);
			this.tell({ type: "answered", id, request: open.request, response, by });
		}
		this.store.set({ dialogs: this.store.get().dialogs.filter((dialog) => dialog.id !== id) });
	}

	cancelAll(): void {
		for (const id of [...this.open.keys()]) this.answer(id, { cancelled: true }, "runtime");
	}
}
