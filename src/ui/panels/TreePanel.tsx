/**
 * The session tree (`/tree`): every entry with its branches, the current leaf marked, labels and
 * branch summaries shown. The user jumps to an entry (optionally summarizing the branch left
 * behind), labels it, or forks it into a new session. Keyboard: arrows, Home/End, PageUp/PageDown,
 * Enter (go), Shift+Enter (go with a summary), Shift+L (label), Ctrl+O (next filter). Virtualized
 * with fixed-height rows, so any row's place is known without measuring the rows before it.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from "react";
import type { NavigateResult, TreeRow, TreeView } from "../../protocol/runtime.ts";
import { Modal } from "../dialogs/Dialogs.tsx";
import { filterTreeRows, nearestShownIndex, TREE_FILTERS, type TreeFilterMode } from "./tree-filter.ts";
import { Select } from "../design/kit/Select.tsx";
import "./tree.css";

interface Props {
	load(): Promise<TreeView>;
	/** Changes whenever the session does, so the panel loads the tree again. */
	version: string;
	/** A reply is being written: moving is not possible now. */
	busy: boolean;
	onNavigate(entryId: string, options: { summarize: boolean; customInstructions?: string }): Promise<NavigateResult>;
	/** Stops a summary being written (the move is then cancelled). */
	onAbort(): void;
	onLabel(entryId: string, label: string | undefined): Promise<void>;
	onFork(entryId: string, position: "before" | "at"): Promise<void>;
	onClose(): void;
}

const KIND_NAMES: Record<TreeRow["kind"], string> = {
	user: "user",
	assistant: "assistant",
	toolResult: "tool result",
	bash: "shell",
	custom_message: "message",
	branch_summary: "branch summary",
	compaction: "compaction",
	bookkeeping: "entry",
	other: "entry",
};

const PAGE = 10;
/** Every row is one line of this height (px); the list's scroll math relies on it. */
const ROW_HEIGHT = 22;
/** The list's height before it is laid out (`.tree-list` is 55vh), to place the opening rows. */
const expectedListHeight = () => window.innerHeight * 0.55;

/** `current`: where the session stands (the leaf, or its nearest shown ancestor when the leaf is hidden, e.g. a label). */
function Row({ row, selected, current, style, onPick }: { row: TreeRow; selected: boolean; current: boolean; style: CSSProperties; onPick(): void }) {
	const name = `${current ? "current " : ""}${KIND_NAMES[row.kind]}${row.label ? ` [${row.label}]` : ""}: ${row.text}`;
	return (
		<div
			role="option"
			id={`tree-row-${row.id}`}
			aria-selected={selected}
			aria-label={name}
			data-entry-id={row.id}
			className={`tree-row kind-${row.kind}${row.onPath ? " on-path" : ""}${current ? " leaf" : ""}${selected ? " selected" : ""}`}
			style={{ ...style, paddingLeft: `${row.indent * 1.25 + 0.25}rem` }}
			onClick={onPick}
		>
			<span className="tree-gutter" aria-hidden="true">
				{row.branchStart ? "├─ " : ""}
				{row.onPath ? "• " : "  "}
			</span>
			{/* The visible text reads as the row's name (WCAG 2.5.3): "current assistant [label]: text". */}
			{current && <span className="tree-here">current </span>}
			<span className="tree-kind">{KIND_NAMES[row.kind]}</span>
			{row.label && <span className="tree-label"> [{row.label}]</span>}: <span className="tree-text">{row.text || "(empty)"}</span>
		</div>
	);
}

/**
 * The rows of the list, drawn only where the scroller shows them. It opens with the selected row
 * (the current leaf) in the middle, and scrolls a newly selected row to the middle when it is out of view.
 */
