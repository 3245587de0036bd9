import { afterEach, describe, expect, it, vi } from "vitest";
import { nextFrame, Store } from "../../src/host/state/store.ts";

interface State {
	items: number[];
	last?: number;
	label: string;
}

/** A store whose scheduled flushes run when the test says (as the next animation frame would). */
function manualStore(initial: State = { items: [], label: "" }) {
	const pending: (() => void)[] = [];
	const store = new Store<State>(initial, (flush) => pending.push(flush));
	const frame = () => pending.splice(0).forEach((flush) => flush());
	let told = 0;
	store.subscribe(() => told++);
	return { store, frame, told: () => told, scheduled: () => pending.length };
}

describe("Store", () => {
	it("tells its listeners once a frame, however many changes came in it", () => {
		const { store, frame, told, scheduled } = manualStore();
		for (let i = 0; i < 1_000; i++) store.update((state) => ({ ...state, label: `change ${i}` }));
		expect(told()).toBe(0);
		expect(scheduled()).toBe(1);
		frame();
		expect(told()).toBe(1);
		expect(store.get().label).toBe("change 999");
	});

	it("shows every change to get at once, before the listeners are told", () => {
		const { store, told } = manualStore();
		store.update((state) => ({ ...state, label: "a" }));
		store.append("items", 1, { last: 1 });
		expect(store.get()).toEqual({ items: [1], last: 1, label: "a" });
		expect(told()).toBe(0);
	});

	it("applies changes in the order they were made, appends merged among them", () => {
		const { store, frame } = manualStore();
		store.append("items", 1, { last: 1 });
		store.append("items", 2, { last: 2 });
		store.update((state) => ({ ...state, label: `after ${state.items.join(",")}`, last: 0 }));
		store.append("items", 3);
		store.append("items", 4, { label: "appended" });
		frame();
		expect(store.get()).toEqual({ items: [1, 2, 3, 4], last: 0, label: "appended" });
	});

	it("copies the array once for appends that come together", () => {
		const { store, frame } = manualStore({ items: [0], label: "" });
		const before = store.get().items;
		const copies: number[][] = [];
		store.subscribe(() => copies.push(store.get().items));
		for (let i = 1; i <= 5_000; i++) store.append("items", i, { last: i });
		frame();
		expect(before).toEqual([0]);
		expect(copies).toHaveLength(1);
		expect(copies[0]).toHaveLength(5_001);
		expect(copies[0].at(-1)).toBe(5_000);
		expect(store.get().last).toBe(5_000);
	});

	it("appends an item that is itself an array as one item", () => {
		const store = new Store<{ rows: number[][] }>({ rows: [] }, () => undefined);
		store.append("rows", [1, 2]);
		store.append("rows", [3]);
		expect(store.get().rows).toEqual([[1, 2], [3]]);
	});

	it("does not tell the listeners when the changes leave the state as it was", () => {
		const { store, frame, told } = manualStore();
		store.update((state) => state);
		frame();
		expect(told()).toBe(0);
		store.update((state) => ({ ...state, label: "x" }));
		frame();
		store.update((state) => state);
		frame();
		expect(told()).toBe(1);
	});

	it("schedules again after a flush", () => {
		const { store, frame, told, scheduled } = manualStore();
		store.update((state) => ({ ...state, label: "one" }));
		frame();
		store.update((state) => ({ ...state, label: "two" }));
		expect(scheduled()).toBe(1);
		frame();
		expect(told()).toBe(2);
	});
});

describe("nextFrame", () => {
	afterEach(() => {
		vi.useRealTimers();
		vi.unstubAllGlobals();
	});

	/** Fake frames every 16 ms (as at 60 Hz); each store's flushes recorded with the time they ran. */
	function frames() {
		vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
		vi.stubGlobal("requestAnimationFrame", (callback: (time: number) => void) => setTimeout(() => callback(performance.now()), 16 - (performance.now() % 16)));
		const flushed: number[] = [];
		const schedule = () => nextFrame(() => flushed.push(performance.now()));
		return { flushed, schedule };
	}

	it("a change after a quiet while shows in the next frame", () => {
		const { flushed, schedule } = frames();
		vi.advanceTimersByTime(1_000);
		schedule();
		vi.advanceTimersByTime(17);
		expect(flushed).toHaveLength(1);
		expect(flushed[0]).toBeGreaterThan(1_000);
	});

	it("a steady stream of changes flushes at most once every 32 ms, never more than a frame late", () => {
		const { flushed } = frames();
		vi.advanceTimersByTime(1_000);
		// A change every 4 ms for half a second, each scheduled once its flush came (as a Store does).
		let pending = false;
		for (let t = 0; t < 500; t += 4) {
			if (!pending) {
				pending = true;
				nextFrame(() => {
					pending = false;
					flushed.push(performance.now());
				});
			}
			vi.advanceTimersByTime(4);
		}
		const gaps = flushed.slice(1).map((at, i) => at - flushed[i]);
		expect(Math.min(...gaps)).toBeGreaterThanOrEqual(32);
		expect(Math.max(...gaps)).toBeLessThanOrEqual(32 + 16 + 4);
		expect(flushed.length).toBeGreaterThan(8);
	});

	it("a steady stream whose flushes are costly flushes less often: the gap is four times the cost, 200 ms at most", () => {
		const { flushed } = frames();
		vi.advanceTimersByTime(1_000);
		const gapsAfter = (cost: number) => {
			flushed.length = 0;
			let pending = false;
			for (let t = 0; t < 1_500; t += 4) {
				if (!pending) {
					pending = true;
					nextFrame(() => {
						pending = false;
						flushed.push(performance.now());
						// The render, layout and paint this flush sets off, on the page's one thread.
						vi.advanceTimersByTime(cost);
					});
				}
				vi.advanceTimersByTime(4);
			}
			return flushed.slice(2).map((at, i) => at - flushed[i + 1]);
		};
		const cheap = gapsAfter(2);
		expect(Math.min(...cheap)).toBeGreaterThanOrEqual(32);
		expect(Math.max(...cheap)).toBeLessThanOrEqual(32 + 16 + 4);
		const costly = gapsAfter(20);
		expect(Math.min(...costly)).toBeGreaterThanOrEqual(80);
		expect(Math.max(...costly)).toBeLessThanOrEqual(80 + 16 + 20 + 4);
		const huge = gapsAfter(120);
		expect(Math.min(...huge)).toBeGreaterThanOrEqual(200);
		expect(Math.max(...huge)).toBeLessThanOrEqual(250 + 120 + 4);
		// Cheap again: back to every other frame.
		const again = gapsAfter(2);
		expect(Math.max(...again)).toBeLessThanOrEqual(32 + 16 + 4);
	});

	it("a hidden tab (no frames) still settles", () => {
		const { flushed, schedule } = frames();
		vi.advanceTimersByTime(1_000);
		schedule();
		// The first flush came; the next, within the gap, waits for a frame a hidden tab never gets.
		vi.advanceTimersByTime(17);
		vi.stubGlobal("requestAnimationFrame", () => 0);
		schedule();
		vi.advanceTimersByTime(300);
		expect(flushed).toHaveLength(2);
	});
});
