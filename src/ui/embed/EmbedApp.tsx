/**
 * The embed's compact layout (`?embed`): editor and transcript side by side, or the transcript alone
 * (`?embed=transcript`), without the header and the panels. `?readonly`: no composer and no editing; the
 * host page may still send prompts. Dialogs and the question before code runs show as in the full page.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import type { EmbedOptions } from "../../share/embed-params.ts";
import type { Playground } from "../../host/playground.ts";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { BranchIndex } from "../../session/tree.ts";
import { ansiToNodes } from "../design/ansi.tsx";
import { ComponentDialog } from "../dialogs/ComponentDialog.tsx";
import { PlaygroundComposer } from "../transcript/Composer.tsx";
import { ExtensionDialog, TrustPrompt } from "../dialogs/Dialogs.tsx";
import { EditorPane } from "../editor/EditorPane.tsx";
import { editorProblems } from "../editor/runtime-problems.ts";
import { ManualTurnForm } from "../transcript/ManualTurnForm.tsx";
import { Notifications } from "../shell/Notifications.tsx";
import { SecurityBanner } from "../shell/SecurityBanner.tsx";
import { CommandOutput, PlaygroundTranscript } from "../transcript/PlaygroundTranscript.tsx";
import { usePlaygroundState } from "../usePlayground.ts";
import { ShareConsent } from "../share/ShareConsent.tsx";
import { PackageConsent } from "../packages/PackageConsent.tsx";
import { StartingStatus } from "../shell/StartingStatus.tsx";
import "../shell/shell.css";
import "./embed.css";

// `?embed&lesson=`: the lesson's text and goals beside the editor, loaded only when an embed names a lesson.
const EmbeddedLesson = lazy(() => import("../lessons/EmbeddedLesson.tsx"));

/** A read-only embed's toasts: the page's own; what the session said is under the transcript (CommandOutput). */
const pageNotices = (notices: PlaygroundState["notifications"]) => notices.filter((notice) => notice.origin === "page");

export function EmbedApp({ playground, options }: { playground: Playground; options: EmbedOptions }) {
	const state = usePlaygroundState(playground);
	const [branches] = useState(() => new BranchIndex());
	const branch = useMemo(() => branches.of(state.entries, state.leafId), [branches, state.entries, state.leafId]);
	const runtimeProblems = useMemo(() => editorProblems(state.problems), [state.problems]);
	const dismiss = useCallback((id: number) => playground.notices.dismiss(id), [playground]);
	const dismissDropped = useCallback((source: string) => playground.notices.dismissDropped(source), [playground]);
	const dialog = state.dialogs[0];
	const toasts = useMemo(() => (options.readOnly ? pageNotices(state.notifications) : state.notifications), [options.readOnly, state.notifications]);
	return (
		<div
			className={`app embed embed-${options.layout}${playground.lessons.lessonId ? " embed-with-lesson" : ""}`}
			data-phase={state.phase}
			data-embed={options.layout}
			data-readonly={options.readOnly}
		>
			<header className="embed-bar">
				<a href="./" target="_blank" rel="noopener noreferrer">
					Playa
				</a>
				{state.title && <span className="topbar-title">{ansiToNodes(state.title, "title")}</span>}
				<span className="muted" role="status" aria-label="Embed status">
					{state.phase === "starting" ? (
						<StartingStatus loading={state.extensionsLoading} workspace={state.workspace.progress} idle="Starting…" />
					) : state.running ? (
						"Working…"
					) : (
						""
					)}
				</span>
			</header>
			<SecurityBanner notice={state.securityNotice} />
			<div className="embed-panes">
				{playground.lessons.lessonId && (
					<Suspense fallback={<p className="muted embed-lesson">Loading the lesson…</p>}>
						<EmbeddedLesson playground={playground} />
					</Suspense>
				)}
				{options.layout === "editor" && (
					<EditorPane
						host={playground.editor}
						files={state.files}
						root={state.workspace.cwd}
						runtimeProblems={runtimeProblems}
						onNotice={playground.notices.error}
						readOnly={options.readOnly}
						openFirst
					/>
				)}
				<div className="chat">
					{state.phase === "failed" && (
						<p className="error-text" role="alert">
							{state.failure}
						</p>
					)}
					{state.phase === "locked" && (
						<p className="banner" role="alert">
							This session is open in another tab or frame, which writes it.
						</p>
					)}
					<PlaygroundTranscript state={state} branch={branch} readOnly={options.readOnly} />
					{options.readOnly && <CommandOutput notices={state.notifications} />}
					{state.manualTurn && !options.readOnly && (
						<ManualTurnForm
							key={state.manualTurn.id}
							pending={state.manualTurn}
							onSend={(id, turn) => playground.manualTurns.answer(id, { turn })}
							onAbort={() => void playground.abort()}
						/>
					)}
					{!options.readOnly && <PlaygroundComposer playground={playground} state={state} />}
				</div>
			</div>
			<Notifications items={toasts} dropped={state.droppedNotifications} onDismiss={dismiss} onDismissDropped={dismissDropped} />
			<ShareConsent desk={playground.share} embedded />
			{state.phase === "awaiting-trust" && state.packageConsent.length > 0 && (
				<PackageConsent items={state.packageConsent} onDecide={(run) => void playground.decidePackages(run)} />
			)}
			{state.phase === "awaiting-trust" && state.packageConsent.length === 0 && (
				<TrustPrompt
					urls={state.untrustedUrls}
					changed={state.changedUrls}
					projectFiles={state.untrustedProjectFiles}
					files={state.consentFiles}
					onDecide={(run) => void playground.decideTrust(run)}
				/>
			)}
			{Object.entries(state.components).map(([id, component]) => (
				<ComponentDialog
					key={id}
					id={id}
					extension={component.extension}
					lines={component.lines}
					onInput={(cid, data) => playground.componentInput(cid, data)}
					onClose={(cid) => playground.closeComponent(cid)}
				/>
			))}
			{dialog && <ExtensionDialog key={dialog.id} dialog={dialog} onAnswer={(id, response) => playground.dialogs.answer(id, response)} />}
		</div>
	);
}
