/**
 * The page's scenarios (docs/scenarios.md): "Save as scenario" writes the current session's run, as the run log
 * (state/run-log.ts) saw it, through the one recorder (src/scenario/run-record.ts) into the one schema; "Export as
 * test" adds the Vitest file that replays it through `playa/headless`, and the extensions' sources it can read;
 * "Open scenario…" reads a scenario file (untrusted: bounded, parsed, never run) and replays it in a new session
 * against the extensions as they are now, then compares (src/scenario/compare.ts) for the Scenarios tab's diff.
 * Lifecycle steps (a new session, a fork, a reload, a compaction, Esc in a tool) are lifecycle-desk.ts's.
 */
import { isWorkspaceUrl, workspacePathOf } from "../../protocol/workspace/workspace-url.ts";
import type { LifecycleStep, Scenario } from "../../scenario/schema.ts";
import type { ScriptStep } from "../../protocol/script.ts";
import { repliesOnBranch } from "../../session/replies.ts";
import { branchPath } from "../../session/tree.ts";
import { LifecycleDesk } from "./lifecycle-desk.ts";
import { type Fault, FAULTS, withFault } from "./faults.ts";
import type { DialogDesk } from "../desks/dialog-desk.ts";
import type { RunnerLink } from "../runtime/runner-link.ts";
import { type PlaygroundState, SCRIPTED_CHOICE } from "../state/playground-state.ts";
import type { InspectorLog } from "../state/inspector-log.ts";
import type { RunLog } from "../state/run-log.ts";
import { inspectorTarget } from "./inspector-target.ts";
import type { ScenarioState } from "../state/scenario-state.ts";
import { Store } from "../state/store.ts";

/** The scenario format's code, loaded when a scenario is first saved, opened or compared (scenario-tools.ts). */
const scenarioTools = () => import("./scenario-tools.ts");

export interface ScenarioDeskParts {
	store: Store<PlaygroundState>;
	runLog: RunLog;
	dialogs: Pick<DialogDesk, "watch" | "answerFirst">;
	runtime: Pick<RunnerLink, "api" | "start">;
	sessions: { newSession(options?: { asStartup?: boolean }): Promise<void>; requestNewSession(): Promise<void> };
	workspace: { readFile(path: string): Promise<Uint8Array>; readonly sessionCwd: string };
	/** The page's address: extensions it serves are named by their path. */
	origin: string;
	/** Sets and keeps the scripted model's steps (the Model tab's script). */
	setScript(steps: ScriptStep[]): Promise<void>;
	/** The inspector's log, which "Show in inspector" asks to show the first divergence's record. */
	inspector?: Pick<InspectorLog, "reveal">;
}

/** A file the page offers to download. */
export interface ScenarioFile {
	name: string;
	data: string | Uint8Array;
}

export type Saved = { ok: true; name: string; text: string; scenario: Scenario } | { ok: false; error: string };

/** How long the run must have been quiet (no event) before a replay takes its next step: the inspector sends every 100 ms. */
const QUIET_MS = 300;
/** A run whose extensions never stop sending (a timer) is taken as it stands after this long. */
const QUIET_LIMIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function slug(name: string): string {
	return (
		name
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, "-")
			.replace(/^-+|-+$/g, "")
			.slice(0, 60) || "scenario"
	);
}

export class ScenarioDesk {
	readonly store = new Store<ScenarioState>({});
	/** The faults the scripted model can play on demand, with their buttons' labels. */
	readonly faults = FAULTS;
	/** Lifecycle on demand: New session, Fork, Reload, Compact, Esc in a tool. */
	readonly lifecycle: LifecycleDesk;
	private reveals = 0;

	constructor(private readonly parts: ScenarioDeskParts) {
		this.lifecycle = new LifecycleDesk({ ...parts, quiet: () => this.quiet() });
		// Every dialog answered (by the user, the scripted answers, a replay, or cancelled) is part of the run.
		parts.dialogs.watch((event) => {
			if (event.type === "answered") parts.runLog.dialog(event.id, event.request, event.response);
		});
	}

