/**
 * Lifecycle on demand (the Scenarios tab's buttons, and the page's replay of a scenario's lifecycle steps): a new
 * session, a fork from an entry, a reload of the extensions, a compaction, and Esc while a tool runs. Each is taken
 * as the page's own controls take it (the New session of the sessions list with its `session_before_switch`, the
 * runtime's fork, `/reload`, `/compact`, the Stop of the composer), and recorded in the run log as a step of the
 * run, so that "Save as scenario" writes it and a replay (here or headless, src/headless/lifecycle.ts) plays it.
 * Runs in the page; what the runtime answers is untrusted and only compared.
 */
import type { ObservedEvent } from "../../scenario/observe.ts";
import type { LifecycleAction } from "../../scenario/schema.ts";
import { branchPath } from "../../session/tree.ts";
import type { RunnerLink } from "../runtime/runner-link.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { LoggedInspectorBatch, RunLog } from "../state/run-log.ts";
import type { Store } from "../state/store.ts";

export interface LifecycleDeskParts {
	store: Store<PlaygroundState>;
	runLog: RunLog;
	runtime: Pick<RunnerLink, "api" | "start">;
	/** The sessions list's New session: extensions' `session_before_switch` may cancel it. */
	sessions: { requestNewSession(): Promise<void> };
	/** Waits until the run has ended, the runtime is ready and no event came for a moment. */
	quiet(): Promise<void>;
}

/** What a lifecycle action did: a sentence for the tab, and whether it was recorded as a step. */
export interface LifecycleOutcome {
	ok: boolean;
	message: string;
}

/** An entry of the run a fork can name: the step (from 0) that appended it, its place in that step, and a label. */
export interface ForkChoice {
	id: string;
	step: number;
	entry: number;
	label: string;
}

/** How long a lifecycle action may take to start its runtime (a start loads every extension again). */
const START_LIMIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Of a shown entry, the text a person recognizes it by. */
function entryLabel(entry: { type: string; message?: { role?: string; content?: unknown }; customType?: string }): string {
	if (entry.type !== "message") return entry.customType ? `${entry.type} ${entry.customType}` : entry.type;
	const { role, content } = entry.message ?? {};
	const text =
		typeof content === "string"
			? content
			: Array.isArray(content)
				? content
						.map((block: { type?: string; text?: string; name?: string }) =>
							block?.type === "text" ? block.text : block?.type === "toolCall" ? `[${block.name}]` : "",
						)
						.join(" ")
				: "";
	const short = text.replace(/\s+/g, " ").trim();
	return `${role ?? "message"}: ${short.length > 50 ? `${short.slice(0, 50)}…` : short}`;
}

export class LifecycleDesk {
	/** Esc waits for the next tool to run; its listener goes once it has pressed. */
	private escArmed?: () => void;

	constructor(private readonly parts: LifecycleDeskParts) {}

	/** The entries of the session shown that the run appended (in one of its steps), the forks it can record. */
	forkChoices(): ForkChoice[] {
		const run = this.parts.runLog.current();
		const { entries, leafId } = this.parts.store.get();
		if (!run) return [];
		const places = new Map<string, { step: number; entry: number }>();
		run.steps.forEach((step, index) => {
			let count = 0;
			for (const event of step.events) if (event.type === "entry_appended") places.set(event.entry.id, { step: index, entry: count++ });
		});
		const choices: ForkChoice[] = [];
		for (const entry of branchPath(new Map(entries.map((e) => [e.id, e])), leafId)) {
			const place = places.get(entry.id);
			if (place && entry.type !== "label") choices.push({ id: entry.id, ...place, label: entryLabel(entry as Parameters<typeof entryLabel>[0]) });
		}
		return choices;
	}

	/** Why no lifecycle action can be taken now, if so. */
	private busy(): string | undefined {
		const state = this.parts.store.get();
		if (state.phase !== "ready") return "The runtime is starting: try once it is ready.";
		if (state.running) return "A run is going on: wait for it to end (or use Esc in a tool).";
		if (!this.parts.runLog.current()) return "Nothing runs yet.";
		return undefined;
	}

	async newSession(): Promise<LifecycleOutcome> {
		return this.restarting("new-session", {}, async () => {
			const before = this.parts.store.get().sessionId;
			await this.parts.sessions.requestNewSession();
			return this.parts.store.get().sessionId !== before;
		});
	}

	async reload(): Promise<LifecycleOutcome> {
		return this.restarting("reload", {}, async () => {
			await this.parts.runtime.start({ startReason: { reason: "reload" } });
			return true;
		});
	}

	/**
	 * Forks at `entryId` (default: the last entry of the run shown), as the Tree's fork does: "at" keeps the entry in the
	 * new session; "before" (a user message) ends before it.
	 */
	async fork(entryId?: string, position: "at" | "before" = "at"): Promise<LifecycleOutcome> {
		const choices = this.forkChoices();
		const choice = entryId ? choices.find((candidate) => candidate.id === entryId) : choices.at(-1);
		if (!choice && !this.busy()) return { ok: false, message: "There is no entry of this run to fork from yet: send a prompt first." };
		return this.restarting("fork", choice ? { from: { step: choice.step, entry: choice.entry }, position } : {}, async () => {
			const api = this.parts.runtime.api;
			if (!api || !choice) return false;
			const result = await api.fork(choice.id, position);
			if (result.error) throw new Error(result.error);
			return !result.cancelled;
		});
	}

