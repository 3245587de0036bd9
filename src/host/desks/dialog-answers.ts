/**
 * Scripted answers to the extensions' `ctx.ui` dialogs, so a demo runs hands-free: answer N of a session
 * goes to the Nth dialog the script answers on the session's current branch, like the scripted model's steps.
 *
 * The answers are the page's: kept in its database beside the script and consumed here, on the page's side of
 * the dialog desk; the runtime worker only ever sees the response, as if the user had clicked. Each answer
 * given is logged per session with the entry it came after (persisted, so a reload continues where it stood
 * and the transcript shows it in place). An answer for another kind of dialog than the one that opened, or a
 * select answer that is not one of the options, is not used: the user answers, told why, and the script's
 * answer waits for the next dialog. Once the answers are used up the user answers. The user's own answers are
 * logged the same way (`by: "user"`), so the transcript shows who answered what; they take no script position.
 */
import type { UIRequest, UIResponse } from "../../protocol/runtime.ts";
import type { DialogAnswer } from "../../share/snapshot.ts";
import { answerInWords, answersGivenOnBranch, dialogAnswersSchema, type GivenAnswer } from "../state/answer-log.ts";
import { branchPath } from "../../session/tree.ts";
import type { Notices } from "../state/notices.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import { z } from "zod";

export type NextAnswer =
	| { kind: "answer"; index: number; response: UIResponse; shown: string }
	| { kind: "mismatch"; index: number; reason: string }
	| { kind: "exhausted"; count: number }
	| { kind: "none" };

const TEXT_SHOWN = 200;

function quoted(text: string): string {
	return `"${text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN)}…` : text}"`;
}

/** What the `index`th answer says to `request`; pure, so the order rules are tested on their own. */
export function nextAnswer(answers: readonly DialogAnswer[], index: number, request: UIRequest): NextAnswer {
	if (answers.length === 0) return { kind: "none" };
	const answer = answers[index];
	if (!answer) return { kind: "exhausted", count: answers.length };
	if ("cancelled" in answer) {
		if (answer.method && answer.method !== request.method) return { kind: "mismatch", index, reason: `is to cancel a ${answer.method} dialog` };
		return { kind: "answer", index, response: { cancelled: true }, shown: answerInWords({ cancelled: true }) };
	}
	if (answer.method !== request.method) return { kind: "mismatch", index, reason: `is for a ${answer.method} dialog` };
	if (answer.method === "confirm")
		return { kind: "answer", index, response: { confirmed: answer.confirmed }, shown: answerInWords({ confirmed: answer.confirmed }) };
	if (request.method === "select" && !request.options.includes(answer.value)) {
		return { kind: "mismatch", index, reason: `(${quoted(answer.value)}) is not one of the options` };
	}
	return { kind: "answer", index, response: { value: answer.value }, shown: answerInWords({ value: answer.value }) };
}

const givenSchema = z.array(
	z.object({
		index: z.number().int().min(0).optional(),
		by: z.literal("user").optional(),
		method: z.enum(["select", "confirm", "input", "editor"]),
		title: z.string(),
		shown: z.string(),
		afterEntryId: z.string().nullable(),
	}),
);

/** The log of one session is bounded: a long session with many branches keeps its latest answers. */
const LOG_LIMIT = 1_000;
/** The playground's setting the answers are kept in; a shared playground's are written there too (share-materialize.ts). */
export const ANSWERS_SETTING = "dialogAnswers";
const logSetting = (sessionId: string) => `dialogAnswerLog:${sessionId}`;

/** Where the answers and each session's log are kept: the playground's database, once open (storage/playground-databases.ts). */
export interface AnswerDatabases {
	readonly current: {
		getSetting<T>(key: string): Promise<T | undefined>;
		setSetting(key: string, value: unknown): Promise<void>;
		deleteSetting(key: string): Promise<void>;
	};
}

/** The part of the page's state the answers read and write. */
type AnswerState = Pick<PlaygroundState, "sessionId" | "entries" | "leafId" | "dialogAnswers" | "answerLog">;

export class ScriptedAnswers {
	/** Dialogs are answered one after another, so two at once cannot take the same answer. */
	private queue: Promise<unknown> = Promise.resolve();
	private loadedFor?: string;

