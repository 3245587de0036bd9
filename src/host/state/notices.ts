/**
 * The page's notifications: its own messages and those the runtime sends, bounded (display-limits.ts).
 * Information goes away by itself; warnings and errors stay until dismissed.
 */
import { withBoundedKey, withNotice } from "./display-limits.ts";
import type { Notification, PlaygroundState } from "./playground-state.ts";
import type { Store } from "./store.ts";

const INFO_NOTICE_MS = 8_000;

export class Notices {
	private next = 1;
	private refusedShown = false;

	constructor(private readonly store: Store<PlaygroundState>) {}

	notify(message: string, level: Notification["level"], source: string, origin: Notification["origin"] = "page"): void {
		const notification: Notification = { id: this.next++, message, level, source, origin };
		this.store.update((state) => ({ ...state, ...withNotice(state, notification) }));
		if (level === "info") setTimeout(() => this.dismiss(notification.id), INFO_NOTICE_MS);
	}

	/** An error of the page itself (not of an extension), shown until dismissed. */
	readonly error = (message: string): void => this.notify(message, "error", "Playa");

	dismiss(id: number): void {
		this.store.update((state) =>
			state.notifications.some((n) => n.id === id) ? { ...state, notifications: state.notifications.filter((n) => n.id !== id) } : state,
		);
	}

	/** Forgets the count of `source`'s notifications that were taken off to make room. */
	dismissDropped(source: string): void {
		this.store.update((state) => ({ ...state, droppedNotifications: withBoundedKey(state.droppedNotifications, source, undefined) }));
	}

	/** A message of the runtime's the page did not accept: logged each time, shown once. */
	refused(problem: string): void {
		console.warn(`Playa ignored a message from the runtime worker: ${problem}`);
		if (this.refusedShown) return;
		this.refusedShown = true;
		this.notify(`The runtime sent a message the page does not accept; it was ignored (${problem.slice(0, 200)}).`, "warning", "Playa");
	}
}
