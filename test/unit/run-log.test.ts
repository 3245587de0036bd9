import { describe, expect, it } from "vitest";
import { ScenarioDesk } from "../../src/host/scenario/scenario-desk.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../src/host/state/playground-state.ts";
import { RUN_LOG_LIMITS, RunLog } from "../../src/host/state/run-log.ts";
import { Store } from "../../src/host/state/store.ts";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";

const notify = (message: string): RuntimeEvent => ({ type: "notify", message, level: "info" }) as RuntimeEvent;

/** A run of one prompt in `session`, on a runtime started on an empty session (or not). */
function run(log: RunLog, generation: number, session: string, said: string, entries = 0) {
	log.begin(generation, session, entries);
	log.event(generation, notify("loaded"));
	log.submitted("/say");
	log.event(generation, notify(said));
	// A runtime since replaced changes nothing.
	log.event(generation - 1, notify("late"));
}

describe("the run log", () => {
	it("cuts the current run into the start and a part per prompt, and keeps only the events the recorder reads", () => {
		const log = new RunLog();
		run(log, 1, "a", "hello");
		log.event(1, { type: "run_state", running: false } as RuntimeEvent);
		expect(log.current()).toMatchObject({
			sessionId: "a",
			fromStart: true,
			cut: false,
			start: [notify("loaded")],
			steps: [{ prompt: "/say", events: [notify("hello")] }],
		});
	});

	it("keeps each session's latest run watched from its start for comparing, and not one opened with entries", () => {
		const log = new RunLog();
		run(log, 1, "a", "hello");
		run(log, 2, "b", "bye");
		run(log, 3, "c", "reopened", 4);
		expect(log.runs().map((r) => r.sessionId)).toEqual(["a", "b"]);
		for (let i = 0; i < RUN_LOG_LIMITS.runs + 2; i++) run(log, 10 + i, `s${i}`, "x");
		expect(log.runs()).toHaveLength(RUN_LOG_LIMITS.runs + 1);
		expect(log.runs().map((r) => r.sessionId)).not.toContain("a");
	});

	it("compares two sessions' runs as a replay: the first expected, the second what happened", async () => {
		const log = new RunLog();
		run(log, 1, "a", "hello");
		run(log, 2, "b", "bye");
		const store = new Store<PlaygroundState>(initialPlaygroundState(), (flush) => flush());
		store.set({
			sessions: [
				{ id: "a", name: "Before", entryCount: 0, updatedAt: "" },
				{ id: "b", name: "After", entryCount: 0, updatedAt: "" },
			],
		});
		const desk = new ScenarioDesk({
			store,
			runLog: log,
			dialogs: { watch: () => () => {}, answerFirst: () => () => {} },
			runtime: { api: undefined, start: async () => {} },
			sessions: { newSession: async () => {}, requestNewSession: async () => {} },
			workspace: { readFile: async () => new Uint8Array(), sessionCwd: "/workspace" },
			origin: "http://localhost",
			setScript: async () => {},
		});
		await desk.compareSessions("a", "b");
		const replay = desk.store.get().replay;
		expect(replay?.phase).toBe("done");
		if (replay?.phase !== "done") return;
		expect(replay.sides).toEqual(["Before", "After"]);
		expect(replay.divergences).toEqual([
			expect.objectContaining({ step: 1, list: "notifications", field: "message", kind: "changed", expected: "hello", actual: "bye" }),
		]);
		await desk.compareSessions("a", "a");
		expect(desk.store.get().replay).toMatchObject({ phase: "done", divergences: [] });
	});
});
