/** What names a lesson, kept apart from its schema so the page's first load can read a `?lesson=` link without it. */

/** A lesson's folder name, `<nn>-<name>`: its id in links (`?lesson=`) and in the progress kept. */
export const LESSON_ID = /^\d{2}-[a-z0-9-]{1,60}$/;

/** Where a lesson's files go in its playground, relative to the workspace. */
export const LESSON_FILE_DIR = ".pi/extensions";
