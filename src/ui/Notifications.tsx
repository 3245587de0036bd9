/**
 * `ctx.ui.notify` messages and the page's own, newest last, each dismissable. Messages from the session
 * runtime are styled apart from the page's, and never carry the page's name (see `sessionSource`). The
 * host keeps only a few (see display-limits.ts); those it took off to make room are counted here, by source.
 */
import { memo } from "react";
import type { Notification } from "../host/playground-state.ts";

/** One formatter for all counts: `toLocaleString` builds a new one on each call. */
export const formatCount = new Intl.NumberFormat("en").format;

interface Props {
	items: Notification[];
	dropped: Record<string, number>;
	onDismiss(id: number): void;
	onDismissDropped(source: string): void;
}

export const Notifications = memo(function Notifications({ items, dropped, onDismiss, onDismissDropped }: Props) {
	return (
		<div className="notifications" role="status" aria-label="Notifications">
			{Object.entries(dropped).map(([source, count]) => (
				<div key={`dropped:${source}`} className="notification dropped" aria-label="Notifications not shown">
					<span className="source">{source}:</span> <span className="text">{formatCount(count)} more not shown</span>
					<button type="button" aria-label="Dismiss notification" onClick={() => onDismissDropped(source)}>
						×
					</button>
				</div>
			))}
			{items.map((item) => (
				<div key={item.id} className={`notification ${item.level} from-${item.origin}`} data-origin={item.origin}>
					<span className="source">{item.source}:</span> <span className="text">{item.message}</span>
					{item.count && item.count > 1 ? <span className="repeat muted"> ×{item.count}</span> : null}
					<button type="button" aria-label="Dismiss notification" onClick={() => onDismiss(item.id)}>
						×
					</button>
				</div>
			))}
		</div>
	);
});
