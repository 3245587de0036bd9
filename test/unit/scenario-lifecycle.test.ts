import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/headless/cli.ts";
import { parseScenario, runHeadless, type Scenario, ScenarioError } from "../../src/headless/index.ts";
import { LifecycleDesk } from "../../src/host/scenario/lifecycle-desk.ts";
import { RunLog } from "../../src/host/state/run-log.ts";
import type { ObservedEvent } from "../../src/scenario/observe.ts";
import { scenarioFromRun } from "../../src/scenario/run-record.ts";
import type { StoredEntry } from "../../src/session/entries.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LIFECYCLE = join(ROOT, "extensions", "lifecycle-log.ts");

function refusal(text: string): ScenarioError {
	try {
		parseScenario(text, "x.json");
	} catch (error) {
		if (error instanceof ScenarioError) return error;
		throw error;
	}
	throw new Error("parsed");
}

function scenarioText(steps: unknown[], extra: object = {}): string {
	return JSON.stringify({ version: 1, extensions: ["./lifecycle-log.ts"], ...extra, steps }, null, "\t");
}

/** A folder holding the lifecycle extension, for scenarios that name it as ./lifecycle-log.ts. */
function folder(): string {
	const dir = mkdtempSync(join(tmpdir(), "playa-lifecycle-"));
	copyFileSync(LIFECYCLE, join(dir, "lifecycle-log.ts"));
	return dir;
}

async function replayError(scenario: Scenario, cwd: string): Promise<ScenarioError> {
	try {
		await runHeadless({ scenario, cwd });
	} catch (error) {
		if (error instanceof ScenarioError) return error;
		throw error;
	}
	throw new Error("the replay played");
}

const messages = (steps: { notifications?: { message?: string }[] }[]) => steps.map((step) => (step.notifications ?? []).map((n) => n.message));

describe("lifecycle steps in the scenario format", () => {
	it("reads a lifecycle step of each kind beside prompt steps, and an Esc on a prompt step", () => {
		const scenario = parseScenario(
			scenarioText([
				{ prompt: "go", replies: [{ toolCalls: [{ name: "wait_for_esc", arguments: {} }] }], esc: { toolCall: 1 } },
				{ lifecycle: "compact", instructions: "focus", replies: [{ text: "summary" }] },
				{ lifecycle: "fork", from: { step: 0, entry: 0 }, position: "before" },
				{ lifecycle: "reload" },
				{ lifecycle: "new-session", answers: ["yes"] },
			]),
		);
		expect(scenario.steps.map((step) => ("lifecycle" in step ? step.lifecycle : step.prompt))).toEqual(["go", "compact", "fork", "reload", "new-session"]);
	});

	it("refuses an unknown step kind, naming the line and the field", () => {
		const unknown = refusal(scenarioText([{ prompt: "go" }, { lifecycle: "restart" }]));
		expect(unknown.message).toBe("x.json:11:17: steps[1].lifecycle: not a lifecycle step (they are: new-session, fork, reload, compact)");
		const neither = refusal(scenarioText([{ expect: {} }]));
		expect(neither.message).toMatch(/^x\.json:7:3: steps\[0\]: a step has "prompt" \(a prompt or \/command\) or "lifecycle" .*; it has "expect"$/);
		const field = refusal(scenarioText([{ lifecycle: "reload", prompt: "x" }]));
		expect(field.message).toMatch(/^x\.json:\d+:\d+: steps\[0\]: unknown field "prompt"$/);
	});

	it("refuses a fork naming an entry that does not exist or a later step, and a compact with nothing before it", () => {
		const entries = {
			entries: [
				{ type: "message", role: "user", text: "go" },
				{ type: "message", role: "assistant", text: "ok" },
			],
		};
		const missing = refusal(
			scenarioText([
				{ prompt: "go", expect: entries },
				{ lifecycle: "fork", from: { step: 0, entry: 5 } },
			]),
		);
		expect(missing.message).toMatch(/^x\.json:\d+:\d+: steps\[1\]\.from\.entry: 5: step 0 appended 2 entries \(0 to 1\); there is no entry 5$/);
		expect(missing.field).toBe("steps[1].from.entry");
		const later = refusal(scenarioText([{ prompt: "go" }, { lifecycle: "fork", from: { step: 1, entry: 0 } }]));
		expect(later.message).toContain("steps[1].from.step: 1: a fork names an entry of an earlier step (0 to 0)");
		const elsewhere = refusal(scenarioText([{ prompt: "go" }, { lifecycle: "new-session" }, { lifecycle: "fork", from: { step: 0, entry: 0 } }]));
		expect(elsewhere.message).toContain("steps[2].from.step: 0: that step ran in another session");
		const compact = refusal(scenarioText([{ prompt: "go" }, { lifecycle: "new-session" }, { lifecycle: "compact" }]));
		expect(compact.message).toMatch(/^x\.json:\d+:\d+: steps\[2\]\.lifecycle: compact: nothing to compact: no prompt was sent in this session before it$/);
	});
});

