/**
 * The scripted dialog answers as the page's state holds them: the answers (a snapshot's format, parsed from the
 * Model panel's JSON) and the log of those given, with where the next one stands on a branch. Pure data and
 * reading; the desk that gives them is desks/dialog-answers.ts.
 */
import { z } from "zod";
import type { UIRequest } from "../../protocol/runtime.ts";
import { parseTyped } from "../../protocol/script.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { dialogAnswerSchema, SNAPSHOT_LIMITS, type DialogAnswer } from "../../share/snapshot.ts";

export type { DialogAnswer };

/** One answer the script gave, as the transcript shows it. */
export interface GivenAnswer {
	/** Which of the scripted answers (0-based). */
	index: number;
	method: UIRequest["method"];
	/** The dialog's title, as the extension gave it (shown as text). */
	title: string;
	/** The answer in words: the option or text, "yes"/"no", or "cancelled". */
	shown: string;
	/** The branch's last entry when the dialog opened (null: before the first). */
	afterEntryId: string | null;
}

/** How many answers the script gave on `branch` (the path from the root to the leaf): the next one to give. */
export function answersGivenOnBranch(log: readonly GivenAnswer[], branch: readonly StoredEntry[]): number {
	if (log.length === 0) return 0;
	const onBranch = new Set(branch.map((entry) => entry.id));
	return log.filter((given) => given.afterEntryId === null || onBranch.has(given.afterEntryId)).length;
}

export const dialogAnswersSchema = z.array(dialogAnswerSchema).max(SNAPSHOT_LIMITS.dialogAnswers);

/** Parses the answers' JSON (the Model panel's text) with an error message a person can act on. */
export function parseDialogAnswers(json: string): { ok: true; answers: DialogAnswer[] } | { ok: false; error: string } {
	const parsed = parseTyped(dialogAnswersSchema, json);
	return parsed.ok ? { ok: true, answers: parsed.value } : parsed;
}
