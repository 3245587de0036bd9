/**
 * A lesson's goals checked live: each time the page's state changes, what the session showed is added to the
 * observations and the goals are checked again; once all are met the lesson is kept as done. The state is made of
 * the runtime's events, untrusted: the check reads them as data (src/lessons/check.ts). Loaded on a lesson's page only.
 */
import { checkGoals } from "../../lessons/check.ts";
import type { Lesson } from "../../lessons/lesson.ts";
import { Observations } from "../../lessons/observations.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import { type LessonProgress, type ProgressStorage, writeProgress } from "./lesson-progress.ts";

/** Where the goals' state goes: the lesson desk's store. */
interface GoalsStore {
	get(): { goals: boolean[]; progress: LessonProgress };
	set(patch: { goals?: boolean[]; progress?: LessonProgress }): void;
}

/** Checks `lesson`'s goals against `state` as it changes, into `desk` (progress kept in `storage`); returns the way to stop. */
export function followGoals(state: Store<PlaygroundState>, lesson: Lesson, desk: GoalsStore, storage?: ProgressStorage): () => void {
	const seen = new Observations();
	let last: PlaygroundState | undefined;
	const check = () => {
		const now = state.get();
		if (now === last) return;
		observeState(seen, now, last);
		last = now;
		const goals = checkGoals(lesson.goals, seen);
		const before = desk.get();
		if (goals.join() !== before.goals.join()) desk.set({ goals });
		if (goals.every(Boolean) && !before.progress.done.includes(lesson.id)) {
			desk.set({ progress: writeProgress((p) => ({ ...p, done: [...new Set([...p.done, lesson.id])] }), storage) });
		}
	};
	const stop = state.subscribe(check);
	check();
	return stop;
}

/** What of the page's state a check reads, added to `seen` (only the parts that changed since `before`). */
export function observeState(seen: Observations, state: PlaygroundState, before?: PlaygroundState): void {
	if (state.entries !== before?.entries) for (const entry of state.entries) seen.entry(entry);
	if (state.extensions !== before?.extensions) for (const extension of state.extensions) for (const tool of extension.tools) seen.tools.add(tool);
	if (state.commands !== before?.commands) for (const command of state.commands) seen.commands.add(command.name);
	if (state.registeredProviders !== before?.registeredProviders) for (const provider of state.registeredProviders) seen.providers.add(provider.name);
	if (state.notifications !== before?.notifications)
		for (const notice of state.notifications) if (notice.origin === "session") seen.notification(notice.message, notice.level);
	if (state.widgets !== before?.widgets) for (const [key, widget] of Object.entries(state.widgets)) seen.widget(key, widget.lines);
	if (state.statuses !== before?.statuses) for (const [key, text] of Object.entries(state.statuses)) seen.status(key, text);
	if (state.dialogs !== before?.dialogs) for (const dialog of state.dialogs) seen.dialog(dialog.request);
	if (state.renderedEntries !== before?.renderedEntries) for (const drawn of Object.values(state.renderedEntries)) seen.renderedLines(drawn.lines);
	if (state.renderedToolCalls !== before?.renderedToolCalls) for (const drawn of Object.values(state.renderedToolCalls)) seen.renderedLines(drawn.lines);
}
