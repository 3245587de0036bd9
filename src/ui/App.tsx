/** The playground page: transcript and composer, with extensions and the script beside them. */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Playground } from "../host/playground.ts";
import { BranchIndex } from "../session/tree.ts";
import { ComponentDialog } from "./dialogs/ComponentDialog.tsx";
import { PlaygroundComposer } from "./transcript/Composer.tsx";
import { ExtensionDialog, TrustPrompt } from "./dialogs/Dialogs.tsx";
import { ExtensionsPanel } from "./panels/ExtensionsPanel.tsx";
import { Notifications } from "./shell/Notifications.tsx";
import { SecurityBanner } from "./shell/SecurityBanner.tsx";
import { ManualTurnForm } from "./transcript/ManualTurnForm.tsx";
import type { OfflineModel } from "./panels/model-title.ts";
import { EditorWithAbout, GalleryLayer, useEditorFirst } from "./gallery/GalleryParts.tsx";
import { useStarter, WelcomeStrip } from "./editor/FirstScreen.tsx";
import { ColorSchemeToggle } from "./design/ColorSchemeToggle.tsx";
import { editorProblems } from "./editor/runtime-problems.ts";
import { Header } from "./shell/Header.tsx";
import type { PaneId } from "./shell/Panes.tsx";
import { DemoPanes, DemoToggle } from "./demo/DemoPanes.tsx";
import { PanelTabs } from "./shell/PanelTabs.tsx";
import { RetryStatus } from "./shell/RetryStatus.tsx";
import { SessionUsage } from "./transcript/Usage.tsx";
import { StartingStatus } from "./shell/StartingStatus.tsx";
import { useSessionTools } from "./panels/use-session-tools.ts";
import { answersGivenOnBranch } from "../host/state/answer-log.ts";
import { extensionCards } from "../host/state/playground-state.ts";
import { SessionsPanel } from "./panels/SessionsPanel.tsx";
import { ansiToNodes, stripAnsi } from "./design/ansi.tsx";
import { Widgets } from "./shell/Widgets.tsx";
import { useShortcuts } from "./shell/use-shortcuts.ts";
import { useTreePanel } from "./shell/use-tree-panel.ts";
import { PlaygroundTranscript } from "./transcript/PlaygroundTranscript.tsx";
import { LastReply, NextReply } from "./transcript/NextReply.tsx";
import { repliesOnBranch } from "./transcript/next-reply.ts";
import { ThinkingLabel } from "./transcript/Transcript.tsx";
import { usePlaygroundState } from "./usePlayground.ts";
import { PlaygroundSwitch } from "./share/PlaygroundSwitch.tsx";
import { ShareLayer } from "./share/ShareLayer.tsx";
import { LessonsTab } from "./lessons/LessonsTab.tsx";
import { ReferenceTab } from "./reference/ReferenceTab.tsx";
import "./shell/shell.css";
import "./panels/panels.css";

/** The page's own title (index.html). */
const PAGE_TITLE = "Playa — extension playground";

// Loaded when first opened: not part of the page's first load.
// Panels and dialogs that are not on the first screen load after the first paint, not with the page's first JavaScript.
const ModelTab = lazy(() => import("./panels/ModelTab.tsx").then((module) => ({ default: module.ModelTab })));
const FilesPanel = lazy(() => import("./files/FilesPanel.tsx").then((module) => ({ default: module.FilesPanel })));
const HotkeysDialog = lazy(() => import("./dialogs/HotkeysDialog.tsx").then((module) => ({ default: module.HotkeysDialog })));
const ScenarioPanel = lazy(() => import("./scenario/ScenarioPanel.tsx").then((module) => ({ default: module.ScenarioPanel })));
const InspectorPanel = lazy(() => import("./inspector/InspectorPanel.tsx").then((module) => ({ default: module.InspectorPanel })));
const PackageBrowser = lazy(() => import("./packages/PackageBrowser.tsx").then((module) => ({ default: module.PackageBrowser })));
const PackageConsent = lazy(() => import("./packages/PackageConsent.tsx").then((module) => ({ default: module.PackageConsent })));

const OFFLINE_MODELS: OfflineModel[] = [
	{ provider: "scripted", id: "scripted", name: "Scripted" },
	{ provider: "manual", id: "manual", name: "Manual (you are the model)" },
];

