/**
 * The learner's progress through the lessons, kept in this browser's localStorage (`playa.lessons`): which
 * lessons are done, and the playground each lesson opened in, so opening it again goes back to the same work.
 */
import { z } from "zod";

export const PROGRESS_KEY = "playa.lessons";

const progressSchema = z.object({
	done: z.array(z.string().max(80)).max(500).default([]),
	playgrounds: z.record(z.string().max(80), z.string().max(80)).default({}),
});
export type LessonProgress = z.infer<typeof progressSchema>;

export type ProgressStorage = Pick<globalThis.Storage, "getItem" | "setItem">;
type Storage = ProgressStorage;

/** Progress kept for this page only: an embed keeps nothing in the browser (host/embed-playground.ts). */
export function pageOnlyStorage(): ProgressStorage {
	const items = new Map<string, string>();
	return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

function storage(): Storage | undefined {
	try {
		return globalThis.localStorage;
	} catch {
		return undefined;
	}
}

export function readProgress(store: Storage | undefined = storage()): LessonProgress {
	try {
		const parsed = progressSchema.safeParse(JSON.parse(store?.getItem(PROGRESS_KEY) ?? "{}"));
		if (parsed.success) return parsed.data;
	} catch {
		// Not JSON: start again.
	}
	return { done: [], playgrounds: {} };
}

export function writeProgress(change: (progress: LessonProgress) => LessonProgress, store: Storage | undefined = storage()): LessonProgress {
	const next = change(readProgress(store));
	try {
		store?.setItem(PROGRESS_KEY, JSON.stringify(next));
	} catch {
		// Storage refused (a private window's quota): the progress holds for this page only.
	}
	return next;
}
