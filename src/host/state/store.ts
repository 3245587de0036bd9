/**
 * A tiny external store for React's useSyncExternalStore. Changes queue up in order and listeners are
 * told at most once per animation frame, however many changes came in it: a worker that sends thousands
 * of events costs the page one render a frame at most, not one each. `get` always sees every change made so far.
 */
export type Schedule = (flush: () => void) => void;

/** A hidden tab gets no animation frames; its state still settles this often (ms). */
const WITHOUT_FRAMES_MS = 250;

/**
 * The least time between two flushes of the page's stores (ms): a change after a quiet while shows in the next
 * frame, a steady stream of them (a fast agent run, a streamed reply) every other frame at 60 Hz or less often.
 */
const MIN_FLUSH_GAP_MS = 32;
/** The most: a run's transcript still moves five times a second however costly its frames. */
const MAX_FLUSH_GAP_MS = 200;
/**
 * Each flush is a render, a layout and a paint on the one thread that also answers the runtime, on a machine whose
 * few cores the runtime, the gateway and the session writer share with it. So the gap after a flush is this many
 * times what the flush cost: while changes keep coming, drawing them takes at most about a fifth of the page's
 * thread. A streamed reply's frames are cheap (its text grows), so it keeps the shortest gap; a fast run's frames
 * (new rows, the virtual list measured again) cost more and come less often. Measured on a 2-core machine, a
 * 100-call run's turns took 19 ms at a 32 ms gap and 15 ms with no rendering to speak of.
 */
const GAP_PER_COST = 4;
let lastFlush = Number.NEGATIVE_INFINITY;
let gap = MIN_FLUSH_GAP_MS;

/**
 * What a flush cost: from its start until the task after its frame, so the render, layout and paint it set off
 * count (and whatever else the page ran meanwhile, which only makes the next gap longer, never shorter than the least).
 */
function measure(started: number): void {
	setTimeout(() => {
		gap = Math.min(MAX_FLUSH_GAP_MS, Math.max(MIN_FLUSH_GAP_MS, (performance.now() - started) * GAP_PER_COST));
	}, 0);
}

/** Flushes before a paint at least the gap after the last, or after a while where the page paints nothing (a hidden tab). */
export const nextFrame: Schedule = (flush) => {
	let done = false;
	const once = (inFrame: boolean) => {
		if (done) return;
		if (inFrame && performance.now() - lastFlush < gap) {
			requestAnimationFrame(() => once(true));
			return;
		}
		done = true;
		lastFlush = performance.now();
		flush();
		if (inFrame) measure(lastFlush);
	};
	const frames = typeof requestAnimationFrame === "function";
	if (frames) requestAnimationFrame(() => once(true));
	setTimeout(() => once(false), frames ? WITHOUT_FRAMES_MS : 0);
};

/** The keys of S that hold arrays. */
type ArrayKey<S> = { [K in keyof S]: S[K] extends readonly unknown[] ? K : never }[keyof S];
type ItemOf<A> = A extends readonly (infer T)[] ? T : never;

type Queued<S> = { change: (state: S) => S } | { key: keyof S; items: unknown[]; patches: Partial<S>[] };

export class Store<S> {
	private readonly listeners = new Set<() => void>();
	private queue: Queued<S>[] = [];
	private scheduled = false;
	private told: S;

	constructor(
		private state: S,
		private readonly schedule: Schedule = nextFrame,
	) {
		this.told = state;
	}

	get = (): S => {
		if (this.queue.length > 0) this.settle();
		return this.state;
	};

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	/** Queues a change; returning the state unchanged changes nothing (listeners are not told). */
	update(change: (state: S) => S): void {
		this.queue.push({ change });
		this.later();
	}

	/** Queues a patch: its keys replace the state's. */
	set(patch: Partial<S>): void {
		this.update((state) => ({ ...state, ...patch }));
	}

	/**
	 * Appends `item` to the array under `key`, then applies `patch` (which must not hold `key`). Appends
	 * queued one after another become one: the array is copied once for all of them.
	 */
	append<K extends ArrayKey<S>>(key: K, item: ItemOf<S[K]>, patch: Partial<Omit<S, K>> = {}): void {
		const last = this.queue.at(-1);
		if (last && "key" in last && last.key === key) {
			last.items.push(item);
			last.patches.push(patch as Partial<S>);
		} else {
			this.queue.push({ key, items: [item], patches: [patch as Partial<S>] });
		}
		this.later();
	}

	/** Tells the listeners now if anything changed since they were last told (the scheduled flush does this). */
	flush = (): void => {
		this.scheduled = false;
		this.settle();
		if (this.state === this.told) return;
		this.told = this.state;
		for (const listener of this.listeners) listener();
	};

	private later(): void {
		if (this.scheduled) return;
		this.scheduled = true;
		this.schedule(this.flush);
	}

	private settle(): void {
		const queue = this.queue;
		this.queue = [];
		for (const queued of queue) {
			if ("change" in queued) {
				this.state = queued.change(this.state);
				continue;
			}
			const current = this.state[queued.key] as unknown[];
			this.state = Object.assign({ ...this.state, [queued.key]: [...current, ...queued.items] }, ...queued.patches);
		}
	}
}
