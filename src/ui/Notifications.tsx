/**
 * `ctx.ui.notify` messages and the page's own, newest last, each dismissable. Messages from the session
 * runtime are styled apart from the page's, and never carry the page's name (see `sessionSource`).
 */
import type { Notification } from "../host/playground-state.ts";

export function Notifications({ items, onDismiss }: { items: Notification[]; onDismiss(id: number): void }) {
	return (
		<div className="notifications" role="status" aria-label="Notifications">
			{items.map((item) => (
				<div key={item.id} className={`notification ${item.level} from-${item.origin}`} data-origin={item.origin}>
					<span className="source">{item.source}:</span> <span className="text">{item.message}</span>
					<button type="button" aria-label="Dismiss notification" onClick={() => onDismiss(item.id)}>
						×
					</button>
				</div>
			))}
		</div>
	);
}
