/** The repository's lessons read from disk (lessons/<nn-name>/), as the page's bundle reads them at build time. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { lessonFromFiles } from "../../src/lessons/lesson.ts";

export const LESSONS_DIR = fileURLToPath(new URL("../../lessons", import.meta.url));

export function lessonDirs(): string[] {
	return readdirSync(LESSONS_DIR)
		.filter((name) => statSync(join(LESSONS_DIR, name)).isDirectory())
		.sort();
}

export function lessonFiles(id: string): Record<string, string> {
	const root = join(LESSONS_DIR, id);
	const files: Record<string, string> = {};
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const full = join(dir, name);
			if (statSync(full).isDirectory()) walk(full);
			else files[relative(root, full).split("\\").join("/")] = readFileSync(full, "utf8");
		}
	};
	walk(root);
	return files;
}

export function readLesson(id: string) {
	return lessonFromFiles(id, lessonFiles(id));
}