	/**
	 * The name a scenario gives an extension the page loaded: a workspace file by its path from the workspace's
	 * folder, a module this page serves by its path (so the scenario sits at the root of the folder that holds
	 * them), any other URL as it is.
	 */
	extensionSpec(url: string): string {
		const path = workspacePathOf(url);
		if (path !== undefined) {
			const cwd = `${this.parts.workspace.sessionCwd.replace(/\/$/, "")}/`;
			return `./${path.startsWith(cwd) ? path.slice(cwd.length) : path.replace(/^\//, "")}`;
		}
		try {
			const parsed = new URL(url);
			if (parsed.origin === this.parts.origin) return `.${decodeURIComponent(parsed.pathname)}`;
		} catch {
			// Not a URL: named as it is.
		}
		return url;
	}

	/** The current session's run as a scenario, on the branch shown (steps on other branches left out). */
	async save(): Promise<Saved> {
		const { scenarioFromRun, scenarioText } = await scenarioTools();
		const state = this.parts.store.get();
		const run = this.parts.runLog.current();
		if (state.running) return { ok: false, error: "A run is going on: save once it ends." };
		if (!run || run.sessionId !== state.sessionId) return { ok: false, error: "Nothing has run in this session yet." };
		if (!run.fromStart) {
			return {
				ok: false,
				error:
					"This session held entries when its extensions last started (it was opened or reloaded), so its run cannot be played again from an empty session. Start a new session, run it there, then save.",
			};
		}
		if (run.cut) return { ok: false, error: "This run is too long to save as a scenario (more than 20,000 events or 500 prompts)." };
		const onBranch = new Set(branchPath(new Map(state.entries.map((entry) => [entry.id, entry])), state.leafId).map((entry) => entry.id));
		// Steps before the last new session or fork ran in another session: they are kept as they ran.
		const switched = run.steps.findLastIndex((step) => step.lifecycle?.lifecycle === "new-session" || step.lifecycle?.lifecycle === "fork");
		const steps = run.steps.filter(
			(step, index) => index <= switched || step.events.every((event) => event.type !== "entry_appended" || onBranch.has(event.entry.id)),
		);
		if (steps.length === 0) return { ok: false, error: "Nothing was submitted on this branch yet: send a prompt or a command first." };
		const session = state.sessions.find((record) => record.id === state.sessionId);
		const name = session?.name || "Playground run";
		const scenario = scenarioFromRun({ start: run.start, steps }, { extensions: state.extensions.map((ext) => this.extensionSpec(ext.url)), name });
		return { ok: true, name: `${slug(name)}.scenario.json`, text: scenarioText(scenario), scenario };
	}

	/**
	 * The scenario, a Vitest file that replays it through `playa/headless`, and the source of each extension the
	 * page can read (a workspace file, a module this page serves), at the path the scenario names it by.
	 */
	async exportTest(): Promise<{ ok: true; files: ScenarioFile[] } | { ok: false; error: string }> {
		const saved = await this.save();
		if (!saved.ok) return saved;
		const { testFileName, vitestFileText } = await scenarioTools();
		const files: ScenarioFile[] = [
			{ name: saved.name, data: saved.text },
			{ name: testFileName(saved.name), data: vitestFileText(saved.name, saved.scenario.name ?? "") },
		];
		for (const ext of this.parts.store.get().extensions) {
			const spec = this.extensionSpec(ext.url);
			if (!spec.startsWith("./")) continue;
			const source = await this.source(ext.url).catch(() => undefined);
			if (source !== undefined) files.push({ name: spec.slice(2), data: source });
		}
		return { ok: true, files };
	}

	private async source(url: string): Promise<string | Uint8Array | undefined> {
		if (isWorkspaceUrl(url)) {
			const path = workspacePathOf(url);
			return path === undefined ? undefined : this.parts.workspace.readFile(path);
		}
		const response = await fetch(url);
		return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
	}

	/**
	 * A scenario file the user picked: read as text only (at most SCENARIO_LIMITS.bytes), parsed against the schema,
	 * never run; a file that is not one says where (line, column, field) and changes nothing. Else it is replayed.
	 */
	async open(file: Blob, source: string): Promise<void> {
		if (this.store.get().replay?.phase === "running") return;
		const { parseScenario, ScenarioError, SCENARIO_LIMITS } = await scenarioTools();
		let scenario: Scenario;
		try {
			if (file.size > SCENARIO_LIMITS.bytes) throw new ScenarioError(`${source}: ${file.size} bytes; a scenario may have at most ${SCENARIO_LIMITS.bytes}`);
			scenario = parseScenario(await file.text(), source);
		} catch (error) {
			this.store.set({ replay: { phase: "failed", source, error: error instanceof ScenarioError ? error.message : `${source}: ${String(error)}` } });
			return;
		}
		await this.replay(scenario, source);
	}