	constructor(
		private readonly databases: AnswerDatabases,
		private readonly store: Pick<Store<AnswerState>, "get" | "set">,
		private readonly notices: Pick<Notices, "notify">,
	) {}

	/** The stored answers, at the page's start. */
	async load(): Promise<void> {
		const stored = dialogAnswersSchema.safeParse(await this.databases.current.getSetting(ANSWERS_SETTING));
		this.store.set({ dialogAnswers: stored.success ? stored.data : [] });
	}

	/** The user's (or a snapshot's) answers; the position stays the session's. */
	async setAnswers(answers: DialogAnswer[]): Promise<void> {
		this.store.set({ dialogAnswers: answers });
		await this.databases.current.setSetting(ANSWERS_SETTING, answers);
	}

	/** Reads the session's log of answers given, for the transcript and the position; called as a session opens. */
	async showSession(sessionId: string): Promise<void> {
		if (this.loadedFor === sessionId) return;
		const stored = givenSchema.safeParse(await this.databases.current.getSetting(logSetting(sessionId)));
		this.loadedFor = sessionId;
		this.store.set({ answerLog: stored.success ? stored.data : [] });
	}

	/** A deleted session's log goes with it. */
	async forgetSession(sessionId: string): Promise<void> {
		await this.databases.current.deleteSetting(logSetting(sessionId));
		if (this.loadedFor === sessionId) this.loadedFor = undefined;
	}

	/** The next answer's index on the current branch (the Model panel shows it). */
	position(): number {
		const { answerLog, entries, leafId } = this.store.get();
		return answersGivenOnBranch(answerLog, branchPath(new Map(entries.map((entry) => [entry.id, entry])), leafId));
	}

	/**
	 * The script's answer to a dialog that just opened, once it is logged; undefined when the user is to
	 * answer (no answers, used up, or not for this dialog: then a notice says why).
	 */
	answer(request: UIRequest): Promise<UIResponse | undefined> {
		const next = this.queue.then(() => this.take(request));
		this.queue = next.catch(() => undefined);
		return next;
	}

	private async take(request: UIRequest): Promise<UIResponse | undefined> {
		const { sessionId, dialogAnswers, leafId } = this.store.get();
		if (!sessionId) return undefined;
		await this.showSession(sessionId);
		const next = nextAnswer(dialogAnswers, this.position(), request);
		const title = quoted(request.title);
		if (next.kind === "none") return undefined;
		if (next.kind === "exhausted") {
			this.notices.notify(
				`The script's ${next.count} dialog answer${next.count === 1 ? "" : "s"} are used up: answer ${request.method} ${title} yourself.`,
				"info",
				"Playa",
			);
			return undefined;
		}
		if (next.kind === "mismatch") {
			this.notices.notify(
				`The script's answer ${next.index + 1} ${next.reason}, but the extension opened a ${request.method} (${title}): answer it yourself. The script's answer waits for the next dialog.`,
				"warning",
				"Playa",
			);
			return undefined;
		}
		// Stored before the extension hears it, like an entry: what the transcript shows survives a reload.
		await this.log(sessionId, { index: next.index, method: request.method, title: request.title.slice(0, 2_000), shown: next.shown, afterEntryId: leafId });
		return next.response;
	}

	/** The user answered a dialog in the page (or cancelled it): logged like the script's answers, shown in the transcript. */
	userAnswered(request: UIRequest, response: UIResponse): Promise<void> {
		const next = this.queue.then(async () => {
			const { sessionId, leafId } = this.store.get();
			if (!sessionId) return;
			await this.showSession(sessionId);
			await this.log(sessionId, {
				by: "user",
				method: request.method,
				title: request.title.slice(0, 2_000),
				shown: answerInWords(response),
				afterEntryId: leafId,
			});
		});
		// A log that cannot be stored loses only the transcript's line, and the user is told.
		const logged = next.catch((error: Error) => this.notices.notify(`Your answer could not be logged: ${error?.message ?? String(error)}`, "warning", "Playa"));
		this.queue = logged;
		return logged;
	}

	private async log(sessionId: string, given: GivenAnswer): Promise<void> {
		const log = [...this.store.get().answerLog, given].slice(-LOG_LIMIT);
		await this.databases.current.setSetting(logSetting(sessionId), log);
		if (this.store.get().sessionId === sessionId) this.store.set({ answerLog: log });
	}
}
