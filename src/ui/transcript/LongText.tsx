/**
 * Long content, collapsed: text (or a list of lines) past a few hundred lines or tens of kilobytes
 * shows its head and tail with a "Show all (N lines)" control, so a tool that returns megabytes puts
 * a few kilobytes into the page. "Show all" adds the rest in slices, one per frame, so the page is
 * never handed megabytes in one go.
 */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import "./transcript.css";

/** Beyond either, content is collapsed. */
export const COLLAPSE_LINES = 400;
export const COLLAPSE_CHARS = 40_000;
/** What a collapsed view shows: the first and last lines, each part cut at a size too. */
const HEAD_LINES = 100;
const TAIL_LINES = 20;
const HEAD_CHARS = 10_000;
const TAIL_CHARS = 2_000;
/** Characters (or lines, for line lists) added per frame once expanded. */
const SLICE_CHARS = 256 * 1024;
const SLICE_LINES = 2_000;

function countLines(text: string): number {
	let lines = 1;
	for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
	return lines;
}

/** The end of the first `lines` lines of `text`, at most `chars` in. */
function headEnd(text: string, lines: number, chars: number): number {
	let at = -1;
	for (let i = 0; i < lines; i++) {
		at = text.indexOf("\n", at + 1);
		if (at === -1 || at >= chars) return Math.min(text.length, chars);
	}
	return at;
}

/** The start of the last `lines` lines of `text`, at most `chars` from its end. */
function tailStart(text: string, lines: number, chars: number): number {
	let at = text.length;
	for (let i = 0; i < lines; i++) {
		at = text.lastIndexOf("\n", at - 1);
		if (at === -1 || text.length - at > chars) return Math.max(0, text.length - chars);
	}
	return at + 1;
}

export interface Collapsed {
	lines: number;
	head: string;
	tail: string;
	hiddenLines: number;
}

/** How `text` shows collapsed, or undefined when it is short enough to show whole. */
export function collapseText(text: string): Collapsed | undefined {
	if (text.length <= COLLAPSE_CHARS && (text.length < COLLAPSE_LINES || countLines(text) <= COLLAPSE_LINES)) return undefined;
	const lines = countLines(text);
	const end = headEnd(text, HEAD_LINES, HEAD_CHARS);
	const start = Math.max(end, tailStart(text, TAIL_LINES, TAIL_CHARS));
	const head = text.slice(0, end);
	const tail = text.slice(start);
	return { lines, head, tail, hiddenLines: Math.max(0, lines - countLines(head) - (tail ? countLines(tail) : 0)) };
}

/** `text` up to `end` in slices of about `SLICE_CHARS`, each ending at a line break where there is one. */
function slices(text: string, end: number): string[] {
	const parts: string[] = [];
	for (let at = 0; at < end; ) {
		let next = Math.min(end, at + SLICE_CHARS);
		if (next < end) {
			const lineEnd = text.lastIndexOf("\n", next);
			if (lineEnd > at) next = lineEnd + 1;
		}
		parts.push(text.slice(at, next));
		at = next;
	}
	return parts;
}

/** A count that grows to `total` by `step` a frame while `running` (0 while not). */
function useProgressive(total: number, step: number, running: boolean): number {
	const [shown, setShown] = useState(0);
	useEffect(() => {
		if (!running || shown >= total) return;
		const frame = requestAnimationFrame(() => setShown((current) => Math.min(total, current + step)));
		return () => cancelAnimationFrame(frame);
	}, [running, shown, total, step]);
	return running ? Math.max(shown, Math.min(total, step)) : 0;
}

function Toggle({ expanded, lines, onToggle }: { expanded: boolean; lines: number; onToggle(): void }) {
	return (
		<button type="button" className="show-all" onClick={onToggle}>
			{expanded ? "Collapse" : `Show all (${lines.toLocaleString("en")} lines)`}
		</button>
	);
}

/** `text` in an element of `className` (a `<p>` or `<pre>`), collapsed when long. */
export function LongText({ text, className, as = "p", prefix }: { text: string; className?: string; as?: "p" | "pre"; prefix?: ReactNode }) {
	const collapsed = useMemo(() => collapseText(text), [text]);
	const [expanded, setExpanded] = useState(false);
	const shownChars = useProgressive(text.length, SLICE_CHARS, expanded);
	const Tag = as;
	if (!collapsed) {
		return (
			<Tag className={className}>
				{prefix}
				{text}
			</Tag>
		);
	}
	return (
		<div className="long-text" data-collapsed={!expanded}>
			{expanded ? (
				// One element per slice: a slice added later lays out alone, not the whole text again.
				slices(text, shownChars).map((slice, i) => (
					<Tag key={i} className={`${className ?? ""} slice`}>
						{i === 0 && prefix}
						{slice}
					</Tag>
				))
			) : (
				<Tag className={className}>
					{prefix}
					{collapsed.head}
				</Tag>
			)}
			{!expanded && <p className="muted hidden-lines">… {collapsed.hiddenLines.toLocaleString("en")} more lines …</p>}
			{!expanded && collapsed.tail && <Tag className={className}>{collapsed.tail}</Tag>}
			<Toggle expanded={expanded} lines={collapsed.lines} onToggle={() => setExpanded(!expanded)} />
		</div>
	);
}

/** A list of lines drawn by `renderLine`, collapsed to its first and last lines when long. */
export function LongLines({ lines, renderLine, className }: { lines: string[]; renderLine(line: string, index: number): ReactNode; className?: string }) {
	const long = lines.length > COLLAPSE_LINES;
	const [expanded, setExpanded] = useState(false);
	const shownLines = useProgressive(lines.length, SLICE_LINES, expanded);
	if (!long) return <pre className={className}>{lines.map(renderLine)}</pre>;
	const tailFrom = lines.length - TAIL_LINES;
	return (
		<div className="long-text" data-collapsed={!expanded}>
			<pre className={className}>{expanded ? lines.slice(0, shownLines).map(renderLine) : lines.slice(0, HEAD_LINES).map(renderLine)}</pre>
			{!expanded && (
				<>
					<p className="muted hidden-lines">… {(tailFrom - HEAD_LINES).toLocaleString("en")} more lines …</p>
					<pre className={className}>{lines.slice(tailFrom).map((line, i) => renderLine(line, tailFrom + i))}</pre>
				</>
			)}
			<Toggle expanded={expanded} lines={lines.length} onToggle={() => setExpanded(!expanded)} />
		</div>
	);
}

/** A rough height (px) for content of this size, as the transcript's list guesses before measuring. */
export function estimatedTextHeight(text: string): number {
	const collapsed = collapseText(text);
	const shown = collapsed ? collapsed.head.length + collapsed.tail.length : text.length;
	const lines = collapsed ? HEAD_LINES + TAIL_LINES + 2 : countLines(text);
	// Wrapped lines: about 100 characters fit a transcript row.
	return 20 * Math.max(lines, Math.ceil(shown / 100));
}
