/**
 * The repository's lessons (lessons/<nn-name>/), bundled at build time: the page's own content, as trusted as its
 * code. Imported on demand only (the Lessons tab, a `?lesson=` link), so the first load does not carry them.
 */
import { type Lesson, lessonFromFiles } from "./lesson.ts";

const FILES = import.meta.glob<string>("../../lessons/*/**/*", { query: "?raw", import: "default", eager: true });

function read(): { lessons: Lesson[]; errors: string[] } {
	const byLesson = new Map<string, Record<string, string>>();
	for (const [path, content] of Object.entries(FILES)) {
		const [id, ...rest] = path.replace(/^\.\.\/\.\.\/lessons\//, "").split("/");
		if (!byLesson.has(id)) byLesson.set(id, {});
		byLesson.get(id)![rest.join("/")] = content;
	}
	const lessons: Lesson[] = [];
	const errors: string[] = [];
	for (const id of [...byLesson.keys()].sort()) {
		const result = lessonFromFiles(id, byLesson.get(id)!);
		if (result.ok) lessons.push(result.lesson);
		else errors.push(result.error);
	}
	return { lessons, errors };
}

const read_ = read();
/** The track, in order; a lesson that does not validate is left out and named in `LESSON_ERRORS`. */
export const LESSONS: readonly Lesson[] = read_.lessons;
export const LESSON_ERRORS: readonly string[] = read_.errors;

export function lessonById(id: string): Lesson | undefined {
	return LESSONS.find((lesson) => lesson.id === id);
}
