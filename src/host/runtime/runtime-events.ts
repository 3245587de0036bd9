/**
 * What the page does with a runtime's events: shows what it appends once stored (by the session writer, or here
 * for a runtime without one), follows its session requests, and patches the state the UI renders. Every event
 * comes from the runtime worker, untrusted: the bridge writes only the session the runtime was started with.
 */
import type { HostBridge, RuntimeEvent } from "../../protocol/runtime.ts";
import type { SessionWrite } from "../../protocol/session-writer.ts";
import type { DialogDesk } from "../desks/dialog-desk.ts";
import type { InspectorLog } from "../state/inspector-log.ts";
import type { ManualTurnDesk } from "../desks/manual-turns.ts";
import type { ScriptGateDesk } from "../desks/script-gate.ts";
import type { Notices } from "../state/notices.ts";
import type { RunLog } from "../state/run-log.ts";
import { displayPatch, sessionSource, type PlaygroundState } from "../state/playground-state.ts";
import type { PlaygroundDatabases } from "../storage/playground-databases.ts";
import type { SessionLibrary } from "../storage/session-library.ts";
import { storageFailureReason } from "../storage/storage-failure.ts";
import type { SessionWriterReports } from "../storage/writer/session-writer.ts";
import type { Store } from "../state/store.ts";
import type { TranspileCache } from "./transpile-cache.ts";

export interface RuntimeEventsDeps {
	/** The playground's database, where a runtime without a session writer stores through the page. */
	databases: Pick<PlaygroundDatabases, "current">;
	store: Store<PlaygroundState>;
	notices: Notices;
	sessions: Pick<SessionLibrary, "newSession" | "openSession" | "openFork" | "refresh" | "renameSession">;
	inspector: InspectorLog;
	/** What the current runtime's run did, for "Save as scenario" and the page's replay. */
	runLog: Pick<RunLog, "event" | "stored">;
	dialogs: DialogDesk;
	manualTurns: ManualTurnDesk;
	/** Demo mode's gate: the scripted model's steps wait for the presenter. */
	scriptGate: ScriptGateDesk;
	/** JavaScript the page made of a module's source at an earlier start. */
	transpileCache: Pick<TranspileCache, "lookup">;
	/** The runtime started last: only its events change what is on screen. */
	generation: () => number;
	/** Starts the runtime again on the same session (`/reload`, `ctx.reload()`). */
	reload: () => Promise<void>;
	/** The runtime's `project_trust` outcome: the page decides what the project's extensions may do. */
	resolveProjectTrust: NonNullable<HostBridge["resolveProjectTrust"]>;
}

/**
 * `generation`: the runtime this bridge serves; events of a runtime since replaced change nothing on
 * screen. It writes only the session it was started with, whatever session id its events name.
 */
export function runtimeBridge(deps: RuntimeEventsDeps, generation: number, sessionId: string): HostBridge {
	const current = () => generation === deps.generation();
	return {
		emit: (event) => {
			if ((event.type === "entry_appended" || event.type === "leaf_changed") && event.sessionId !== sessionId) {
				const problem = `${event.type} for another session than the runtime's own`;
				deps.notices.refused(problem);
				return Promise.reject(new Error(`The session write was refused: ${problem}.`));
			}
			deps.runLog.event(generation, event);
			return onRuntimeEvent(deps, event, current, generation, sessionId);
		},
		requestUI: (id, request) => deps.dialogs.request(id, request),
		cancelUI: (id) => deps.dialogs.answer(id, { cancelled: true }, "runtime"),
		requestManualTurn: (id, request) => deps.manualTurns.request(id, request),
		cancelManualTurn: (id) => deps.manualTurns.answer(id, { cancelled: true }),
		awaitScriptStep: (id, cue) => (current() ? deps.scriptGate.request(id, cue) : Promise.resolve({ cancelled: true })),
		cancelScriptStep: (id) => deps.scriptGate.answer(id, { cancelled: true }),
		// A runtime since replaced gets nothing: its start is not the one waiting for a decision.
		resolveProjectTrust: async (decision) => (current() ? deps.resolveProjectTrust(decision) : { extensions: [], trusted: false }),
		transpiled: (url, source) => deps.transpileCache.lookup(url, source),
	};
}

/**
 * What the session writer (session-writer/) tells the page of the runtime of `generation`: each write once stored,
 * a failed one, and one it refused.
 */
