/**
 * The editor (loaded when first opened): the workspace's file tree, tabs, one CodeMirror view whose
 * state is kept per file (so each file keeps its undo history across tab switches), TypeScript help
 * from the language service worker, and the problems list. Typing keeps a draft in the page's
 * database; Ctrl/Cmd+S or Run saves the file and reloads the extensions on the same session.
 */
import { indentUnit } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Playground } from "../../host/playground.ts";
import { reasonOf } from "../../host/state/error-reason.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import { TEMPLATES } from "./templates.ts";
import { TemplatePicker } from "./TemplatePicker.tsx";
import { FileTree } from "../files/FileTree.tsx";
import { deferredLanguageService, runtimeProblemsChanged, typescriptSupport, type Problem } from "./language.ts";
import { ProblemsList } from "./ProblemsList.tsx";
import { editorTheme, scrollerReachable } from "./editor-theme.ts";
import { type EditorIntent, indentOf } from "./editor-defaults.ts";
import "./editor.css";

type EditorDesk = Playground["editor"];
type RunOutcome = Awaited<ReturnType<EditorDesk["run"]>>;

const TEMPLATE_SOURCES = import.meta.glob<string>("../../../extensions/templates/*.ts", { query: "?raw", import: "default" });

interface Props {
	host: EditorDesk;
	files: string[];
	root: string;
	runtimeProblems: Problem[];
	intent?: EditorIntent;
	onIntentDone(): void;
	onNotice(message: string): void;
	/** Files open and read, nothing typed, saved or run (an embed's `?readonly`). */
	readOnly?: boolean;
}

interface Buffer {
	state: EditorState;
	/** The text as last saved (or read): the tab is dirty when the document differs. */
	saved: string;
}

const DRAFT_DELAY_MS = 300;

/** What Run says: how the file's extension came out of the reload, not just that it was saved. */
function runStatus(outcome: RunOutcome, isExtension: boolean): string {
	const { extension } = outcome;
	if (!extension) return isExtension ? "Saved; extensions reloaded." : "Saved.";
	if (extension.state === "loaded") return `Saved; ${extension.name} loaded.`;
	if (extension.state === "failed") return `Saved; ${extension.name} failed to load: ${extension.reason}`;
	return `Saved; ${extension.name} is still turned off: it ${extension.reason}. Change the file and Run again, or turn it on in Extensions.`;
}

