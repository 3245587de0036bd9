/**
 * A scenario's lifecycle steps under Node, played as the page plays them (its buttons, pi's commands): a new
 * session (`session_before_switch`, then the runtime ends with `session_shutdown` "new" and a new one starts on an
 * empty session with `session_start` "new"), a fork (`session_before_fork`, then `session_shutdown` "fork" and
 * `session_start` "fork" on the copied branch), a reload (`session_shutdown` "reload", `session_start` "reload" on the
 * same session), a compaction (`/compact`: `session_before_compact`, `session_compact`), and Esc while a tool runs
 * (the run's abort signal, which the tool's `signal` is). Each restart keeps the workspace, as the page does. Runs
 * in the Node thread that calls the runner (the runtime is in that thread).
 */
import type { SessionSnapshot, StartReason } from "../protocol/runtime.ts";
import type { JsonPath } from "../scenario/json-text.ts";
import type { LifecycleStep } from "../scenario/schema.ts";
import { newSessionHeader } from "../session/entries.ts";
import type { HeadlessSession } from "./headless-session.ts";

export interface LifecycleDeps {
	/** Ends `session`'s runtime for `reason` and starts one like it on `snapshot` (default: a new, empty session). */
	restart(session: HeadlessSession, startReason: StartReason, snapshot?: SessionSnapshot): Promise<HeadlessSession>;
	/** The session the runtime last asked to fork into (its `session_fork`), taken once. */
	takeFork(): SessionSnapshot | undefined;
	/** The ids of the entries each step so far appended, in order. */
	entryIds: readonly string[][];
	/** The notifications of the step so far. */
	notices(): readonly string[];
	/** A ScenarioError naming the field at `path` (under `steps[index]`). */
	fail(path: JsonPath, message: string): Error;
}

function snapshotOf(session: HeadlessSession): SessionSnapshot {
	const { tree } = session.runtime.parts;
	return { header: tree.header, entries: tree.getEntries(), leafId: tree.getLeafId() };
}

/** Plays one lifecycle step; returns the session that runs afterwards (a new one after a new session, a fork, a reload). */
export async function playLifecycle(session: HeadlessSession, step: LifecycleStep, index: number, deps: LifecycleDeps): Promise<HeadlessSession> {
	const { runtime } = session;
	const previousSessionId = runtime.parts.tree.header.id;
	switch (step.lifecycle) {
		case "new-session": {
			if ((await runtime.beforeSessionSwitch("new")).cancelled) return session;
			return deps.restart(session, { reason: "new", previousSessionId });
		}
		case "reload":
			return deps.restart(session, { reason: "reload" }, snapshotOf(session));
		case "compact": {
			await runtime.submit(step.instructions ? `/compact ${step.instructions}` : "/compact");
			const nothing = deps.notices().find((message) => /^Compaction failed: (Nothing to compact|Already compacted)/.test(message));
			if (nothing) throw deps.fail(["steps", index, "lifecycle"], `compact: ${nothing.replace(/^Compaction failed: /, "").toLowerCase()}`);
			return session;
		}
		case "fork": {
			const entryId = step.from ? forkedEntry(step, index, deps) : runtime.parts.tree.getLeafId();
			if (!entryId) throw deps.fail(["steps", index, "lifecycle"], "fork: the session has no entry to fork from yet");
			const result = await runtime.fork(entryId, step.position ?? "at");
			if (result.error) throw deps.fail(["steps", index, step.position ? "position" : "lifecycle"], `fork: ${result.error}`);
			const forked = deps.takeFork();
			if (result.cancelled || !forked) return session;
			return deps.restart(session, { reason: "fork", previousSessionId }, forked);
		}
	}
}

function forkedEntry(step: LifecycleStep, index: number, deps: LifecycleDeps): string {
	const { step: from, entry } = step.from!;
	const ids = deps.entryIds[from] ?? [];
	const id = ids[entry];
	if (id === undefined) {
		const count = `${ids.length} entr${ids.length === 1 ? "y" : "ies"}`;
		throw deps.fail(["steps", index, "from", "entry"], `${entry}: step ${from} appended ${count} in this replay; there is no entry ${entry}`);
	}
	return id;
}

/**
 * Esc while the `toolCall`-th tool call (from 1) of the run runs: once that call's `tool_execution_start` handlers
 * have run the tool starts, and the abort comes once the tool has reached its first wait (a tool that never
 * waits ends before any Esc could reach it, in pi as here). `fired()` says whether it came.
 */
export function escAtToolCall(session: HeadlessSession, toolCall: number): { fired(): boolean; disarm(): void } {
	const inspector = session.runtime.parts.inspector;
	let started = 0;
	let fired = false;
	if (!inspector) throw new Error("Esc needs the inspector's dispatches");
	const begin = inspector.begin.bind(inspector);
	inspector.begin = (type, event, handlers) => {
		const watch = begin(type, event, handlers);
		if (type !== "tool_execution_start" || ++started !== toolCall) return watch;
		return {
			handler: (run) => watch.handler(run),
			end: (outcome) => {
				watch.end(outcome);
				setTimeout(() => {
					fired = true;
					void session.runtime.abort();
				}, 0);
			},
		};
	};
	return {
		fired: () => fired,
		disarm: () => {
			inspector.begin = begin;
		},
	};
}

/** An empty session in the workspace of `session`, for a new session's start. */
export function emptySession(session: HeadlessSession): SessionSnapshot {
	return { header: newSessionHeader(session.workspace.cwd), entries: [], leafId: null };
}
