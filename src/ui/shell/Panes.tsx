/**
 * The page's three panes: files and editor (the widest) | session | panels, with draggable dividers. At 768 px
 * wide and below they become tabs, one pane at a time, so nothing is cut off or scrolls sideways.
 * Every pane stays mounted (hidden when not shown), so what it holds survives switching.
 */
import { useEffect, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { SHOW_PANEL } from "./PanelTabs.tsx";
import { CodeIcon, PanelsIcon, SessionIcon } from "../design/kit/icons.ts";
import { panelId, TabList } from "../design/kit/Tabs.tsx";
import "./shell.css";

const NARROW = "(max-width: 768px)";
const MIN_PANE = 180;

function useNarrow(): boolean {
	const [narrow, setNarrow] = useState(() => globalThis.matchMedia?.(NARROW).matches ?? false);
	useEffect(() => {
		const query = globalThis.matchMedia?.(NARROW);
		if (!query) return;
		const onChange = () => setNarrow(query.matches);
		query.addEventListener("change", onChange);
		return () => query.removeEventListener("change", onChange);
	}, []);
	return narrow;
}

/**
 * The panes' first shares of the width. The code gets the most room (issue 30: a playground's code needs it): from
 * 1360 px up the session gives some of its own (at 1400 px the editor is 640 px wide, the session 410 px); below, the
 * session keeps its 36 %.
 */
function initialWidths(): { editor: number; panels: number } {
	return { editor: (globalThis.innerWidth ?? 0) >= 1360 ? 0.46 : 0.4, panels: 0.24 };
}

export type PaneId = "editor" | "session" | "panels";
const PANES: { id: PaneId; label: string; icon: ReactNode }[] = [
	{ id: "editor", label: "Editor", icon: <CodeIcon /> },
	{ id: "session", label: "Session", icon: <SessionIcon /> },
	{ id: "panels", label: "Panels", icon: <PanelsIcon /> },
];

/** A window splitter: `value` is the pane's share of the width, in percent, as the splitter pattern asks. */
function Divider({ label, value, onMove }: { label: string; value: number; onMove(delta: number): void }) {
	const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
		event.preventDefault();
		let last = event.clientX;
		const target = event.currentTarget;
		target.setPointerCapture(event.pointerId);
		const move = (e: globalThis.PointerEvent) => {
			onMove(e.clientX - last);
			last = e.clientX;
		};
		const up = () => {
			target.removeEventListener("pointermove", move);
			target.removeEventListener("pointerup", up);
		};
		target.addEventListener("pointermove", move);
		target.addEventListener("pointerup", up);
	};
	const onKeyDown = (event: KeyboardEvent) => {
		if (event.key === "ArrowLeft") onMove(-24);
		else if (event.key === "ArrowRight") onMove(24);
	};
	return (
		// biome-ignore lint/a11y/useSemanticElements: a focusable splitter is a separator an <hr> cannot be
		<div
			className="divider"
			role="separator"
			aria-orientation="vertical"
			aria-label={label}
			aria-valuenow={Math.round(value)}
			aria-valuemin={0}
			aria-valuemax={100}
			tabIndex={0}
			onPointerDown={onPointerDown}
			onKeyDown={onKeyDown}
		/>
	);
}

interface Props extends Record<PaneId, ReactNode> {
	/** Brings a pane into view when narrow (a new value each time: `at` tells requests apart). */
	reveal?: { pane: PaneId; at: number };
}

export function Panes({ editor, session, panels, reveal }: Props) {
	const narrow = useNarrow();
	const [shown, setShown] = useState<PaneId>("session");
	useEffect(() => {
		if (reveal) setShown(reveal.pane);
	}, [reveal]);
	useEffect(() => {
		const show = () => setShown("panels");
		window.addEventListener(SHOW_PANEL, show);
		return () => window.removeEventListener(SHOW_PANEL, show);
	}, []);
	const [widths, setWidths] = useState(initialWidths);
	const resize = (pane: "editor" | "panels", delta: number) =>
		setWidths((w) => {
			const total = window.innerWidth;
			const next = Math.max(MIN_PANE, Math.min(total * 0.6, w[pane] * total + (pane === "editor" ? delta : -delta))) / total;
			return { ...w, [pane]: next };
		});
	const content: Record<PaneId, ReactNode> = { editor, session, panels };
	if (narrow) {
		return (
			<div className="panes narrow">
				<TabList label="Panes" className="pane-tabs" prefix="panes" tabs={PANES} selected={shown} onSelect={(id) => setShown(id as PaneId)} />
				{PANES.map((pane) => (
					<div
						key={pane.id}
						id={panelId("panes", pane.id)}
						className={`pane pane-${pane.id}`}
						role="tabpanel"
						aria-label={pane.label}
						hidden={shown !== pane.id}
					>
						{content[pane.id]}
					</div>
				))}
			</div>
		);
	}
	return (
		<div className="panes" style={{ gridTemplateColumns: `${(widths.editor * 100).toFixed(2)}% 6px minmax(0, 1fr) 6px ${(widths.panels * 100).toFixed(2)}%` }}>
			<div className="pane pane-editor">{editor}</div>
			<Divider label="Resize the editor" value={widths.editor * 100} onMove={(delta) => resize("editor", delta)} />
			<div className="pane pane-session">{session}</div>
			<Divider label="Resize the panels" value={widths.panels * 100} onMove={(delta) => resize("panels", delta)} />
			<div className="pane pane-panels">{panels}</div>
		</div>
	);
}
