import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";
import { runtimeBridge, storedWrites, type RuntimeEventsDeps } from "../../src/host/runtime/runtime-events.ts";
import { initialPlaygroundState, startingPatch, type PlaygroundState } from "../../src/host/state/playground-state.ts";
import { RunLog } from "../../src/host/state/run-log.ts";
import { Store } from "../../src/host/state/store.ts";

/** The page's side of one runtime, with a store whose frames run when the test says and a database that stores at once. */
function page() {
	const frames: (() => void)[] = [];
	const store = new Store<PlaygroundState>(initialPlaygroundState(), (flush) => frames.push(flush));
	const seen: PlaygroundState[] = [];
	store.subscribe(() => seen.push(store.get()));
	let listed = 0;
	const deps = {
		store,
		databases: { current: { appendEntry: async () => {}, setLeaf: async () => {} } },
		notices: { refused: () => {}, notify: () => {} },
		sessions: { renameSession: async () => {}, refresh: async () => void listed++ },
		generation: () => 1,
		runLog: new RunLog(),
	} as unknown as RuntimeEventsDeps;
	const bridge = runtimeBridge(deps, 1, "s1");
	const writes = storedWrites(deps, 1);
	return {
		emit: (event: RuntimeEvent) => bridge.emit(event),
		/** What the session writer tells the page once it stored a write. */
		stored: (event: RuntimeEvent) => writes.stored(event as Parameters<typeof writes.stored>[0]),
		frame: () => frames.splice(0).forEach((flush) => flush()),
		seen,
		/** How many times the Sessions panel's list was read again. */
		listed: () => listed,
	};
}

const reply = { role: "assistant", content: [{ type: "text", text: "Hello" }], timestamp: 1 };

/** The runtime's event for `message` appended as entry `id`. */
function appended(id: string, parentId: string | null, message: object): RuntimeEvent {
	return { type: "entry_appended", sessionId: "s1", entry: { type: "message", id, parentId, timestamp: "t", message }, leafId: id } as RuntimeEvent;
}

describe("runtime events on the page", () => {
	it("a reply's stored entry replaces its streamed copy in the same frame: never shown twice", async () => {
		const { emit, frame, seen } = page();
		await emit({ type: "streaming", message: reply } as RuntimeEvent);
		frame();
		expect(seen.at(-1)?.streaming).toEqual(reply);
		// The runtime ends the stream only after the page has stored the entry: a frame may come between.
		await emit(appended("e1", null, reply));
		frame();
		const after = seen.at(-1);
		expect(after?.entries.map((entry) => entry.id)).toEqual(["e1"]);
		expect(after?.streaming).toBeUndefined();
	});

	it("a user message or tool result appended while a reply streams leaves the stream on screen", async () => {
		const { emit, frame, seen } = page();
		await emit({ type: "streaming", message: reply } as RuntimeEvent);
		const user = { role: "user", content: "hi", timestamp: 2 };
		await emit(appended("u1", null, user));
		frame();
		expect(seen.at(-1)?.streaming).toEqual(reply);
	});

	it("a reply stored by the session writer after the next reply began streaming leaves the new stream on screen", () => {
		const { emit, stored, frame, seen } = page();
		const next = { ...reply, content: [{ type: "text", text: "Next" }], timestamp: 2 };
		// The writer's report and the runtime's events come on different ports: the next stream may be first.
		void emit({ type: "streaming", message: next } as RuntimeEvent);
		stored(appended("e1", null, reply));
		frame();
		expect(seen.at(-1)?.entries.map((entry) => entry.id)).toEqual(["e1"]);
		expect(seen.at(-1)?.streaming).toEqual(next);
		// Its own stored entry ends it.
		stored(appended("e2", "e1", next));
		frame();
		expect(seen.at(-1)?.entries.map((entry) => entry.id)).toEqual(["e1", "e2"]);
		expect(seen.at(-1)?.streaming).toBeUndefined();
	});

	it("an entry stored after its run ended is counted in the Sessions panel then, not at the next run's end", async () => {
		const { emit, stored, listed } = page();
		await emit({ type: "run_state", running: true } as RuntimeEvent);
		stored(appended("u1", null, { role: "user", content: "hi", timestamp: 1 }));
		expect(listed()).toBe(0);
		await emit({ type: "run_state", running: false } as RuntimeEvent);
		expect(listed()).toBe(1);
		// The writer's report of the reply comes after the runtime said the run ended (they use different ports).
		stored(appended("e1", "u1", reply));
		expect(listed()).toBe(2);
	});
});

describe("a new runtime", () => {
	it("starts with nothing the one before drew: widgets, statuses, the title, the working indicator and thinking label", () => {
		const store = new Store<PlaygroundState>(initialPlaygroundState(), () => {});
		const deps = { store, generation: () => 1, runLog: new RunLog() } as unknown as RuntimeEventsDeps;
		const bridge = runtimeBridge(deps, 1, "s1");
		for (const event of [
			{ type: "widget", key: "card", lines: ["A pi-tui card"], placement: "aboveEditor" },
			{ type: "status", key: "build", text: "built" },
			{ type: "title", title: "Built" },
			{ type: "working_visible", visible: false },
			{ type: "thinking_label", label: "Pondering" },
		] satisfies RuntimeEvent[])
			bridge.emit(event);
		expect(store.get()).toMatchObject({ widgets: { card: {} }, statuses: { build: "built" }, title: "Built", workingHidden: true, thinkingLabel: "Pondering" });
		// As pi does on a reload or a session switch (resetExtensionUI): the new runtime's extensions draw again if they want to.
		const started = { ...store.get(), ...startingPatch() };
		const { widgets, statuses, title, workingHidden, thinkingLabel } = started;
		expect({ widgets, statuses, title, workingHidden, thinkingLabel }).toEqual({
			widgets: {},
			statuses: {},
			title: undefined,
			workingHidden: undefined,
			thinkingLabel: undefined,
		});
	});
});
