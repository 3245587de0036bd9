/** Extensions' widgets above or below the composer (ctx.ui.setWidget), as ANSI text. */
import { memo } from "react";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { ansiToNodes } from "../design/ansi.tsx";
import { formatCount } from "./Notifications.tsx";

/** Memoized: the page renders once a frame while a runtime sends events, and widgets change seldom. */
export const Widgets = memo(function Widgets({ widgets, placement }: { widgets: PlaygroundState["widgets"]; placement: "aboveEditor" | "belowEditor" }) {
	const shown = Object.entries(widgets).filter(([, widget]) => widget.placement === placement);
	if (shown.length === 0) return null;
	return (
		<div className="widgets">
			{shown.map(([key, widget]) => (
				<pre key={key} aria-label={`Widget ${key}`}>
					{widget.lines.map((line, i) => (
						<div key={i}>{line ? ansiToNodes(line, String(i)) : "\u00a0"}</div>
					))}
					{widget.hiddenLines > 0 && <div className="muted widget-more">… {formatCount(widget.hiddenLines)} more lines not shown</div>}
				</pre>
			))}
		</div>
	);
});