function TreeRows({
	rows,
	selectedIndex,
	currentIndex,
	scroller,
	onPick,
}: {
	rows: TreeRow[];
	selectedIndex: number;
	currentIndex: number;
	scroller: RefObject<HTMLDivElement | null>;
	onPick(row: TreeRow): void;
}) {
	const getItemKey = useCallback((index: number) => rows[index].id, [rows]);
	const virtualizer = useVirtualizer({
		count: rows.length,
		getScrollElement: () => scroller.current,
		estimateSize: () => ROW_HEIGHT,
		// The first render already draws the rows around the selection.
		initialOffset: () => Math.max(0, selectedIndex * ROW_HEIGHT - (expectedListHeight() - ROW_HEIGHT) / 2),
		getItemKey,
		overscan: 10,
	});
	useLayoutEffect(() => {
		const box = scroller.current;
		if (selectedIndex < 0 || !box) return;
		const top = selectedIndex * ROW_HEIGHT;
		if (top >= box.scrollTop && top + ROW_HEIGHT <= box.scrollTop + box.clientHeight) return;
		virtualizer.scrollToIndex(selectedIndex, { align: "center" });
	}, [selectedIndex, rows]);
	return (
		<div className="tree-rows" style={{ height: virtualizer.getTotalSize() }}>
			{virtualizer.getVirtualItems().map((item) => (
				<Row
					key={item.key}
					row={rows[item.index]}
					selected={item.index === selectedIndex}
					current={item.index === currentIndex}
					style={{ height: ROW_HEIGHT, lineHeight: `${ROW_HEIGHT}px`, transform: `translateY(${item.start}px)` }}
					onPick={() => onPick(rows[item.index])}
				/>
			))}
		</div>
	);
}

