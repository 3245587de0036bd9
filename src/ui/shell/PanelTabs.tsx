/**
 * The panels as tabs (the kit's tab list: arrows, Home and End move between them): one shown at a time; every tab
 * stays mounted, so its state survives switching.
 */
import { createContext, type ReactNode, useId, useState } from "react";
import { panelId, TabList } from "../design/kit/Tabs.tsx";
import "./shell.css";

/** Whether the tab a panel is in is shown: a hidden panel that follows a busy store may stop following it. */
export const TabShown = createContext(true);

export interface PanelTab {
	id: string;
	label: string;
	icon?: ReactNode;
	content: ReactNode;
}

export function PanelTabs({ tabs, initial }: { tabs: PanelTab[]; initial?: string }) {
	const [shown, setShown] = useState(initial ?? tabs[0]?.id);
	const prefix = useId().replaceAll(":", "");
	return (
		<div className="panel-tabs">
			<TabList label="Panels" className="panel-tab-list pills" prefix={prefix} tabs={tabs} selected={shown} onSelect={setShown} />
			{tabs.map((tab) => (
				<div key={tab.id} id={panelId(prefix, tab.id)} role="tabpanel" aria-label={`${tab.label} tab`} className="panel-tab" hidden={shown !== tab.id}>
					<TabShown.Provider value={shown === tab.id}>{tab.content}</TabShown.Provider>
				</div>
			))}
		</div>
	);
}
