/**
 * The lessons: the track with the learner's progress, and on a lesson's page its text, its goals as a live
 * checklist, a hint and "Show me" (the solution as a diff, which Apply puts into the editor and runs). The
 * lesson's text is the repository's own markdown, drawn as elements (never as HTML).
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Playground } from "../../host/playground.ts";
import { type Lesson, LESSON_FILE_DIR } from "../../lessons/lesson.ts";
import { LESSON_ERRORS, LESSONS } from "../../lessons/bundle.ts";
import { Markdown } from "../transcript/Markdown.tsx";
import { solutionDiff } from "./solution-diff.ts";
import "./lessons.css";

type Desk = Playground["lessons"];

function useDesk(desk: Desk) {
	return useSyncExternalStore(desk.store.subscribe, desk.store.get);
}

function Track({ desk, current }: { desk: Desk; current?: string }) {
	const { progress, opening } = useDesk(desk);
	const done = LESSONS.filter((lesson) => progress.done.includes(lesson.id)).length;
	return (
		<section aria-label="Lesson track">
			<h3>
				Lessons{" "}
				<span className="muted">
					({done} of {LESSONS.length} done)
				</span>
			</h3>
			<ol className="lesson-track">
				{LESSONS.map((lesson) => {
					const isDone = progress.done.includes(lesson.id);
					return (
						<li key={lesson.id} data-done={isDone} aria-current={lesson.id === current ? "page" : undefined}>
							<span className="lesson-mark" role="img" aria-label={isDone ? "done" : "not done"}>
								{isDone ? "✓" : "○"}
							</span>
							<button type="button" className="link-button" disabled={opening || lesson.id === current} onClick={() => void desk.open(lesson.id)}>
								{lesson.title}
							</button>
							<span className="muted"> {lesson.area}</span>
						</li>
					);
				})}
			</ol>
			{LESSON_ERRORS.map((error) => (
				<p key={error} className="error-text">
					{error}
				</p>
			))}
		</section>
	);
}

function ShowMe({ lesson, onApply }: { lesson: Lesson; onApply(): void }) {
	const files = solutionDiff(lesson);
	return (
		<section aria-label="Solution" className="lesson-solution">
			{files.map((file) => (
				<figure key={file.name}>
					<figcaption>
						{LESSON_FILE_DIR}/{file.name}
					</figcaption>
					<pre className="lesson-diff">
						{file.lines.map((line, i) => (
							<div key={i} className={`diff-${line.kind}`}>
								{line.kind === "added" ? "+ " : line.kind === "removed" ? "- " : "  "}
								{line.text}
							</div>
						))}
					</pre>
				</figure>
			))}
			<button type="button" onClick={onApply}>
				Apply the solution and Run
			</button>
		</section>
	);
}

export function LessonView({ playground, lesson }: { playground: Playground; lesson: Lesson }) {
	const desk = playground.lessons;
	const { goals, progress } = useDesk(desk);
	const [hint, setHint] = useState(false);
	const [showMe, setShowMe] = useState(false);
	const cwd = useSyncExternalStore(playground.store.subscribe, () => playground.store.get().workspace.cwd);
	const index = LESSONS.findIndex((l) => l.id === lesson.id);
	const next = LESSONS[index + 1];
	const done = goals.length > 0 && goals.every(Boolean);
	// The lesson's first file opens in the editor beside its text (its unsaved draft, if the learner left one).
	useEffect(() => {
		if (cwd) playground.editor.requestOpen(`${cwd}/${LESSON_FILE_DIR}/${lesson.start[0].name}`);
	}, [playground, cwd, lesson]);
	const apply = () => {
		if (!cwd) return;
		const [first, ...rest] = lesson.solution;
		void Promise.all(rest.map((file) => playground.editor.save(`${cwd}/${LESSON_FILE_DIR}/${file.name}`, file.content))).then(() =>
			playground.editor.requestOpen(`${cwd}/${LESSON_FILE_DIR}/${first.name}`, undefined, { replace: { text: first.content, run: true } }),
		);
	};
	return (
		<article className="lesson" aria-label={`Lesson ${lesson.title}`}>
			<p className="muted">
				Lesson {index + 1} of {LESSONS.length} · {lesson.area}
				{progress.done.includes(lesson.id) && " · done"}
			</p>
			<Markdown text={lesson.text} />
			<section aria-label="Goal" className="lesson-goal">
				<h3>Goal {done && <span className="lesson-done">✓ done</span>}</h3>
				<ul>
					{lesson.goals.map((goal, i) => (
						<li key={goal.label} data-met={goals[i] === true}>
							<input type="checkbox" readOnly checked={goals[i] === true} aria-label={goal.label} tabIndex={-1} />
							<span>{goal.label}</span>
						</li>
					))}
				</ul>
				<p className="muted">Send: {lesson.prompts.map((prompt) => `“${prompt}”`).join(", then ")}</p>
			</section>
			<div className="lesson-actions">
				<button type="button" aria-expanded={hint} onClick={() => setHint(!hint)}>
					Hint
				</button>
				<button type="button" aria-expanded={showMe} onClick={() => setShowMe(!showMe)}>
					Show me
				</button>
				<button type="button" onClick={() => void desk.restart(lesson.id)}>
					Start again
				</button>
				{next && (
					<button type="button" onClick={() => void desk.open(next.id)}>
						Next: {next.title}
					</button>
				)}
			</div>
			{hint && (
				<aside className="lesson-hint" aria-label="Hint">
					{lesson.hint}
				</aside>
			)}
			{showMe && <ShowMe lesson={lesson} onApply={apply} />}
		</article>
	);
}

export default function LessonsPanel({ playground }: { playground: Playground }) {
	const desk = playground.lessons;
	const { lesson, error, opening } = useDesk(desk);
	return (
		<section className="panel lessons-panel" aria-label="Lessons">
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			{opening && <p className="muted">Opening the lesson in a playground of its own…</p>}
			{lesson && <LessonView playground={playground} lesson={lesson} />}
			{!lesson && (
				<p className="muted">
					Each lesson opens in a playground of its own, beside yours: your files and sessions stay as they are. Its goal ticks itself when the session does what
					it asks.
				</p>
			)}
			<Track desk={desk} current={lesson?.id} />
		</section>
	);
}
