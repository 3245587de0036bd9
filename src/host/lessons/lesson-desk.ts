/**
 * The lessons in the page: a lesson opens in a playground of its own beside the user's (made as a shared
 * playground is, share-materialize.ts, from the lesson's starting files and script), so the user's work is
 * untouched; `?lesson=<nn-name>` names the lesson a page shows. In that playground the goals are checked live over
 * what the session shows (the page's state, made of the runtime's untrusted events: the check reads them as data),
 * and a lesson whose goals are all met is kept as done.
 *
 * A lesson's files are the repository's own content, bundled at build time (src/lessons/bundle.ts): they run
 * without the consent a shared link asks for. No lesson comes from another address.
 */
import type { Lesson } from "../../lessons/lesson.ts";
import { LESSON_FILE_DIR, LESSON_ID } from "../../lessons/lesson-id.ts";
import type { PlaygroundSnapshot } from "../../share/snapshot.ts";
import { HOME_PLAYGROUND, playgroundHref } from "../../share/playground-address.ts";
import { createSharedPlayground } from "../share/share-materialize.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import { Store } from "../state/store.ts";
import { listPlaygrounds, openPlaygroundDatabase } from "../storage/playgrounds.ts";
import { type LessonProgress, pageOnlyStorage, type ProgressStorage, readProgress, writeProgress } from "./lesson-progress.ts";

/** The page parameter that names a lesson. */
export const LESSON_PARAM = "lesson";

export interface LessonDeskState {
	progress: LessonProgress;
	/** This page's lesson, once loaded. */
	lesson?: Lesson;
	/** Each of its goals: met (true) or not yet. */
	goals: boolean[];
	/** A lesson is being opened in its playground. */
	opening: boolean;
	error?: string;
}

/** The lesson the page address names, if it is shaped like a lesson's id. */
export function lessonIdOf(location: Pick<Location, "search">): string | undefined {
	const id = new URLSearchParams(location.search).get(LESSON_PARAM);
	return id && LESSON_ID.test(id) ? id : undefined;
}

/** The lesson's playground as a snapshot: its starting files under `.pi/extensions/`, its script, the scripted model. */
export function lessonSnapshot(lesson: Lesson): PlaygroundSnapshot {
	return {
		version: 1,
		files: lesson.start.map((file) => ({ path: `${LESSON_FILE_DIR}/${file.name}`, content: file.content })),
		extensions: [],
		model: { provider: "scripted", id: "scripted" },
		script: lesson.script,
	};
}

const loadBundle = () => import("../../lessons/bundle.ts");

/** An embed's lessons keep their progress for the frame's life only, across the lessons it opens in place. */
let embedProgress: ProgressStorage | undefined;

export class LessonDesk {
	readonly store: Store<LessonDeskState>;
	/** The lesson this page is for (`?lesson=`, or the lesson whose playground this is). */
	readonly lessonId: string | undefined;
	/** Where progress is kept: this browser's localStorage, or (an embed) the frame only. */
	private readonly storage: ProgressStorage | undefined;

	/** `keep`: false in an embed, which keeps nothing in the browser (its progress lasts as long as the frame). */
	constructor(
		private readonly location: Pick<Location, "href" | "search" | "assign">,
		private readonly playgroundId: string,
		{ keep = true }: { keep?: boolean } = {},
	) {
		if (!keep) embedProgress ??= pageOnlyStorage();
		this.storage = keep ? undefined : embedProgress;
		this.store = new Store<LessonDeskState>({ progress: readProgress(this.storage), goals: [], opening: false });
		// A lesson's playground is its lesson's page, however it was opened (its link, or the playground switch).
		const own = Object.entries(this.store.get().progress.playgrounds).find(([, id]) => id === playgroundId && id !== HOME_PLAYGROUND)?.[0];
		this.lessonId = lessonIdOf(location) ?? own;
	}

	/**
	 * A `?lesson=` link: on the user's own playground it opens the lesson's playground (made the first time); in the
	 * lesson's playground it loads the lesson and starts checking `state` against its goals.
	 */
	async openFromAddress(state: Store<PlaygroundState>): Promise<void> {
		if (!this.lessonId) return;
		if (this.playgroundId === HOME_PLAYGROUND) return this.open(this.lessonId);
		// Another playground than the lesson's: a link that names a lesson opens the lesson's own.
		// (Not when none is known: with storage refused, opening a new one would open another at every arrival.)
		const known = this.store.get().progress.playgrounds[this.lessonId];
		if (known !== undefined && known !== this.playgroundId && lessonIdOf(this.location)) return this.open(this.lessonId);
		const [{ lessonById }, { followGoals }] = await Promise.all([loadBundle(), import("./lesson-goals.ts")]);
		const lesson = lessonById(this.lessonId);
		if (!lesson) return this.store.set({ error: `There is no lesson ${this.lessonId} in this version of Playa.` });
		this.store.set({ lesson, goals: lesson.goals.map(() => false) });
		followGoals(state, lesson, this.store, this.storage);
	}

	/** Opens lesson `id` in its playground: the one it opened in before, or a new one with its starting files. */
	async open(id: string): Promise<void> {
		if (this.store.get().opening) return;
		this.store.set({ opening: true, error: undefined });
		let home: Awaited<ReturnType<typeof openPlaygroundDatabase>> | undefined;
		try {
			const { lessonById } = await loadBundle();
			const lesson = lessonById(id);
			if (!lesson) throw new Error(`there is no lesson ${id} in this version of Playa`);
			home = await openPlaygroundDatabase(HOME_PLAYGROUND);
			const known = this.store.get().progress.playgrounds[id];
			const listed = known !== undefined && (await listPlaygrounds(home)).some((record) => record.id === known);
			const playground = listed ? known : await createSharedPlayground(home, lessonSnapshot(lesson), `Lesson ${lesson.title}`);
			this.store.set({ progress: writeProgress((p) => ({ ...p, playgrounds: { ...p.playgrounds, [id]: playground } }), this.storage) });
			const url = new URL(playgroundHref(this.location, playground));
			url.searchParams.set(LESSON_PARAM, id);
			this.location.assign(url.href);
		} catch (error) {
			this.store.set({ opening: false, error: `The lesson could not be opened: ${(error as Error).message}. Your playground is as it was.` });
		} finally {
			home?.close();
		}
	}

	/** Starts the lesson again: a new playground with its starting files (the one it had stays in the list). */
	async restart(id: string): Promise<void> {
		this.store.set({
			progress: writeProgress((p) => ({ ...p, playgrounds: Object.fromEntries(Object.entries(p.playgrounds).filter(([key]) => key !== id)) }), this.storage),
		});
		await this.open(id);
	}
}
