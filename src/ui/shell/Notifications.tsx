/**
 * `ctx.ui.notify` messages and the page's own, newest last, each dismissable. Messages from the session
 * runtime are styled apart from the page's, and never carry the page's name (see `sessionSource`). The
 * host keeps only a few (see display-limits.ts); those it took off to make room are counted here, by source.
 *
 * Toasts go out of view by themselves (sooner for info than for errors; never while the pointer or focus
 * is on them), and at most VISIBLE show at once, the counts of those taken off included. One gone from view stays in the list, read by screen
 * readers' history and kept until dismissed or pushed out by the host's bound.
 */
import { memo, useEffect, useMemo, useRef, useState } from "react";
import type { Notification } from "../../host/state/playground-state.ts";
import "./shell.css";

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

/** A box in the stack: a notification, or the count of those a source had taken off ("N more not shown"). */
interface Toast {
	/** Changes when the box says something new, so its time starts again. */
	key: string;
	level: string;
	/** Shown longer: a repeated message. */
	repeated?: boolean;
}

function toastsOf(items: Notification[], dropped: Record<string, number>): Toast[] {
	return [
		...Object.entries(dropped).map(([source, count]) => ({ key: droppedKey(source, count), level: "info" })),
		...items.map((item) => ({ key: itemKey(item), level: item.level, repeated: (item.count ?? 1) > 1 })),
	];
}
const droppedKey = (source: string, count: number) => `dropped:${source}:${count}`;
const itemKey = (item: Notification) => `item:${item.id}`;

/**
 * Keys of the boxes whose time in view is up. Each box's time runs from when it first showed, whatever else comes
 * and goes; a hovered or focused box's clock waits, and starts again in full once it is let go.
 */
function useExpired(toasts: Toast[], held: string | undefined): Set<string> {
	const [expired, setExpired] = useState<Set<string>>(() => new Set());
	const deadlines = useRef(new Map<string, number>());
	useEffect(() => {
		const now = Date.now();
		const known = deadlines.current;
		for (const key of known.keys()) if (key === held || !toasts.some((toast) => toast.key === key)) known.delete(key);
		const timers = toasts
			.filter((toast) => !expired.has(toast.key) && toast.key !== held)
			.map((toast) => {
				const deadline = known.get(toast.key) ?? now + (SHOWN_MS[toast.level] ?? SHOWN_MS.info) * (toast.repeated ? 1.5 : 1);
				known.set(toast.key, deadline);
				return setTimeout(() => setExpired((current) => new Set(current).add(toast.key)), Math.max(0, deadline - now));
			});
		return () => {
			for (const timer of timers) clearTimeout(timer);
		};
	}, [toasts, expired, held]);
	return expired;
}

export const Notifications = memo(function Notifications({ items, dropped, onDismiss, onDismissDropped }: Props) {
	const [held, setHeld] = useState<string>();
	const toasts = useMemo(() => toastsOf(items, dropped), [items, dropped]);
	const expired = useExpired(toasts, held);
	// The newest VISIBLE boxes whose time is not up; the counts of those taken off are the oldest.
	const inView = new Set(
		toasts
			.filter((toast) => !expired.has(toast.key))
			.slice(-VISIBLE)
			.map((toast) => toast.key),
	);
	const holding = (key: string) => ({
		onPointerEnter: () => setHeld(key),
		onPointerLeave: () => setHeld(undefined),
		onFocus: () => setHeld(key),
		onBlur: () => setHeld(undefined),
	});
	return (
		<div className="notifications" role="status" aria-label="Notifications">
			{Object.entries(dropped).map(([source, count]) => (
				<div
					key={`dropped:${source}`}
					className="notification dropped"
					aria-label="Notifications not shown"
					hidden={!inView.has(droppedKey(source, count))}
					{...holding(droppedKey(source, count))}
				>
					<span className="source">{source}:</span> <span className="text">{formatCount(count)} more not shown</span>
					<button type="button" aria-label="Dismiss notification" onClick={() => onDismissDropped(source)}>
						×
					</button>
				</div>
			))}
			{items.map((item) => (
				<div
					key={item.id}
					className={`notification ${item.level} from-${item.origin}`}
					data-origin={item.origin}
					role={item.level === "error" ? "alert" : undefined}
					hidden={!inView.has(itemKey(item))}
					{...holding(itemKey(item))}
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