	/** `/compact` with its focus text; with nothing to compact, nothing is recorded. */
	async compact(instructions = ""): Promise<LifecycleOutcome> {
		const busy = this.busy();
		if (busy) return { ok: false, message: busy };
		const { runLog, runtime } = this.parts;
		const focus = instructions.trim();
		if (!runLog.lifecycle({ lifecycle: "compact", ...(focus && { instructions: focus }) }))
			return { ok: false, message: "This run is too long to record more." };
		await runtime.api?.submit(focus ? `/compact ${focus}` : "/compact");
		// `/compact` ends by saying how it went; the runtime's events come on their own port, maybe after its answer.
		await this.heard((event) => event.type === "notify" && event.extension === "Playa" && /^Compact(ed|ion)/.test(event.message));
		await this.parts.quiet();
		const said = runLog
			.current()
			?.steps.at(-1)
			?.events.find((event) => event.type === "notify" && /^Compaction failed: (Nothing to compact|Already compacted)/.test(event.message));
		if (said?.type === "notify") {
			runLog.withdraw();
			return { ok: false, message: `${said.message.replace(/^Compaction failed: /, "")}: nothing was recorded.` };
		}
		return { ok: true, message: "Compacted: recorded as a compact step." };
	}

	/**
	 * Esc in the middle of a tool: once a tool of the prompt's step has started (the inspector's record of its
	 * `tool_execution_start`, whose handlers run just before the tool), the run is aborted as the composer's Stop does,
	 * and the step records which tool call it was: as the headless runner presses it. `toolCall`: that call of the step
	 * (from 1), for a replay; else the next to start. Resolves once pressed (or false, disarmed).
	 */
	escInTool(toolCall?: number): Promise<boolean> {
		this.escArmed?.();
		const { runLog, runtime } = this.parts;
		const startedIn = (step: { events: readonly { type: string }[] } | undefined) => {
			const started = new Set<string>();
			for (const event of step?.events ?? []) {
				if (event.type !== "inspector") continue;
				for (const record of (event as LoggedInspectorBatch).events)
					if (record.type === "tool_execution_start") started.add(record.toolCallId ?? String(record.seq));
			}
			return started.size;
		};
		// The tools that had started when it was armed do not count: the next one to start does.
		const armedIn = runLog.current()?.steps.at(-1);
		const before = startedIn(armedIn);
		return new Promise((resolve) => {
			const check = () => {
				const step = runLog.current()?.steps.at(-1);
				if (!step || step.lifecycle) return;
				const started = startedIn(step);
				const next = (step === armedIn ? before : 0) + 1;
				if (started < (toolCall ?? next)) return;
				stop();
				runLog.esc(toolCall ?? next);
				void runtime.api?.abort();
				resolve(true);
			};
			const unsubscribe = runLog.watch(check);
			const stop = () => {
				unsubscribe();
				this.escArmed = undefined;
			};
			this.escArmed = () => {
				stop();
				resolve(false);
			};
			check();
		});
	}

	/** Whether Esc waits for a tool. */
	get escWaiting(): boolean {
		return this.escArmed !== undefined;
	}

	disarmEsc(): void {
		this.escArmed?.();
	}

	/** Waits (a while at most) until the current step of the run holds an event `found` accepts. */
	private async heard(found: (event: ObservedEvent) => boolean): Promise<void> {
		const since = performance.now();
		while (performance.now() - since < START_LIMIT_MS) {
			if (this.parts.runLog.current()?.steps.at(-1)?.events.some(found)) return;
			await sleep(50);
		}
	}

	/** Records `action` and takes it; a runtime starts again unless `take` says nothing happened (cancelled). */
	private async restarting(action: LifecycleAction, fields: object, take: () => Promise<boolean>): Promise<LifecycleOutcome> {
		const busy = this.busy();
		if (busy) return { ok: false, message: busy };
		const { runLog } = this.parts;
		const generation = runLog.current()?.generation;
		if (!runLog.lifecycle({ lifecycle: action, ...fields } as Parameters<RunLog["lifecycle"]>[0]))
			return { ok: false, message: "This run is too long to record more." };
		let started: boolean;
		try {
			started = await take();
		} catch (error) {
			runLog.withdraw();
			return { ok: false, message: `${action}: ${(error as Error).message ?? String(error)}` };
		}
		if (!started) {
			runLog.noStart();
			await this.parts.quiet();
			return { ok: true, message: `${action}: an extension cancelled it (recorded).` };
		}
		// The start comes after the runtime asked for it (a fork's session is stored first), and its extensions' events
		// on their own port, maybe after the start's answer: the inspector's record of its session_start comes after
		// every event its handlers sent.
		const since = performance.now();
		while (runLog.current()?.generation === generation && performance.now() - since < START_LIMIT_MS) await sleep(50);
		const restarted = runLog.current()?.generation;
		await this.heard(
			(event) => event.type === "inspector" && (event as LoggedInspectorBatch).run === restarted && event.events.some((e) => e.type === "session_start"),
		);
		await this.parts.quiet();
		return { ok: true, message: `${action}: done, recorded as a step.` };
	}
}
