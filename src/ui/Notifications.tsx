/** `ctx.ui.notify` messages, newest last, each dismissable. */
import type { Notification } from "../host/playground-state.ts";

export function Notifications({ items, onDismiss }: { items: Notification[]; onDismiss(id: number): void }) {
	return (
		<div className="notifications" role="status" aria-label="Notifications">
			{items.map((item) => (
				<div key={item.id} className={`notification ${item.level}`}>
					<span className="source">{item.source}:</span> <span className="text">{item.message}</span>
					<button type="button" aria-label="Dismiss notification" onClick={() => onDismiss(item.id)}>
						×
					</button>
				</div>
			))}
		</div>
	);
}