/** The error of the branch's last assistant reply, if it failed: the model panel explains it. */
function lastReplyError(branch: { type: string }[]): { message: string } | undefined {
	for (let i = branch.length - 1; i >= 0; i--) {
		const message = (branch[i] as { message?: { role?: string; stopReason?: string; errorMessage?: string } }).message;
		if (branch[i].type !== "message" || message?.role !== "assistant") continue;
		return message.stopReason === "error" && message.errorMessage ? { message: message.errorMessage } : undefined;
	}
	return undefined;
}

/** The tab a shared playground asked to show first (the script is in the Model tab; the editor is a pane). */
function panelTab(panels: string[] | undefined): string | undefined {
	const tabs = (panels ?? []).map((panel) => (panel === "script" ? "model" : panel)).filter((panel) => panel !== "editor" && panel !== "tree");
	return tabs[0];
}

interface AppProps {
	playground: Playground;
	/** Opens the examples gallery (the header's Examples button). */
	onExamples?: () => void;
	/** A theme toggle for the header. */
	themeToggle?: ReactNode;
	/** The inspector tab's content, when there is one. */
	inspector?: ReactNode;
}

export function App(props: AppProps) {
	const { playground } = props;
	const state = usePlaygroundState(playground);
	const runtimeProblems = useMemo(() => editorProblems(state.problems), [state.problems]);
	const dialog = state.dialogs[0];
	useShortcuts(playground, state.extensions);
	const TreePanel = useTreePanel(state.treeOpen || state.phase === "ready", playground.notices.error);
	// The transcript shows the path from the root to the leaf.
	const dismissNotification = useCallback((id: number) => playground.notices.dismiss(id), [playground]);
	const dismissDropped = useCallback((source: string) => playground.notices.dismissDropped(source), [playground]);
	const [branches] = useState(() => new BranchIndex());
	const branch = useMemo(() => branches.of(state.entries, state.leafId), [branches, state.entries, state.leafId]);
	const [galleryOpen, setGalleryOpen] = useState(false);
	const [reveal, setReveal] = useState<{ pane: PaneId; at: number }>();
	useEditorFirst(state.openPanels, setReveal);
	const [sharing, setSharing] = useState(false);
	const [browsingPackages, setBrowsingPackages] = useState(false);
	// The panels' elements stay the same while their inputs do, so React skips them on the runtime's many
	// updates during a run (a hidden tab still renders).
	const replyError = lastReplyError(branch);
	const played = useMemo(() => repliesOnBranch(branch), [branch]);
	const scripted = state.model.provider === "scripted";
	const starter = useStarter(playground.playgroundId, state);
	const tools = useSessionTools(playground, state.phase === "ready", state.extensions);
	const editorPane = useMemo(
		() => (
			<EditorWithAbout
				about={state.about}
				host={playground.editor}
				files={state.files}
				root={state.workspace.cwd}
				runtimeProblems={runtimeProblems}
				onNotice={playground.notices.error}
				starter={starter}
			/>
		),
		[playground, state.files, state.workspace.cwd, runtimeProblems, starter, state.about],
	);
	const reloadDisabled = state.running || state.phase !== "ready";
	const extensionsPanel = useMemo(
		() => (
			<ExtensionsPanel
				extensions={extensionCards(state)}
				errors={state.errors}
				packages={state.packages}
				onAdd={(url) => void playground.addExtension(url)}
				onRemove={(url) => void playground.removeExtension(url)}
				listed={state.extensionUrls}
				onDeleteFile={(url) => void playground.deleteProjectExtension(url)}
				onEnable={(url) => playground.enableExtension(url)}
				onFlag={(name, value) => void playground.setFlag(name, value)}
				onReload={() => void playground.reloadExtensions()}
				reloadDisabled={reloadDisabled}
				onOpenSource={(path) => {
					playground.editor.requestOpen(path);
					setReveal({ pane: "editor", at: Date.now() });
				}}
				onBrowsePackages={() => setBrowsingPackages(true)}
			/>
		),
		[playground, state.extensions, state.unreadableLinks, state.errors, state.packages, state.extensionUrls, reloadDisabled],
	);
	const deferCatalog = state.phase === "starting";
	const answersGiven = answersGivenOnBranch(state.answerLog, branch);
	const modelPanel = useMemo(
		() => (
			<>
				<Suspense fallback={<p className="muted">Loading the model…</p>}>
					<ModelTab
						model={{
							secrets: playground.secrets,
							endpoints: playground.endpoints,
							offline: OFFLINE_MODELS,
							current: state.model,
							registered: state.registeredProviders,
							thinkingLevel: state.thinkingLevel,
							onSelect: (choice) => void playground.selectModel(choice),
							onThinkingLevel: (level) => void playground.setThinkingLevel(level),
							error: replyError,
							deferCatalog,
						}}
						script={{
							script: state.script,
							played,
							tools,
							onApply: (steps, options) => void playground.setScript(steps).then(() => (options?.newSession ? playground.newSession() : undefined)),
						}}
						answers={{ answers: state.dialogAnswers, position: answersGiven, onApply: (answers) => void playground.answers.setAnswers(answers) }}
					/>
				</Suspense>
			</>
		),
		[
			playground,
			state.model,
			state.registeredProviders,
			state.thinkingLevel,
			replyError,
			deferCatalog,
			state.script,
			state.dialogAnswers,
			answersGiven,
			played,
			tools,
		],
	);
	const sessionsPanel = useMemo(
		() => (
			<SessionsPanel
				sessions={state.sessions}
				currentId={state.sessionId}
				disabled={state.running || state.sessionImport !== undefined}
				importing={state.sessionImport}
				onOpen={(id) => void playground.sessions.requestOpenSession(id)}
				onRename={(id, name) => void playground.sessions.renameSession(id, name)}
				onDelete={(id) => void playground.sessions.deleteSession(id)}
				onExport={(format) => playground.sessions.exportSession(format)}
				onImport={(file) => void playground.sessions.importSession(file, file.name)}
			/>
		),
		[playground, state.sessions, state.sessionId, state.running, state.sessionImport],
	);
	const filesPanel = useMemo(
		() => (
			<Suspense fallback={<p className="muted">Loading the files…</p>}>
				<FilesPanel files={state.files} status={state.workspace} host={playground.workspace} />
			</Suspense>
		),
		[playground, state.files, state.workspace],
	);
	// An extension's ctx.ui.setTitle names the tab too, followed by the page's name so it stays recognisable.
	useEffect(() => {
		document.title = state.title ? `${stripAnsi(state.title)} — Playa` : PAGE_TITLE;
	}, [state.title]);
	return (
		<div className="app" data-phase={state.phase}>
			<Header
				title={state.title}
				model={state.model}
				offline={OFFLINE_MODELS}
				running={state.running}
				onSelectModel={(choice) => void playground.selectModel(choice)}
				onNewSession={() => void playground.sessions.requestNewSession()}
				onTree={() => playground.tree.show(true)}
				onExamples={props.onExamples ?? (() => setGalleryOpen(true))}
				moreControls={[<DemoToggle key="demo" playground={playground} on={state.demo === true} />, props.themeToggle ?? <ColorSchemeToggle key="scheme" />]}
				onShare={() => setSharing(true)}
				playgroundSwitch={<PlaygroundSwitch current={playground.playgroundId} list={playground.listPlaygrounds} renamed={state.about?.copy} />}
			/>
			<SecurityBanner notice={state.securityNotice} />
			<DemoPanes
				playground={playground}
				state={state}
				reveal={reveal}
				editor={editorPane}
				session={
					<div className="chat">
						{state.phase === "failed" && (
							<p className="error-text" role="alert">
								{state.failure}
							</p>
						)}
						{state.phase === "locked" && (
							<div className="banner" role="alert">
								This session is open in another tab, which writes it. This tab only shows it.{" "}
								<button type="button" onClick={() => void playground.takeOver()}>
									Take over here
								</button>
							</div>
						)}
						<WelcomeStrip onExamples={props.onExamples ?? (() => setGalleryOpen(true))} />
						<ThinkingLabel.Provider value={state.thinkingLabel ?? "Thinking"}>
							<PlaygroundTranscript state={state} branch={branch} />
						</ThinkingLabel.Provider>
						{state.manualTurn && (
							<ManualTurnForm
								key={state.manualTurn.id}
								pending={state.manualTurn}
								onSend={(id, turn) => playground.manualTurns.answer(id, { turn })}
								onAbort={() => void playground.abort()}
							/>
						)}
						<Widgets widgets={state.widgets} placement="aboveEditor" />
						{scripted && <NextReply script={state.script} played={played} />}
						<PlaygroundComposer playground={playground} state={state} />
						<Widgets widgets={state.widgets} placement="belowEditor" />
						<footer className="statusbar" aria-label="Status">
							{state.phase === "starting" && <StartingStatus loading={state.extensionsLoading} workspace={state.workspace.progress} />}
							{state.running && !state.retry && !state.workingHidden && <span>Working…</span>}
							{state.retry && <RetryStatus retry={state.retry} />}
							{scripted && <LastReply script={state.script} played={played} />}
							<SessionUsage entries={state.entries} branch={branch} contextWindow={state.model.model?.contextWindow} />
							{Object.entries(state.statuses).map(([key, text]) => (
								<span key={key}>{ansiToNodes(text, key)}</span>
							))}
						</footer>
					</div>
				}
				panels={
					<PanelTabs
						key={state.openPanels?.join() ?? ""}
						initial={playground.lessons.lessonId ? "lessons" : panelTab(state.openPanels)}
						tabs={[
							{
								id: "extensions",
								label: "Extensions",
								content: extensionsPanel,
							},
							{
								id: "model",
								label: "Model",
								content: modelPanel,
							},
							{
								id: "sessions",
								label: "Sessions",
								content: sessionsPanel,
							},
							{ id: "files", label: "Files", content: filesPanel },
							{ id: "lessons", label: "Lessons", content: <LessonsTab playground={playground} /> },
							{ id: "reference", label: "Reference", content: <ReferenceTab onOpenLesson={(id) => void playground.lessons.open(id)} /> },
							{
								id: "scenarios",
								label: "Scenarios",
								content: (
									<Suspense fallback={<p className="muted">Loading scenarios…</p>}>
										<ScenarioPanel playground={playground} busy={reloadDisabled} />
									</Suspense>
								),
							},
							{
								id: "inspector",
								label: "Inspector",
								content: props.inspector ?? (
									<Suspense fallback={<p className="muted">Loading the inspector…</p>}>
										<InspectorPanel log={playground.inspector} />
									</Suspense>
								),
							},
						]}
					/>
				}
			/>
			<GalleryLayer playground={playground} open={galleryOpen} onClose={() => setGalleryOpen(false)} />
			<ShareLayer playground={playground} state={state} sharing={sharing} onCloseShare={() => setSharing(false)} />
			<Notifications items={state.notifications} dropped={state.droppedNotifications} onDismiss={dismissNotification} onDismissDropped={dismissDropped} />
			{browsingPackages && (
				<Suspense fallback={null}>
					<PackageBrowser
						search={(query) => playground.packages.search(query)}
						details={playground.packages.details}
						onTry={(source) => {
							setBrowsingPackages(false);
							void playground.tryPackage(source);
						}}
						onAdd={(source) => {
							setBrowsingPackages(false);
							void playground.addPackage(source);
						}}
						onClose={() => setBrowsingPackages(false)}
					/>
				</Suspense>
			)}
			{state.phase === "awaiting-trust" && state.packageConsent.length > 0 && (
				<Suspense fallback={null}>
					<PackageConsent items={state.packageConsent} onDecide={(run) => void playground.decidePackages(run)} />
				</Suspense>
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
			{state.treeOpen && TreePanel && (
				<TreePanel
					load={() => playground.tree.view()}
					version={`${state.sessionId}:${state.entries.length}:${state.leafId}`}
					busy={state.running || state.phase !== "ready"}
					onNavigate={(id, options) => playground.tree.navigate(id, options)}
					onAbort={() => void playground.abort()}
					onLabel={(id, label) => playground.tree.setLabel(id, label)}
					onFork={(id, position) => playground.tree.fork(id, position)}
					onClose={() => playground.tree.show(false)}
				/>
			)}
			{state.hotkeysOpen && (
				<Suspense fallback={null}>
					<HotkeysDialog extensions={state.extensions} onClose={() => playground.closeHotkeys()} />
				</Suspense>
			)}
			{dialog && <ExtensionDialog key={dialog.id} dialog={dialog} onAnswer={(id, response) => playground.dialogs.answer(id, response)} />}
		</div>
	);
}
