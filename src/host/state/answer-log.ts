/**
 * The scripted dialog answers as the page's state holds them: the answers (a snapshot's format, parsed from the
 * Model panel's JSON) and the log of those given, with where the next one stands on a branch. Pure data and
 * reading; the desk that gives them is desks/dialog-answers.ts.
 */
import { z } from "zod";
import type { UIRequest, UIResponse } from "../../protocol/runtime.ts";
import { parseTyped } from "../../protocol/script.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { dialogAnswerSchema, SNAPSHOT_LIMITS, type DialogAnswer } from "../../share/snapshot.ts";

export type { DialogAnswer };

/** One answer to a dialog, the script's or the user's, as the transcript shows it. */
export interface GivenAnswer {
	/** Which of the scripted answers (0-based); the user's own answers have none. */
	index?: number;
	/** "user": the user answered it in the page; absent: the script did. */
	by?: "user";
	method: UIRequest["method"];
	/** The dialog's title, as the extension gave it (shown as text). */
	title: string;
	/** The answer in words: the option or text, "yes"/"no", or "cancelled". */
	shown: string;
	/** The branch's last entry when the dialog was answered (null: before the first). */
	afterEntryId: string | null;
}

/** An answer in words, as the transcript shows it: the option or text (quoted), "yes"/"no", or "cancelled". */
export function answerInWords(response: UIResponse): string {
	if ("cancelled" in response) return "cancelled";
	if ("confirmed" in response) return response.confirmed ? "yes" : "no";
	const text = response.value;
	return `"${text.length > ANSWER_SHOWN ? `${text.slice(0, ANSWER_SHOWN)}…` : text}"`;
}

/** How much of a text answer is shown. */
const ANSWER_SHOWN = 200;

/** How many answers the script gave on `branch` (the path from the root to the leaf): the next one to give. */
export function answersGivenOnBranch(log: readonly GivenAnswer[], branch: readonly StoredEntry[]): number {
	if (log.length === 0) return 0;
	const onBranch = new Set(branch.map((entry) => entry.id));
	return log.filter((given) => given.by !== "user" && (given.afterEntryId === null || onBranch.has(given.afterEntryId))).length;
}

export const dialogAnswersSchema = z.array(dialogAnswerSchema).max(SNAPSHOT_LIMITS.dialogAnswers);

/** Parses the answers' JSON (the Model panel's text) with an error message a person can act on. */
export function parseDialogAnswers(json: string): { ok: true; answers: DialogAnswer[] } | { ok: false; error: string } {
	const parsed = parseTyped(dialogAnswersSchema, json);
	return parsed.ok ? { ok: true, answers: parsed.value } : parsed;
}
