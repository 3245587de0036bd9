/**
 * The panels as tabs (the kit's tab list: arrows, Home and End move between them): one shown at a time. A tab's
 * panel is made the first time it is shown and stays mounted after, so its state survives switching, while the
 * panels never opened cost nothing: neither at start nor on each render of a busy run.
 */
import { createContext, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { panelId, TabList } from "../design/kit/Tabs.tsx";
import "./shell.css";

/** Whether the tab a panel is in is shown: a hidden panel that follows a busy store may stop following it. */
export const TabShown = createContext(true);

/** Asks the page to show a panel's tab (and, when narrow, the panels' pane): a link elsewhere in the page opens a tab. */
export const SHOW_PANEL = "playa:show-panel";
export const showPanel = (id: string): boolean => window.dispatchEvent(new CustomEvent(SHOW_PANEL, { detail: id }));

export interface PanelTab {
	id: string;
	label: string;
	icon?: ReactNode;
	content: ReactNode;
}

export function PanelTabs({ tabs, initial }: { tabs: PanelTab[]; initial?: string }) {
	const [shown, setShown] = useState(initial ?? tabs[0]?.id);
	// The tabs shown so far: their panels stay mounted.
	const [opened, setOpened] = useState<ReadonlySet<string | undefined>>(() => new Set([shown]));
	if (!opened.has(shown)) setOpened(new Set([...opened, shown]));
	const prefix = useId().replaceAll(":", "");
	const root = useRef<HTMLDivElement>(null);
	const ids = tabs.map((tab) => tab.id).join(" ");
	useEffect(() => {
		const show = (event: Event) => {
			const at = ids.split(" ").indexOf((event as CustomEvent<unknown>).detail as string);
			if (at < 0) return;
			setShown(ids.split(" ")[at]);
			// The tab takes the focus, so a keyboard goes on into the panel.
			requestAnimationFrame(() => root.current?.querySelectorAll<HTMLElement>('.panel-tab-list [role="tab"]')[at]?.focus());
		};
		window.addEventListener(SHOW_PANEL, show);
		return () => window.removeEventListener(SHOW_PANEL, show);
	}, [ids]);
	return (
		<div ref={root} className="panel-tabs">
			<TabList label="Panels" className="panel-tab-list pills" prefix={prefix} tabs={tabs} selected={shown} onSelect={setShown} />
			{tabs.map((tab) => (
				<div key={tab.id} id={panelId(prefix, tab.id)} role="tabpanel" aria-label={`${tab.label} tab`} className="panel-tab" hidden={shown !== tab.id}>
					{opened.has(tab.id) && <TabShown.Provider value={shown === tab.id}>{tab.content}</TabShown.Provider>}
				</div>
			))}
		</div>
	);
}
