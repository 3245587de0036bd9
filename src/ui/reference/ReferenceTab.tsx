/**
 * The Reference tab: its panel, and the reference it searches (made from `src/api` at build time), load the first
 * time the tab is shown; the page's first load carries neither.
 */
import { lazy, Suspense, useContext, useState } from "react";
import { TabShown } from "../shell/PanelTabs.tsx";

const ReferencePanel = lazy(() => import("./ReferencePanel.tsx"));

export function ReferenceTab({ onOpenLesson }: { onOpenLesson(id: string): void }) {
	const shown = useContext(TabShown);
	const [wanted, setWanted] = useState(false);
	if (shown && !wanted) setWanted(true);
	if (!wanted) return null;
	return (
		<Suspense fallback={<p className="muted">Loading the API reference…</p>}>
			<ReferencePanel onOpenLesson={onOpenLesson} />
		</Suspense>
	);
}
