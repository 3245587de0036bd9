/**
 * The files-and-editor pane. The editor itself (CodeMirror and the TypeScript worker) is not part of
 * the page's first load: it loads when first opened (a file, a new extension, or tabs left open last
 * time), and the browser caches it for the next visit.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { Playground } from "../../host/playground.ts";
import { TemplatePicker } from "./TemplatePicker.tsx";
import { FileTree } from "../files/FileTree.tsx";
import { type EditorIntent, fileToOpenFirst } from "./editor-defaults.ts";
import { STARTER_TEMPLATE } from "./first-screen.ts";
import type { Problem } from "./language.ts";
import "./editor.css";

type EditorDesk = Playground["editor"];

const Workbench = lazy(() => import("./Workbench.tsx"));

interface Props {
	host: EditorDesk;
	files: string[];
	root?: string;
	runtimeProblems: Problem[];
	onNotice(message: string): void;
	/** Files open and read only (an embed's `?readonly`). */
	readOnly?: boolean;
	/** A new user's first screen: make the starter extension and run it (first-screen.ts), once. */
	starter?: boolean;
	/** Open a file at once when no tab was left open (an embed's editor layout): the first extension, else the first file. */
	openFirst?: boolean;
}

export function EditorPane({ host, files, root, runtimeProblems, onNotice, readOnly = false, starter = false, openFirst = false }: Props) {
	const [wanted, setWanted] = useState(false);
	const [intent, setIntent] = useState<EditorIntent>();
	/** Whether tabs were left open: undefined until known. */
	const [hadTabs, setHadTabs] = useState<boolean>();
	useEffect(() => {
		void host.tabs().then(
			(tabs) => {
				setHadTabs(tabs.paths.length > 0);
				if (tabs.paths.length > 0) setWanted(true);
			},
			() => setHadTabs(false),
		);
	}, [host]);
	const want = useCallback((next: EditorIntent) => {
		setIntent(next);
		setWanted(true);
	}, []);
	const firstFile = openFirst && hadTabs === false && root ? fileToOpenFirst(files) : undefined;
	const openedFirst = useRef(false);
	useEffect(() => {
		if (!firstFile || openedFirst.current) return;
		openedFirst.current = true;
		want({ kind: "open", path: firstFile });
	}, [firstFile, want]);
	useEffect(() => host.onOpenRequest((path, line, how) => want({ kind: "open", path, line, replace: how.replace, besides: how.besides })), [host, want]);
	useEffect(() => {
		if (starter) want({ kind: "template", id: STARTER_TEMPLATE, run: true });
	}, [starter, want]);
	const intentDone = useCallback(() => setIntent(undefined), []);
	return (
		<section className="editor-pane" aria-label="Editor">
			{wanted && root ? (
				<Suspense fallback={<p className="muted">Loading the editor…</p>}>
					<Workbench
						host={host}
						files={files}
						root={root}
						runtimeProblems={runtimeProblems}
						intent={intent}
						onIntentDone={intentDone}
						onNotice={onNotice}
						readOnly={readOnly}
					/>
				</Suspense>
			) : (
				<div className="workbench">
					<div className="workbench-bar">{!readOnly && <TemplatePicker disabled={!root} onPick={(id) => want({ kind: "template", id })} />}</div>
					<nav className="workbench-tree" aria-label="Editor files">
						{root ? (
							<FileTree root={root} files={files} labelPrefix="Edit " onOpen={(path) => path && want({ kind: "open", path })} />
						) : (
							<p className="muted">Starting the workspace…</p>
						)}
					</nav>
				</div>
			)}
		</section>
	);
}
