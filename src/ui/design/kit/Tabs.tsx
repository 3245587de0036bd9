/**
 * A tab list (the ARIA tabs pattern): one tab in the page's Tab order, the selected one; the arrow keys move to the
 * next or previous tab and show it, Home and End go to the first and last. Each tab controls the panel with the id
 * `panelId(prefix, id)`, which the caller renders (and may keep mounted while hidden).
 */
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import "./kit.css";

export interface TabItem {
	id: string;
	label: string;
	icon?: ReactNode;
}

export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;
export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;

interface Props {
	/** The list's accessible name ("Panels"). */
	label: string;
	tabs: TabItem[];
	selected: string;
	onSelect(id: string): void;
	/** Makes the ids of tabs and panels unique in the page. */
	prefix: string;
	className?: string;
}

export function TabList({ label, tabs, selected, onSelect, prefix, className }: Props) {
	const list = useRef<HTMLDivElement>(null);
	const go = (index: number) => {
		const tab = tabs[(index + tabs.length) % tabs.length];
		onSelect(tab.id);
		list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(prefix, tab.id))}`)?.focus();
	};
	const onKeyDown = (event: KeyboardEvent) => {
		const at = tabs.findIndex((tab) => tab.id === selected);
		const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
		if (to === undefined) return;
		event.preventDefault();
		go(to);
	};
	return (
		<div ref={list} role="tablist" aria-label={label} className={`tab-list${className ? ` ${className}` : ""}`} onKeyDown={onKeyDown}>
			{tabs.map((tab) => (
				<button
					key={tab.id}
					id={tabId(prefix, tab.id)}
					type="button"
					role="tab"
					className="tab"
					aria-selected={selected === tab.id}
					aria-controls={panelId(prefix, tab.id)}
					tabIndex={selected === tab.id ? 0 : -1}
					onClick={() => onSelect(tab.id)}
				>
					{tab.icon && (
						<span className="tab-icon" aria-hidden="true">
							{tab.icon}
						</span>
					)}
					{tab.label}
				</button>
			))}
		</div>
	);
}
