/**
 * The Lessons tab: its panel (and the lessons it lists) loads the first time the tab is shown, or at once on a
 * lesson's page; the page's first load carries neither.
 */
import { lazy, Suspense, useContext, useState } from "react";
import type { Playground } from "../../host/playground.ts";
import { TabShown } from "../shell/PanelTabs.tsx";

const LessonsPanel = lazy(() => import("./LessonsPanel.tsx"));

export function LessonsTab({ playground }: { playground: Playground }) {
	const shown = useContext(TabShown);
	const [wanted, setWanted] = useState(false);
	if ((shown || playground.lessons.lessonId) && !wanted) setWanted(true);
	if (!wanted) return null;
	return (
		<Suspense fallback={<p className="muted">Loading the lessons…</p>}>
			<LessonsPanel playground={playground} />
		</Suspense>
	);
}