describe("lifecycle steps replayed headless, in the real runtime", () => {
	it("plays scenarios/lifecycle.json: what extensions hear at each step is what pi 1.6 sends", async () => {
		const result = await runHeadless({ scenario: "scenarios/lifecycle.json", cwd: ROOT });
		expect(result.report).toBe("✓ scenarios/lifecycle.json: matches (8 steps)");
		const heard = messages(result.observed.steps);
		// Esc while wait_for_esc ran: its signal aborted, the run stopped.
		expect(result.observed.steps[0].toolCalls?.[0]?.result?.content).toEqual([{ type: "text", text: "wait_for_esc: its signal aborted while it ran" }]);
		expect(result.observed.steps[0].entries?.at(-1)).toMatchObject({ role: "assistant", error: "Request was aborted" });
		expect(heard[3]).toEqual([
			'session_before_compact: manual, focus "keep the notes"',
			"session_compact: summary from the model",
			expect.stringMatching(/^Compacted from/),
		]);
		expect(result.observed.steps[3].entries).toEqual([expect.objectContaining({ type: "compaction", summary: "THE SUMMARY: notes were added." })]);
		expect(heard[4]).toEqual(["session_before_fork: before", "session_shutdown: fork", "session_start: fork (from a previous session)"]);
		expect(heard[5]).toEqual(["session_shutdown: reload", "session_start: reload"]);
		expect(heard[6]).toEqual(["session_before_switch: new", "session_shutdown: new", "session_start: new (from a previous session)"]);
		// The new session starts empty: the next prompt's request carries no earlier turn, and its reply is the step's own.
		expect(result.observed.steps[7].entries).toEqual([
			{ type: "message", role: "user", text: "Hello again" },
			{ type: "message", role: "assistant", text: "Hi." },
		]);
	});

	it("exits 1 naming the reload step when a one-line change forgets the shutdown reason", async () => {
		const dir = mkdtempSync(join(tmpdir(), "playa-lifecycle-"));
		mkdirSync(join(dir, "extensions"));
		mkdirSync(join(dir, "scenarios"));
		const source = readFileSync(LIFECYCLE, "utf8");
		const changed = source.replace('`session_shutdown: ${event.reason ?? "(no reason)"}`', '"session_shutdown"');
		expect(changed).not.toBe(source);
		writeFileSync(join(dir, "extensions", "lifecycle-log.ts"), changed);
		copyFileSync(join(ROOT, "scenarios", "lifecycle.json"), join(dir, "scenarios", "lifecycle.json"));
		const lines: string[] = [];
		const code = await main(["--scenario", "scenarios/lifecycle.json"], (line) => lines.push(line), dir);
		expect(code).toBe(1);
		expect(lines.join("\n")).toContain('step 6 "[reload]" › notifications[0]');
		expect(lines.join("\n")).toContain('step 5 "[fork]" › notifications[1]');
	});

	it("a fork naming an entry the replay did not append, a compact with too little history and an Esc with no tool are errors naming the field", async () => {
		const dir = folder();
		const fork = await replayError(
			parseScenario(
				scenarioText(
					[
						{ prompt: "go", replies: [{ text: "ok" }] },
						{ lifecycle: "fork", from: { step: 0, entry: 7 } },
					],
					{ match: "subset" },
				),
			),
			dir,
		);
		expect(fork.message).toBe("scenario: steps[1].from.entry: 7: step 0 appended 2 entries in this replay; there is no entry 7");
		const compact = await replayError(parseScenario(scenarioText([{ prompt: "go", replies: [{ text: "ok" }] }, { lifecycle: "compact" }])), dir);
		expect(compact.message).toBe("scenario: steps[1].lifecycle: compact: nothing to compact (session too small)");
		const esc = await replayError(parseScenario(scenarioText([{ prompt: "go", replies: [{ text: "no tools" }], esc: { toolCall: 1 } }])), dir);
		expect(esc.message).toBe("scenario: steps[0].esc.toolCall: 1: the step ran fewer tool calls than that, so Esc was never pressed");
	});

	it("a fork position the entry cannot take is an error naming the position", async () => {
		const dir = folder();
		const error = await replayError(
			parseScenario(
				scenarioText(
					[
						{ prompt: "go", replies: [{ text: "ok" }] },
						{ lifecycle: "fork", from: { step: 0, entry: 1 }, position: "before" },
					],
					{ match: "subset" },
				),
			),
			dir,
		);
		expect(error.message).toBe('scenario: steps[1].position: fork: Only a user message can be forked from (position "before")');
	});
});

