/**
 * One lesson in an embed (`?embed&lesson=<nn-name>`): its text, its goal checklist, the hint and "Show me", beside
 * the editor with its files and the session; no track. Loaded only by an embed that names a lesson.
 */
import { useSyncExternalStore } from "react";
import type { Playground } from "../../host/playground.ts";
import { LessonView } from "./LessonsPanel.tsx";
import "./lessons.css";

export default function EmbeddedLesson({ playground }: { playground: Playground }) {
	const desk = playground.lessons;
	const { lesson, error, opening } = useSyncExternalStore(desk.store.subscribe, desk.store.get);
	return (
		<section className="panel lessons-panel embed-lesson" aria-label="Lessons">
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			{(opening || (!lesson && !error)) && <p className="muted">Opening the lesson…</p>}
			{lesson && <LessonView playground={playground} lesson={lesson} />}
		</section>
	);
}