export function TreePanel({ load, version, busy, onNavigate, onAbort, onLabel, onFork, onClose }: Props) {
	const [view, setView] = useState<TreeView>();
	const [mode, setMode] = useState<TreeFilterMode>("default");
	const [query, setQuery] = useState("");
	const [selectedId, setSelectedId] = useState<string | null>(null);
	const [labelDraft, setLabelDraft] = useState<string>();
	/** Instructions for the summary ("Summarize with instructions…"), while they are being written. */
	const [focusDraft, setFocusDraft] = useState<string>();
	/** What is being done for the user; a summary being written can be stopped. */
	const [working, setWorking] = useState<{ text: string; stoppable: boolean }>();
	const listBox = useRef<HTMLDivElement>(null);

	useEffect(() => {
		let current = true;
		load().then((loaded) => current && setView(loaded));
		return () => {
			current = false;
		};
	}, [version]);

	const rows = useMemo(() => (view ? filterTreeRows(view.rows, mode, query) : []), [view, mode, query]);
	const selectedIndex = view ? nearestShownIndex(rows, view.rows, selectedId ?? view.leafId) : -1;
	const selected = selectedIndex >= 0 ? rows[selectedIndex] : undefined;
	const currentIndex = view?.leafId ? nearestShownIndex(rows, view.rows, view.leafId) : -1;

	useEffect(() => listBox.current?.focus(), [view !== undefined]);

	const act = async (what: string, action: () => Promise<unknown>, close: boolean, stoppable = false) => {
		setWorking({ text: what, stoppable });
		try {
			await action();
		} finally {
			setWorking(undefined);
		}
		if (close) onClose();
	};
	const go = (row: TreeRow, summarize: boolean, customInstructions?: string) =>
		act(
			summarize ? "Summarizing the branch you leave…" : "Moving…",
			async () => {
				const result = await onNavigate(row.id, { summarize, customInstructions });
				if (result.cancelled) throw new Error("cancelled");
			},
			true,
			summarize,
		).catch(() => undefined);
	const fork = (row: TreeRow) => act("Forking…", () => onFork(row.id, row.kind === "user" ? "before" : "at"), true);
	const saveLabel = (row: TreeRow) => {
		const label = labelDraft?.trim() || undefined;
		setLabelDraft(undefined);
		void act("Saving the label…", () => onLabel(row.id, label), false);
		listBox.current?.focus();
	};
	const disabled = busy || working !== undefined;

	const onKeyDown = (event: React.KeyboardEvent) => {
		if (labelDraft !== undefined || focusDraft !== undefined) return;
		if (event.key.toLowerCase() === "o" && event.ctrlKey) {
			// Ctrl+O / Shift+Ctrl+O cycle the filter, as upstream's selector does.
			event.preventDefault();
			const at = TREE_FILTERS.findIndex((f) => f.mode === mode);
			setMode(TREE_FILTERS[(at + (event.shiftKey ? TREE_FILTERS.length - 1 : 1)) % TREE_FILTERS.length].mode);
			return;
		}
		if (!selected) return;
		const move = (to: number) => {
			event.preventDefault();
			const index = Math.max(0, Math.min(rows.length - 1, to));
			setSelectedId(rows[index].id);
		};
		if (event.key === "ArrowDown") move(selectedIndex + 1);
		else if (event.key === "ArrowUp") move(selectedIndex - 1);
		else if (event.key === "PageDown") move(selectedIndex + PAGE);
		else if (event.key === "PageUp") move(selectedIndex - PAGE);
		else if (event.key === "Home") move(0);
		else if (event.key === "End") move(rows.length - 1);
		else if (event.key === "Enter" && !disabled) {
			event.preventDefault();
			void go(selected, event.shiftKey);
		} else if (event.key === "L" && event.shiftKey && !disabled) {
			event.preventDefault();
			setLabelDraft(selected.label ?? "");
		}
	};

	return (
		<Modal title="Session tree" className="tree-dialog" onCancel={onClose}>
			<div className="tree-tools">
				<span className="tree-filter">
					<span aria-hidden="true">Show</span>
					<Select value={mode} onChange={(e) => setMode(e.target.value as TreeFilterMode)} aria-label="Tree filter">
						{TREE_FILTERS.map((f) => (
							<option key={f.mode} value={f.mode}>
								{f.name}
							</option>
						))}
					</Select>
				</span>
				<input aria-label="Search the tree" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
			</div>
			<div
				ref={listBox}
				className="tree-list"
				role="listbox"
				aria-label="Session entries"
				tabIndex={0}
				onKeyDown={onKeyDown}
				aria-activedescendant={selected && `tree-row-${selected.id}`}
			>
				{!view ? (
					<p className="muted">Loading…</p>
				) : rows.length === 0 ? (
					<p className="muted">No entries to show.</p>
				) : (
					<TreeRows rows={rows} selectedIndex={selectedIndex} currentIndex={currentIndex} scroller={listBox} onPick={(row) => setSelectedId(row.id)} />
				)}
			</div>
			{selected && (
				<div className="tree-actions" aria-label="Selected entry">
					{focusDraft !== undefined ? (
						<form
							className="row"
							onSubmit={(event) => {
								event.preventDefault();
								const instructions = focusDraft.trim() || undefined;
								setFocusDraft(undefined);
								void go(selected, true, instructions);
							}}
						>
							<input
								aria-label="Summary instructions"
								placeholder="What the summary should focus on"
								value={focusDraft}
								onChange={(e) => setFocusDraft(e.target.value)}
								autoFocus
							/>
							<button type="submit" disabled={disabled}>
								Summarize and go
							</button>
							<button type="button" onClick={() => setFocusDraft(undefined)}>
								Cancel
							</button>
						</form>
					) : labelDraft !== undefined ? (
						<form
							className="row"
							onSubmit={(event) => {
								event.preventDefault();
								saveLabel(selected);
							}}
						>
							<input aria-label="Label" placeholder="Label (empty clears it)" value={labelDraft} onChange={(e) => setLabelDraft(e.target.value)} autoFocus />
							<button type="submit">Save label</button>
							<button type="button" onClick={() => setLabelDraft(undefined)}>
								Cancel
							</button>
						</form>
					) : (
						<div className="row">
							<button type="button" disabled={disabled || selected.isLeaf} onClick={() => void go(selected, false)}>
								{selected.kind === "user" ? "Edit from here" : "Go here"}
							</button>
							<button type="button" disabled={disabled || selected.isLeaf} onClick={() => void go(selected, true)}>
								Go here with a summary
							</button>
							<button type="button" disabled={disabled || selected.isLeaf} onClick={() => setFocusDraft("")}>
								Summarize with instructions…
							</button>
							<button type="button" disabled={disabled} onClick={() => setLabelDraft(selected.label ?? "")}>
								Label…
							</button>
							<button type="button" disabled={disabled} onClick={() => void fork(selected)}>
								Fork to a new session
							</button>
						</div>
					)}
					{working && (
						<p className="muted" role="status">
							{working.text}{" "}
							{working.stoppable && (
								<button type="button" onClick={onAbort}>
									Stop
								</button>
							)}
						</p>
					)}
				</div>
			)}
			<div className="dialog-actions">
				<button type="button" onClick={onClose}>
					Close
				</button>
			</div>
		</Modal>
	);
}
