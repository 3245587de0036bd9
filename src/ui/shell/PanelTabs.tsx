/** The panels as tabs: one shown at a time; every tab stays mounted, so its state survives switching. */
import { createContext, useState, type ReactNode } from "react";
import "./shell.css";

/** Whether the tab a panel is in is shown: a hidden panel that follows a busy store may stop following it. */
export const TabShown = createContext(true);

export interface PanelTab {
	id: string;
	label: string;
	content: ReactNode;
}

export function PanelTabs({ tabs, initial }: { tabs: PanelTab[]; initial?: string }) {
	const [shown, setShown] = useState(initial ?? tabs[0]?.id);
	return (
		<div className="panel-tabs">
			<div role="tablist" aria-label="Panels" className="panel-tab-list">
				{tabs.map((tab) => (
					<button key={tab.id} type="button" role="tab" aria-selected={shown === tab.id} onClick={() => setShown(tab.id)}>
						{tab.label}
					</button>
				))}
			</div>
			{tabs.map((tab) => (
				<div key={tab.id} role="tabpanel" aria-label={`${tab.label} tab`} className="panel-tab" hidden={shown !== tab.id}>
					<TabShown.Provider value={shown === tab.id}>{tab.content}</TabShown.Provider>
				</div>
			))}
		</div>
	);
}
