/**
 * `pi.events`: a channel bus shared by all extensions of a runtime. Handlers run asynchronously;
 * a throwing handler is reported and never reaches the emitter.
 */
import type { EventBus } from "../../api/types.ts";

export function createEventBus(onError: (channel: string, error: unknown) => void): EventBus & { clear(): void } {
	const channels = new Map<string, Set<(data: unknown) => void | Promise<void>>>();
	return {
		emit(channel, data) {
			for (const handler of [...(channels.get(channel) ?? [])]) {
				Promise.resolve()
					.then(() => handler(data))
					.catch((error) => onError(channel, error));
			}
		},
		on(channel, handler) {
			const set = channels.get(channel) ?? new Set();
			set.add(handler);
			channels.set(channel, set);
			return () => set.delete(handler);
		},
		clear() {
			channels.clear();
		},
	};
}
