/**
 * `ctx.ui.notify` messages and the page's own, newest last, each dismissable. Messages from the session
 * runtime are styled apart from the page's, and never carry the page's name (see `sessionSource`). The
 * host keeps only a few (see display-limits.ts); those it took off to make room are counted here, by source.
 *
 * Toasts go out of view by themselves (sooner for info than for errors; never while the pointer or focus
 * is on them), and at most VISIBLE show at once. One gone from view stays in the list, read by screen
 * readers' history and kept until dismissed or pushed out by the host's bound.
 */
import { memo, useEffect, useState } from "react";
import type { Notification } from "../host/playground-state.ts";

/** One formatter for all counts: `toLocaleString` builds a new one on each call. */
export const formatCount = new Intl.NumberFormat("en").format;

export const VISIBLE = 3;
const SHOWN_MS: Record<string, number> = { info: 6_000, warning: 10_000, error: 15_000 };

interface Props {
	items: Notification[];
	dropped: Record<string, number>;
	onDismiss(id: number): void;
	onDismissDropped(source: string): void;
}

/** Ids whose time in view is up; a hovered or focused toast's clock waits. */
function useExpired(items: Notification[], held: number | undefined): Set<number> {
	const [expired, setExpired] = useState<Set<number>>(() => new Set());
	useEffect(() => {
		const timers = items
			.filter((item) => !expired.has(item.id) && item.id !== held)
			.map((item) =>
				setTimeout(
					() => setExpired((current) => new Set(current).add(item.id)),
					(SHOWN_MS[item.level] ?? SHOWN_MS.info) * (item.count && item.count > 1 ? 1.5 : 1),
				),
			);
		return () => {
			for (const timer of timers) clearTimeout(timer);
		};
	}, [items, expired, held]);
	return expired;
}

export const Notifications = memo(function Notifications({ items, dropped, onDismiss, onDismissDropped }: Props) {
	const [held, setHeld] = useState<number>();
	const expired = useExpired(items, held);
	const inView = new Set(
		items
			.filter((item) => !expired.has(item.id))
			.slice(-VISIBLE)
			.map((item) => item.id),
	);
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
				// biome-ignore lint/a11y/noStaticElementInteractions: pointing only holds the toast open; focus does the same for keyboards
				<div
					key={item.id}
					className={`notification ${item.level} from-${item.origin}`}
					data-origin={item.origin}
					role={item.level === "error" ? "alert" : undefined}
					hidden={!inView.has(item.id)}
					onPointerEnter={() => setHeld(item.id)}
					onPointerLeave={() => setHeld(undefined)}
					onFocus={() => setHeld(item.id)}
					onBlur={() => setHeld(undefined)}
				>
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
