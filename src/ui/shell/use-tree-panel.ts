/** The session tree's panel, loaded on demand. */
import { useEffect, useState } from "react";

type TreePanelComponent = typeof import("../panels/TreePanel.tsx").TreePanel;

/**
 * The tree panel (and its list library) is not part of the page's first load: it loads once the
 * runtime is ready, or when opened before that.
 */
export function useTreePanel(wanted: boolean, onError: (message: string) => void): TreePanelComponent | undefined {
	const [panel, setPanel] = useState<{ component: TreePanelComponent }>();
	useEffect(() => {
		if (!wanted || panel) return;
		let current = true;
		import("../panels/TreePanel.tsx").then(
			(module) => current && setPanel({ component: module.TreePanel }),
			(error: Error) => current && onError(`The tree panel did not load: ${error.message}`),
		);
		return () => {
			current = false;
		};
	}, [wanted, panel, onError]);
	return panel?.component;
}
