/** "Show me": a lesson's solution as a line diff against its starting files (the `diff` package), file by file. */
import { diffLines } from "diff";
import type { Lesson } from "../../lessons/lesson.ts";

export interface DiffLine {
	kind: "same" | "added" | "removed";
	text: string;
}

export interface FileDiff {
	name: string;
	lines: DiffLine[];
}

export function solutionDiff(lesson: Pick<Lesson, "start" | "solution">): FileDiff[] {
	const names = [...new Set([...lesson.start.map((file) => file.name), ...lesson.solution.map((file) => file.name)])];
	return names.map((name) => {
		const before = lesson.start.find((file) => file.name === name)?.content ?? "";
		const after = lesson.solution.find((file) => file.name === name)?.content ?? "";
		const lines: DiffLine[] = [];
		for (const change of diffLines(before, after)) {
			const kind = change.added ? "added" : change.removed ? "removed" : "same";
			for (const text of change.value.replace(/\n$/, "").split("\n")) lines.push({ kind, text });
		}
		return { name, lines };
	});
}