	/** Plays `scenario` in a new session against the extensions as they are now (the scripted model, its answers), and compares. */
	async replay(scenario: Scenario, source: string): Promise<void> {
		const { answerFor, compareScenario, formatReport, observeRun } = await scenarioTools();
		const { store, runLog, dialogs, runtime, sessions } = this.parts;
		const before = store.get();
		if (before.phase !== "ready" || before.running) {
			this.store.set({ replay: { phase: "failed", source, error: `${source}: the playground is busy; replay it once the run ends.` } });
			return;
		}
		const steps = scenario.steps.length;
		this.store.set({ replay: { phase: "running", source, step: 0, steps } });
		let answers = [...(scenario.start?.answers ?? [])];
		const stopAnswering = dialogs.answerFirst((request) => answerFor(request, answers.shift()));
		const { model } = before;
		try {
			// The replay starts as the headless runner's does: a fresh start ("startup") on an empty session.
			await sessions.newSession({ asStartup: true });
			let scripted: unknown;
			for (const [index, step] of [undefined, ...scenario.steps].entries()) {
				// Each runtime (a lifecycle step starts another) plays the scripted model.
				const api = runtime.api;
				if (store.get().phase !== "ready" || !api) throw new Error("the playground's runtime did not start");
				if (model.provider !== "scripted" && scripted !== api) await api.selectModel(SCRIPTED_CHOICE);
				scripted = api;
				if (!step) {
					await this.quiet();
					continue;
				}
				this.store.set({ replay: { phase: "running", source, step: index, steps } });
				const { entries, leafId } = store.get();
				const base = repliesOnBranch(branchPath(new Map(entries.map((entry) => [entry.id, entry])), leafId));
				// The step's replies play from its first request on, as the headless runner plays them.
				await api.setScript([...Array.from({ length: base }, () => ({})), ...(step.replies ?? [])]);
				answers = [...(step.answers ?? [])];
				if ("lifecycle" in step) {
					await this.lifecycleStep(step, index - 1);
					continue;
				}
				runLog.submitted(step.prompt);
				const esc = step.esc && this.lifecycle.escInTool(step.esc.toolCall);
				await api.submit(step.prompt);
				await this.quiet();
				if (esc && !this.lifecycle.escWaiting) await esc;
				else if (esc) {
					this.lifecycle.disarmEsc();
					throw new Error(`step ${index}: Esc was never pressed (the step ran fewer than ${step.esc?.toolCall} tool calls)`);
				}
			}
			const run = runLog.current();
			if (!run) throw new Error("the replay's run was not recorded");
			const observed = observeRun(run);
			const divergences = compareScenario(scenario, observed);
			const inspect = divergences[0] && inspectorTarget(divergences[0], run);
			this.store.set({
				replay: { phase: "done", source, scenario, observed, divergences, report: formatReport(source, steps, divergences), ...(inspect && { inspect }) },
			});
		} catch (error) {
			this.store.set({ replay: { phase: "failed", source, error: `${source}: the replay stopped: ${(error as Error)?.message ?? String(error)}` } });
		} finally {
			stopAnswering();
			// The user's own script and model again, for what they do next in this session.
			const api = runtime.api;
			await api?.setScript(store.get().script).catch(() => undefined);
			if (model.provider !== "scripted") await api?.selectModel(model).catch(() => undefined);
		}
	}

	/** A replay's lifecycle step, as the tab's buttons take it; a step it cannot take stops the replay, naming it. */
	private async lifecycleStep(step: LifecycleStep, index: number): Promise<void> {
		const { lifecycle } = this;
		let outcome: { ok: boolean; message: string };
		switch (step.lifecycle) {
			case "new-session":
				outcome = await lifecycle.newSession();
				break;
			case "reload":
				outcome = await lifecycle.reload();
				break;
			case "compact":
				outcome = await lifecycle.compact(step.instructions);
				break;
			case "fork": {
				const from = step.from;
				const choice = from ? lifecycle.forkChoices().find((c) => c.step === from.step && c.entry === from.entry) : lifecycle.forkChoices().at(-1);
				if (!choice) throw new Error(`steps[${index}].from: step ${from?.step} appended no entry ${from?.entry} in this replay`);
				outcome = await lifecycle.fork(choice.id, step.position ?? "at");
				break;
			}
		}
		if (!outcome.ok) throw new Error(`steps[${index}].lifecycle: ${outcome.message}`);
	}