export function storedWrites(
	deps: Pick<RuntimeEventsDeps, "store" | "notices" | "sessions" | "generation" | "runLog">,
	generation: number,
): SessionWriterReports {
	const current = () => generation === deps.generation();
	return {
		stored: (event) => showStored(deps, event, current, generation),
		failed: (message) => deps.notices.notify(`${SAVE_FAILED}${message}`, "error", "Playa"),
		refused: (problem) => deps.notices.refused(problem),
	};
}

const SAVE_FAILED = "Could not save the session: ";

/** A write shown once stored: what is on screen survives a reload. */
function showStored(deps: Pick<RuntimeEventsDeps, "store" | "sessions" | "runLog">, event: SessionWrite, current: () => boolean, generation: number): void {
	const { store } = deps;
	if (event.type === "entry_appended") deps.runLog.stored(generation, event.sessionId, event.entry, event.leafId);
	if (event.type === "leaf_changed") {
		if (current()) store.update((state) => ({ ...state, leafId: event.leafId }));
		return;
	}
	// Appends that come together are copied into the entries once (see Store.append). A reply's entry replaces its
	// streamed copy in the same frame, or the page shows the reply twice for a frame; only its own copy: the writer's
	// reports and the runtime's events come on different ports, so the next reply may be streaming already.
	const { entry } = event;
	const reply = entry.type === "message" ? (entry.message as { role?: unknown; timestamp?: unknown } | undefined) : undefined;
	if (current()) {
		store.append("entries", entry, { leafId: event.leafId });
		if (reply?.role === "assistant")
			store.update((state) => (state.streaming && state.streaming.timestamp === reply.timestamp ? { ...state, streaming: undefined } : state));
	}
	// pi.setSessionName: the Sessions panel lists the session by its new name.
	if (entry.type === "session_info") void deps.sessions.renameSession(event.sessionId, typeof entry.name === "string" ? entry.name.trim() : "");
	// Stored after its run ended (the writer's reports and the runtime's come on different ports), or outside a run:
	// the Sessions panel counts it now, not at the next run's end.
	else if (!store.get().running) void deps.sessions.refresh();
}

function onRuntimeEvent(deps: RuntimeEventsDeps, event: RuntimeEvent, current: () => boolean, generation: number, sessionId: string): void | Promise<void> {
	const { store, notices } = deps;
	// The runtime's write rejects with the reason, as the session writer's does: what was not stored is not shown.
	const saveFailed = async (error: unknown): Promise<never> => {
		const reason = await storageFailureReason(error);
		notices.notify(`${SAVE_FAILED}${reason}`, "error", "Playa");
		throw new Error(`The session write was not stored: ${reason}.`);
	};
	const showEditorText = (text: string | undefined) => text && store.set(displayPatch(store.get(), { type: "editor_text", text, mode: "set" }));
	switch (event.type) {
		// A runtime without a session writer's port stores through the page: shown once stored, and the runtime
		// goes on only then.
		case "entry_appended":
			return deps.databases.current
				.appendEntry(event.sessionId, event.entry, event.leafId)
				.then(() => showStored(deps, event, current, generation), saveFailed);
		case "leaf_changed":
			return deps.databases.current.setLeaf(event.sessionId, event.leafId).then(() => showStored(deps, event, current, generation), saveFailed);
		case "session_request":
			if (event.action === "new") void deps.sessions.newSession().then(() => showEditorText(event.editorText));
			else if (event.action === "open" && event.sessionId) void deps.sessions.openSession(event.sessionId);
			else void deps.reload();
			return;
		case "session_fork":
			// The forked session is stored and the runtime starts on it; a user message's text goes to the composer.
			void deps.sessions.openFork(event.session, event.previousSessionId).then(() => showEditorText(event.editorText));
			return;
		case "run_state":
			// A run that ended took its tools with it, even one whose end never arrived.
			store.set(event.running ? { running: true } : { running: false, toolOutputs: {} });
			if (!event.running) void deps.sessions.refresh();
			return;
		case "notify":
			notices.notify(event.message, event.level, sessionSource(event.extension), "session");
			return;
		case "inspector":
			if (current()) deps.inspector.add(event, deps.generation(), sessionId);
			return;
		default:
			store.update((state) => {
				const patch = displayPatch(state, event);
				return Object.keys(patch).length > 0 ? { ...state, ...patch } : state;
			});
	}
}
