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
import type { StoredEntry } from "../../session/entries.ts";
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

interface Storage {
	getSetting<T>(key: string): Promise<T | undefined>;
	setSetting(key: string, value: unknown): Promise<void>;
	deleteSetting(key: string): Promise<void>;
}

interface Deps {
	storage(): Storage;
	state(): { sessionId?: string; entries: StoredEntry[]; leafId: string | null; dialogAnswers: DialogAnswer[]; answerLog: GivenAnswer[] };
	set(patch: { dialogAnswers?: DialogAnswer[]; answerLog?: GivenAnswer[] }): void;
	notify(message: string, level: "info" | "warning"): void;
}

export class ScriptedAnswers {
	/** Dialogs are answered one after another, so two at once cannot take the same answer. */
	private queue: Promise<unknown> = Promise.resolve();
	private loadedFor?: string;

	constructor(private readonly deps: Deps) {}

	/** The stored answers, at the page's start. */
	async load(): Promise<void> {
		const stored = dialogAnswersSchema.safeParse(await this.deps.storage().getSetting(ANSWERS_SETTING));
		this.deps.set({ dialogAnswers: stored.success ? stored.data : [] });
	}

	/** The user's (or a snapshot's) answers; the position stays the session's. */
	async setAnswers(answers: DialogAnswer[]): Promise<void> {
		this.deps.set({ dialogAnswers: answers });
		await this.deps.storage().setSetting(ANSWERS_SETTING, answers);
	}

	/** Reads the session's log of answers given, for the transcript and the position; called as a session opens. */
	async showSession(sessionId: string): Promise<void> {
		if (this.loadedFor === sessionId) return;
		const stored = givenSchema.safeParse(await this.deps.storage().getSetting(logSetting(sessionId)));
		this.loadedFor = sessionId;
		this.deps.set({ answerLog: stored.success ? stored.data : [] });
	}

	/** A deleted session's log goes with it. */
	async forgetSession(sessionId: string): Promise<void> {
		await this.deps.storage().deleteSetting(logSetting(sessionId));
		if (this.loadedFor === sessionId) this.loadedFor = undefined;
	}

	/** The next answer's index on the current branch (the Model panel shows it). */
	position(): number {
		const { answerLog, entries, leafId } = this.deps.state();
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
		const { sessionId, dialogAnswers, leafId } = this.deps.state();
		if (!sessionId) return undefined;
		await this.showSession(sessionId);
		const next = nextAnswer(dialogAnswers, this.position(), request);
		const title = quoted(request.title);
		if (next.kind === "none") return undefined;
		if (next.kind === "exhausted") {
			this.deps.notify(
				`The script's ${next.count} dialog answer${next.count === 1 ? "" : "s"} are used up: answer ${request.method} ${title} yourself.`,
				"info",
			);
			return undefined;
		}
		if (next.kind === "mismatch") {
			this.deps.notify(
				`The script's answer ${next.index + 1} ${next.reason}, but the extension opened a ${request.method} (${title}): answer it yourself. The script's answer waits for the next dialog.`,
				"warning",
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
			const { sessionId, leafId } = this.deps.state();
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
		this.queue = next.catch(() => undefined);
		return next;
	}

	private async log(sessionId: string, given: GivenAnswer): Promise<void> {
		const log = [...this.deps.state().answerLog, given].slice(-LOG_LIMIT);
		await this.deps.storage().setSetting(logSetting(sessionId), log);
		if (this.deps.state().sessionId === sessionId) this.deps.set({ answerLog: log });
	}
}