	/** The sessions whose runs the page watched from their start (this page's visit), to compare two of them. */
	comparable(): { id: string; name: string }[] {
		const { sessions } = this.parts.store.get();
		const seen = new Map<string, number>();
		// Sessions are named by their first prompt: a replay's has the name of the run it replays, so repeats are numbered.
		return this.parts.runLog.runs().map((run) => {
			const name = sessions.find((record) => record.id === run.sessionId)?.name || run.sessionId;
			const count = (seen.get(name) ?? 0) + 1;
			seen.set(name, count);
			return { id: run.sessionId, name: count > 1 ? `${name} (${count})` : name };
		});
	}

	/**
	 * Compares two sessions' runs as a replay is compared: the first as the scenario (what was expected), the second as
	 * what happened, step by step (the first's steps; more steps of the second are not compared).
	 */
	async compareSessions(first: string, second: string): Promise<void> {
		const { compareScenario, formatReport, observeRun, scenarioFromRun } = await scenarioTools();
		const runs = this.parts.runLog.runs();
		const [a, b] = [first, second].map((id) => runs.find((run) => run.sessionId === id));
		const names = this.comparable();
		const nameOf = (id: string) => names.find((entry) => entry.id === id)?.name ?? id;
		const source = `"${nameOf(first)}" against "${nameOf(second)}"`;
		if (!a || !b) {
			this.store.set({ replay: { phase: "failed", source, error: `${source}: the page did not watch both runs from their start.` } });
			return;
		}
		const scenario = scenarioFromRun(a, { extensions: [] });
		const observed = observeRun(b);
		const divergences = compareScenario(scenario, observed);
		const report = formatReport(source, scenario.steps.length, divergences);
		const inspect = divergences[0] && inspectorTarget(divergences[0], b);
		this.store.set({
			replay: { phase: "done", source, scenario, observed, divergences, report, sides: [nameOf(first), nameOf(second)], ...(inspect && { inspect }) },
		});
	}

	/**
	 * "Show in inspector": opens the Inspector tab on the record of the first divergence, opened (the tabs open on the
	 * inspector as a link's `panels` open them). False when the diff has no such record.
	 */
	showInInspector(): boolean {
		const replay = this.store.get().replay;
		if (replay?.phase !== "done" || !replay.inspect || !this.parts.inspector) return false;
		this.parts.inspector.reveal(replay.inspect);
		this.reveals++;
		// A new value each time: the tabs open on the inspector again even when they opened there before.
		this.parts.store.set({ openPanels: ["inspector", `divergence-${this.reveals}`] });
		return true;
	}

	/**
	 * Makes the scripted model's next reply fail as `fault` says (faults.ts): its steps go into the script at the
	 * next reply's place, where the Script panel shows them. A sentence saying what will happen, or why not.
	 */
	async injectFault(fault: Fault): Promise<{ ok: boolean; message: string }> {
		const state = this.parts.store.get();
		if (state.model.provider !== "scripted") return { ok: false, message: "Faults play through the scripted model: pick it in the Model tab first." };
		const branch = branchPath(new Map(state.entries.map((entry) => [entry.id, entry])), state.leafId);
		const played = branch.filter((entry) => entry.type === "message" && (entry as { message?: { role?: string } }).message?.role === "assistant").length;
		await this.parts.setScript(withFault(state.script, played, fault));
		return { ok: true, message: FAULTS[fault].says };
	}

	/** Waits until the run has ended and no event came for a moment (the inspector's last batch, the stored entries). */
	private async quiet(): Promise<void> {
		const started = performance.now();
		while (performance.now() - started < QUIET_LIMIT_MS) {
			const idle = performance.now() - this.parts.runLog.lastEventAt;
			const state = this.parts.store.get();
			if (state.phase === "ready" && !state.running && idle >= QUIET_MS) return;
			await sleep(Math.max(50, QUIET_MS - idle));
		}
	}
}