export default function Workbench({ host, files, root, runtimeProblems, intent, onIntentDone, onNotice, readOnly = false }: Props) {
	const parent = useRef<HTMLDivElement>(null);
	const view = useRef<EditorView>(undefined);
	const buffers = useRef(new Map<string, Buffer>());
	const [tabs, setTabs] = useState<string[]>([]);
	const [active, setActive] = useState<string>();
	const [dirty, setDirty] = useState<Record<string, boolean>>({});
	/** Whether each file's latest text is kept in the database yet (a draft, or saved). */
	const [kept, setKept] = useState<Record<string, boolean>>({});
	const [tsProblems, setTsProblems] = useState<Record<string, Problem[]>>({});
	const [status, setStatus] = useState<string>();
	/** The file tree is shown; put away, the code gets the pane's whole width. */
	const [treeShown, setTreeShown] = useState(true);
	const runtimeRef = useRef(runtimeProblems);
	runtimeRef.current = runtimeProblems;
	const activeRef = useRef<string>(undefined);
	activeRef.current = active;
	const draftTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
	const restored = useRef(false);

	const run = useCallback(
		async (path: string) => {
			const buffer = buffers.current.get(path);
			if (!buffer) return;
			const text = (path === activeRef.current && view.current ? view.current.state : buffer.state).doc.toString();
			clearTimeout(draftTimers.current.get(path));
			setStatus("Saving and reloading…");
			try {
				const outcome = await host.run(path, text);
				buffer.saved = text;
				setDirty((d) => ({ ...d, [path]: false }));
				setStatus(runStatus(outcome, host.isExtension(path)));
			} catch (error) {
				setStatus(`Could not save: ${reasonOf(error)}`);
			}
		},
		[host],
	);

	const createState = useCallback(
		async (path: string, doc: string, saved: string): Promise<Buffer> => {
			const worker = deferredLanguageService();
			void worker.updateFile({ path, code: doc });
			const state = EditorState.create({
				doc,
				extensions: [
					EditorState.readOnly.of(readOnly),
					keymap.of([
						{
							key: "Mod-s",
							preventDefault: true,
							run: () => {
								if (!readOnly) void run(path);
								return true;
							},
						},
					]),
					basicSetup,
					// Long lines wrap: the start of every line stays in view, in a narrow pane and on a phone.
					EditorView.lineWrapping,
					// New lines indent as the file does (tabs where it uses tabs), a tab drawn four columns wide.
					indentUnit.of(indentOf(doc)),
					EditorState.tabSize.of(4),
					editorTheme,
					EditorView.contentAttributes.of({ "aria-label": `Code of ${path.split("/").pop()}` }),
					scrollerReachable,
					typescriptSupport(worker, path, {
						runtimeProblems: () => runtimeRef.current.filter((problem) => problem.path === path),
						onTypeScriptProblems: (problems) => setTsProblems((all) => ({ ...all, [path]: problems })),
					}),
					EditorView.updateListener.of((update) => {
						if (!update.docChanged) return;
						const text = update.state.doc.toString();
						const buffer = buffers.current.get(path);
						setDirty((d) => ({ ...d, [path]: text !== buffer?.saved }));
						clearTimeout(draftTimers.current.get(path));
						setKept((k) => ({ ...k, [path]: false }));
						draftTimers.current.set(
							path,
							setTimeout(() => {
								void host.keepDraft(path, text === buffer?.saved ? undefined : text).then(
									() => update.view.state.doc.toString() === text && setKept((k) => ({ ...k, [path]: true })),
									(error: unknown) => setStatus(`Could not keep the unsaved text: ${reasonOf(error)}`),
								);
							}, DRAFT_DELAY_MS),
						);
					}),
				],
			});
			return { state, saved };
		},
		[host, run, readOnly],
	);

	/** Shows `path` in the view, reading it (or its draft) the first time; `line` selects that line. */
	const open = useCallback(
		async (path: string, line?: number) => {
			const current = activeRef.current;
			if (current && view.current && buffers.current.has(current)) buffers.current.get(current)!.state = view.current.state;
			let buffer = buffers.current.get(path);
			if (!buffer) {
				let saved = "";
				try {
					saved = await host.read(path);
				} catch {
					// A file not written yet, or removed: its draft (if any) is all there is.
				}
				const draft = await host.draft(path);
				buffer = await createState(path, draft ?? saved, saved);
				buffers.current.set(path, buffer);
				setDirty((d) => ({ ...d, [path]: draft !== undefined && draft !== saved }));
			}
			setTabs((open) => (open.includes(path) ? open : [...open, path]));
			setActive(path);
			activeRef.current = path;
			if (!view.current) {
				const root = parent.current!.shadowRoot ?? parent.current!.attachShadow({ mode: "open" });
				view.current = new EditorView({ state: buffer.state, parent: root, root });
			} else view.current.setState(buffer.state);
			if (line) {
				const doc = view.current.state.doc;
				const target = doc.line(Math.max(1, Math.min(line, doc.lines)));
				view.current.dispatch({ selection: { anchor: target.from, head: target.to }, scrollIntoView: true });
			}
			view.current.focus();
		},
		[host, createState],
	);

	const close = (path: string) => {
		const index = tabs.indexOf(path);
		const rest = tabs.filter((tab) => tab !== path);
		setTabs(rest);
		if (active === path) {
			const next = rest[Math.min(index, rest.length - 1)];
			if (next) void open(next);
			else {
				setActive(undefined);
				view.current?.destroy();
				view.current = undefined;
			}
		}
	};

	const createFromTemplate = useCallback(
		async (id: string, runNow = false) => {
			const template = TEMPLATES.find((t) => t.id === id);
			const load = TEMPLATE_SOURCES[`../../../extensions/templates/${id}.ts`];
			if (!template || !load) return;
			const source = await load();
			const path = host.newExtensionPath(id, files);
			await host.createFromTemplate(path, source, template.script);
			await open(path);
			if (runNow) {
				await run(path);
				setStatus(`${path.split("/").pop()} runs: edit it, then Ctrl+S or Run. ${template.hint}`);
			} else setStatus(`New extension ${path.split("/").pop()}: Ctrl+S or Run to load it. ${template.hint}`);
		},
		[host, files, open, run],
	);

	/** An open intent's text put in place of the buffer's, as one edit (undo brings the old text back); then run, if asked. */
	const replaceText = useCallback(
		async (intent: EditorIntent) => {
			if (intent.kind !== "open" || !intent.replace || readOnly || !view.current) return;
			const doc = view.current.state.doc;
			view.current.dispatch({ changes: { from: 0, to: doc.length, insert: intent.replace.text } });
			if (intent.replace.run) await run(intent.path);
		},
		[run, readOnly],
	);

	// The open tabs survive a reload of the page (their unsaved text is in the drafts).
	useEffect(() => {
		if (restored.current) return;
		restored.current = true;
		void host.tabs().then(async (saved) => {
			for (const path of saved.paths) if (path !== saved.active) await open(path).catch(() => undefined);
			if (saved.active) await open(saved.active).catch(() => undefined);
		});
	}, [host, open]);
	useEffect(() => {
		if (restored.current) void host.saveTabs({ paths: tabs, active });
	}, [host, tabs, active]);

	useEffect(() => {
		if (!intent) return;
		onIntentDone();
		const openFiles = async (path: string, line?: number, besides: string[] = []) => {
			for (const other of besides) await open(other).catch(() => undefined);
			await open(path, line);
		};
		const done =
			intent.kind === "template"
				? createFromTemplate(intent.id, intent.run)
				: openFiles(intent.path, intent.line, intent.besides).then(() => replaceText(intent));
		done.catch((error: Error) => onNotice(`The editor could not open that: ${error.message}`));
	}, [intent, onIntentDone, createFromTemplate, open, replaceText, onNotice]);

	// New runtime problems: lint again so they show at their lines.
	useEffect(() => {
		view.current?.dispatch({ effects: runtimeProblemsChanged.of(null) });
	}, [runtimeProblems]);

	useEffect(() => {
		// TypeScript takes a while to start: begin as the editor opens, before the first file does.
		void deferredLanguageService().initialize();
		return () => view.current?.destroy();
	}, []);

	const problems = [...Object.values(tsProblems).flat(), ...runtimeProblems];
	return (
		<div className="workbench">
			<div className="workbench-bar">
				<button
					type="button"
					className="tree-toggle"
					aria-expanded={treeShown}
					aria-controls="workbench-tree"
					title={treeShown ? "Hide the file tree: the code gets its room" : "Show the file tree"}
					onClick={() => setTreeShown(!treeShown)}
				>
					File tree
				</button>
				{!readOnly && <TemplatePicker onPick={(id) => void createFromTemplate(id)} />}
				{!readOnly && (
					<button type="button" disabled={!active} onClick={() => active && void run(active)} title="Save and reload the extensions (Ctrl+S)">
						Run
					</button>
				)}
				{status && (
					<span className="muted workbench-status" role="status" aria-label="Editor status">
						{status}
					</span>
				)}
			</div>
			<div className="workbench-body">
				<nav id="workbench-tree" className="workbench-tree" aria-label="Editor files" hidden={!treeShown}>
					<FileTree root={root} files={files} open={active} labelPrefix="Edit " onOpen={(path) => path && void open(path)} />
				</nav>
				<div className="workbench-main">
					<div role="tablist" aria-label="Open files" className="editor-tabs">
						{tabs.map((path) => {
							const name = path.split("/").pop();
							return (
								<span key={path} className="editor-tab" data-active={path === active} role="none">
									<button
										type="button"
										role="tab"
										aria-selected={path === active}
										aria-keyshortcuts="Delete"
										title={`${visibleText(path)} (Delete closes it)`}
										data-kept={kept[path] !== false}
										onClick={() => void open(path)}
										onKeyDown={(event) => {
											if (event.key === "Delete") {
												event.preventDefault();
												close(path);
											}
										}}
									>
										{visibleText(name ?? path)}
										{dirty[path] ? " •" : ""}
									</button>
									{/* A tab list holds tabs only: the mouse's close control; the keyboard's is Delete on the tab. */}
									<button type="button" tabIndex={-1} aria-hidden="true" onClick={() => close(path)}>
										×
									</button>
								</span>
							);
						})}
					</div>
					<div className="code-editor" ref={parent} aria-label="Code editor" />
					{!active && <p className="muted editor-empty">Open a file from the tree, or start a new extension.</p>}
				</div>
			</div>
			<ProblemsList problems={problems} onOpen={(problem) => void open(problem.path, problem.line)} />
		</div>
	);
}