describe("lifecycle steps recorded in the page", () => {
	const entry = (id: string, fields: object): ObservedEvent =>
		({
			type: "entry_appended",
			sessionId: "s",
			leafId: id,
			entry: { id, parentId: null, timestamp: "2026-01-01T00:00:00.000Z", ...fields } as StoredEntry,
		}) as ObservedEvent;

	it("the run log goes on through the start a lifecycle action asked for, and drops an action that did nothing", () => {
		const log = new RunLog();
		log.begin(1, "a", 0);
		log.submitted("go");
		log.stored(1, "a", { id: "e1", parentId: null, timestamp: "t", type: "custom", customType: "x", data: {} } as StoredEntry, "e1");
		expect(log.lifecycle({ lifecycle: "new-session" })).toBe(true);
		log.stopping();
		log.event(1, { type: "notify", message: "session_shutdown: new", level: "info", extension: "x" });
		log.begin(2, "b", 0);
		log.event(2, { type: "notify", message: "session_start: new", level: "info", extension: "x" });
		const run = log.current();
		expect(run?.sessionId).toBe("b");
		expect(run?.steps.map((step) => step.lifecycle?.lifecycle ?? step.prompt)).toEqual(["go", "new-session"]);
		expect(run?.steps[1].events.map((event) => (event.type === "notify" ? event.message : event.type))).toEqual([
			"session_shutdown: new",
			"session_start: new",
		]);
		log.lifecycle({ lifecycle: "compact" });
		log.withdraw();
		expect(log.current()?.steps).toHaveLength(2);
		// Without a lifecycle action, a start begins a new run, and what a runtime says as it stops is not its run's.
		log.begin(3, "c", 5);
		expect(log.current()?.steps).toEqual([]);
		log.submitted("three");
		log.stopping();
		log.event(3, { type: "notify", message: "session_shutdown: new", level: "info", extension: "x" });
		expect(log.current()?.steps[0].events).toEqual([]);
	});

	it("Esc in the next tool presses once that tool's tool_execution_start is recorded, and the prompt's step says which call", async () => {
		const log = new RunLog();
		let aborted = 0;
		const desk = new LifecycleDesk({
			store: {} as never,
			runLog: log,
			runtime: { api: { abort: async () => void aborted++ } as never, start: async () => {} },
			sessions: { requestNewSession: async () => {} },
			quiet: async () => {},
		});
		log.begin(1, "a", 0);
		log.submitted("one");
		const started = (seq: number, type: string, toolCallId: string) =>
			log.event(1, { type: "inspector", events: [{ seq, type, toolCallId, handlers: [] }], requests: [], console: [], dropped: 0 } as never);
		started(1, "tool_execution_start", "t1");
		// Armed after the first tool started: the next one to start is the one.
		const pressed = desk.escInTool();
		started(2, "tool_call", "t2");
		expect(aborted).toBe(0);
		started(3, "tool_execution_start", "t2");
		expect(await pressed).toBe(true);
		expect(aborted).toBe(1);
		expect(log.current()?.steps[0].esc).toEqual({ toolCall: 2 });
		// Disarmed, it presses nothing.
		const disarmed = desk.escInTool();
		desk.disarmEsc();
		expect(await disarmed).toBe(false);
	});

	it("writes lifecycle steps, a compaction's summary as its reply, and Esc on the prompt's step", () => {
		const scenario = scenarioFromRun(
			{
				start: [],
				steps: [
					{
						prompt: "wait",
						esc: { toolCall: 1 },
						events: [entry("u1", { type: "message", message: { role: "user", content: "wait" } })],
					},
					{
						prompt: "",
						lifecycle: { lifecycle: "compact", instructions: "focus" },
						events: [
							entry("c1", {
								type: "compaction",
								summary: "THE SUMMARY\n\n<read-files>\na.ts\n</read-files>",
								firstKeptEntryId: "u1",
								tokensBefore: 100,
								summaryReplies: 1,
							}),
						],
					},
					{ prompt: "", lifecycle: { lifecycle: "fork", from: { step: 0, entry: 0 }, position: "at" }, events: [] },
				],
			},
			{ extensions: ["./x.ts"] },
		);
		expect(scenario.steps[0]).toMatchObject({ prompt: "wait", esc: { toolCall: 1 } });
		expect(scenario.steps[1]).toMatchObject({ lifecycle: "compact", instructions: "focus", replies: [{ text: "THE SUMMARY" }] });
		expect(scenario.steps[2]).toEqual({ lifecycle: "fork", from: { step: 0, entry: 0 }, position: "at", expect: {} });
		expect(() => parseScenario(JSON.stringify(scenario))).not.toThrow();
	});
});
