/**
 * Every lesson in lessons/: valid, solvable (its solution, run headless with its script, prompts and answers,
 * meets every goal) and not solved already (its starting files miss at least one goal).
 */
import { describe, expect, it, vi } from "vitest";
import { runHeadless } from "../../src/headless/index.ts";
import { checkGoals } from "../../src/lessons/check.ts";
import { Observations } from "../../src/lessons/observations.ts";
import { type Lesson, LESSON_ID } from "../../src/lessons/lesson.ts";
import { LESSONS_DIR, lessonDirs, readLesson } from "../support/lessons.ts";

async function run(lesson: Lesson, which: "start" | "solution"): Promise<Observations> {
	const seen = new Observations();
	await runHeadless({
		extensions: lesson[which].map((file) => `${LESSONS_DIR}/${lesson.id}/${which}/${file.name}`),
		script: lesson.script,
		prompts: lesson.prompts,
		answers: lesson.answers,
		onEvent: (event) => seen.event(event),
	});
	return seen;
}

const allMet = (lesson: Lesson) => Object.fromEntries(lesson.goals.map((goal) => [goal.label, true]));
const met = (lesson: Lesson, seen: Observations) => Object.fromEntries(checkGoals(lesson.goals, seen).map((ok, i) => [lesson.goals[i].label, ok]));

describe("the lessons", () => {
	const ids = lessonDirs();

	it("are a track of at least 12, numbered in order", () => {
		expect(ids.length).toBeGreaterThanOrEqual(12);
		expect(ids.every((id) => LESSON_ID.test(id))).toBe(true);
		expect(ids.map((id) => Number(id.slice(0, 2)))).toEqual(ids.map((_, i) => i + 1));
	});

	for (const id of ids) {
		describe(id, () => {
			const lesson = readLesson(id);

			it("is valid", () => {
				expect(lesson.ok ? "" : lesson.error).toBe("");
			});

			it("is solved by its solution and not by its starting files", async () => {
				if (!lesson.ok) throw new Error(lesson.error);
				const solved = await run(lesson.lesson, "solution");
				// A component widget is drawn once pi-tui has loaded, which may be after the runner's last prompt returned.
				await vi.waitFor(() => expect(met(lesson.lesson, solved)).toEqual(allMet(lesson.lesson)), { timeout: 5_000 });
				const started = await run(lesson.lesson, "start");
				expect(checkGoals(lesson.lesson.goals, started).every(Boolean)).toBe(false);
			}, 30_000);
		});
	}
});
