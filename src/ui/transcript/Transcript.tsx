/** The session's messages, rendered as text (never as HTML), plus the reply being streamed. */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { createContext, lazy, memo, Suspense, useContext, useMemo, useRef, useState } from "react";
import { isInterruptedMarker } from "../../session/interrupted.ts";
import { isCompactionEntry, type CompactionEntry, type StoredEntry } from "../../session/entries.ts";
import { ansiToNodes } from "../design/ansi.tsx";
import { collapseText, estimatedTextHeight, LongLines, LongText } from "./LongText.tsx";
import { messageForEntry } from "../../session/messages.ts";
import type { Usage } from "@earendil-works/pi-ai";
import { MessageUsage } from "./Usage.tsx";
import { TranscriptList } from "./TranscriptList.tsx";
import { runningShell, ShellView } from "./ShellView.tsx";
import { ToolOutput } from "./ToolOutput.tsx";
import type { GivenAnswer } from "../../host/state/answer-log.ts";
import type { ThinkingNote } from "../../host/state/playground-state.ts";
import { onIdle } from "../shell/on-idle.ts";
import "./transcript.css";

/** marked and the markdown renderer are not part of the page's first load (see loadMarkdownWhenIdle). */
let markdownModule: typeof import("./Markdown.tsx") | undefined;
const loadMarkdown = () => import("./Markdown.tsx").then((module) => (markdownModule = module));
const LazyMarkdown = lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })));

/**
 * Loads the markdown renderer once the page has nothing else to do, so the first reply shows as markdown at once
 * (not as plain text swapped for it a moment later); returns a cancel. A reply that comes first loads it itself.
 */
export function loadMarkdownWhenIdle(): () => void {
	return onIdle(() => void loadMarkdown().catch(() => undefined), { timeout: 5_000, fallback: 1_000 });
}

/** A reply's markdown; its plain text until the renderer has loaded. */
function Markdown({ text }: { text: string }) {
	if (markdownModule) return <markdownModule.Markdown text={text} />;
	return (
		<Suspense
			fallback={
				<div className="markdown">
					<p className="markdown-pending">{text}</p>
				</div>
			}
		>
			<LazyMarkdown text={text} />
		</Suspense>
	);
}

/** An extension's drawing of an entry: its ANSI lines, as text. */
export type RenderedEntries = Record<string, { extension: string; lines: string[] }>;
/** The markdown entries show as markdown transformers changed it: by entry id, by content block (0: a string content or a summary). */
export type DisplayTexts = Record<string, Record<number, string>>;

type Block = { type: string; id?: string; text?: string; thinking?: string; name?: string; arguments?: unknown; mimeType?: string };

/** The label of folded thinking blocks (an extension's `ctx.ui.setHiddenThinkingLabel`). */
export const ThinkingLabel = createContext("Thinking");

/** Tool calls drawn by their tool's `renderCall`, by call id. */
const RenderedCalls = createContext<RenderedEntries>({});

/** Running tools' output so far, by call id. */
const ToolOutputs = createContext<Record<string, string>>({});

function blocks(content: unknown): Block[] {
	if (typeof content === "string") return [{ type: "text", text: content }];
	return Array.isArray(content) ? (content as Block[]) : [];
}

/** Lines extensions' thinking renderers drew below one thinking block. */
function ThinkingNotes({ notes }: { notes: ThinkingNote[] }) {
	return (
		<>
			{notes.map((note) => (
				<div key={note.slot} className="thinking-note" role="note" aria-label={`${note.extension} thinking note`}>
					<RenderedLines lines={note.lines} />
				</div>
			))}
		</>
	);
}

/**
 * `markdown`: the assistant's text blocks are markdown (long ones, which fold, stay plain). `thinking`:
 * what thinking renderers drew, each below its block.
 */
function ContentBlocks({ content, markdown = false, thinking }: { content: unknown; markdown?: boolean; thinking?: ThinkingNote[] }) {
	const renderedCalls = useContext(RenderedCalls);
	const toolOutputs = useContext(ToolOutputs);
	const thinkingLabel = useContext(ThinkingLabel);
	return (
		<>
			{blocks(content).map((block, i) => {
				if (block.type === "text") {
					const text = String(block.text ?? "");
					if (markdown && !collapseText(text)) return <Markdown key={i} text={text} />;
					return <LongText key={i} className="text" text={text} />;
				}
				if (block.type === "thinking") {
					const notes = thinking?.filter((note) => note.contentIndex === i);
					return (
						<div key={i}>
							<details className="thinking">
								<summary>{thinkingLabel}</summary>
								<LongText className="text" text={String(block.thinking ?? "")} />
							</details>
							{notes && notes.length > 0 && <ThinkingNotes notes={notes} />}
						</div>
					);
				}
				const drawn = block.type === "toolCall" && block.id ? renderedCalls[block.id] : undefined;
				const output = block.type === "toolCall" && block.id && Object.hasOwn(toolOutputs, block.id) ? toolOutputs[block.id] : undefined;
				if (drawn)
					return (
						<div key={i} className="tool-call" aria-label={`Tool call ${block.name}`}>
							<RenderedLines lines={drawn.lines} />
							{output !== undefined && <ToolOutput name={block.name} text={output} />}
						</div>
					);
				if (block.type === "toolCall")
					return (
						<div key={i} className="tool-call" aria-label={`Tool call ${block.name}`}>
							<span className="tool-name">{block.name}</span>
							<ToolArguments value={block.arguments} />
							{output !== undefined && <ToolOutput name={block.name} text={output} />}
						</div>
					);
				if (block.type === "image")
					return (
						<p key={i} className="muted">
							[image {block.mimeType}]
						</p>
					);
				return null;
			})}
		</>
	);
}

/** A tool call's arguments as indented JSON (once per value: they can be large). */
function ToolArguments({ value }: { value: unknown }) {
	const text = useMemo(() => JSON.stringify(value, null, 2) ?? String(value), [value]);
	return <LongText as="pre" text={text} />;
}

/** Where older history was summarized: the summary, collapsed. */
function CompactionView({ entry }: { entry: CompactionEntry }) {
	return (
		<article className="message compaction" aria-label="Compaction">
			<details>
				<summary>
					Compacted from {entry.tokensBefore.toLocaleString("en")} tokens{entry.fromExtension || entry.fromHook ? " (by an extension)" : ""}
				</summary>
				<LongText className="text" text={entry.summary} />
			</details>
		</article>
	);
}

function InterruptedView({ message }: { message: Extract<AgentMessage, { role: "assistant" }> }) {
	return (
		<article className="message interrupted" aria-label="Interrupted turn">
			<p className="muted">{message.errorMessage}</p>
		</article>
	);
}

/** Shown at most (characters): details are bounded to 256 KB when stored, more than a reader needs here. */
const DETAILS_SHOWN = 20_000;

const hasDetails = (details: unknown) => details !== undefined && details !== null && !(typeof details === "object" && Object.keys(details).length === 0);

/** A tool result's `details` (for the page, not the model), folded, as JSON. */
function ToolDetails({ details }: { details: unknown }) {
	const [open, setOpen] = useState(false);
	const json = open ? (JSON.stringify(details, null, 2) ?? String(details)) : "";
	return (
		<details className="tool-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
			<summary>Details</summary>
			{open && (
				<pre aria-label="Tool details">
					{json.length > DETAILS_SHOWN ? `${json.slice(0, DETAILS_SHOWN)}\n… ${json.length - DETAILS_SHOWN} more characters` : json}
				</pre>
			)}
		</details>
	);
}

export function MessageView({ message, streaming = false, thinking }: { message: AgentMessage; streaming?: boolean; thinking?: ThinkingNote[] }) {
	if (message.role === "bashExecution") return <ShellView message={message} running={streaming} />;
	if (message.role === "assistant" && isInterruptedMarker(message)) return <InterruptedView message={message} />;
	if (message.role === "branchSummary")
		return (
			<article className="message branch-summary" aria-label="Branch summary">
				<header className="role">Summary of the branch left behind</header>
				<LongText className="text" text={message.summary} />
			</article>
		);
	const m = message as {
		role: string;
		content: unknown;
		toolName?: string;
		isError?: boolean;
		errorMessage?: string;
		stopReason?: string;
		usage?: Usage;
		details?: unknown;
	};
	const role = m.role === "toolResult" ? `Result of ${m.toolName}` : m.role === "user" ? "You" : m.role === "assistant" ? "Assistant" : m.role;
	return (
		<article className={`message ${m.role}${m.isError ? " error" : ""}${streaming ? " streaming" : ""}`} aria-label={`${role} message`}>
			<header className="role">{role}</header>
			{/* Markdown once the reply is complete: lexing the whole text again on every streamed frame would hold the page. */}
			<ContentBlocks content={m.content} markdown={m.role === "assistant" && !streaming} thinking={thinking} />
			{m.role === "toolResult" && hasDetails(m.details) && <ToolDetails details={m.details} />}
			{m.stopReason === "error" && <p className="error-text">Error: {m.errorMessage}</p>}
			{m.stopReason === "aborted" && <p className="muted">Stopped.</p>}
			{m.role === "assistant" && !streaming && m.usage && <MessageUsage usage={m.usage} />}
		</article>
	);
}

/** The message an entry shows in the transcript, if it shows one. */
function shownMessage(entry: StoredEntry): AgentMessage | undefined {
	if (entry.type === "message") return (entry as { message: AgentMessage }).message;
	if (entry.type === "branch_summary") return messageForEntry(entry);
	if (entry.type === "custom_message" && (entry as { display?: boolean }).display) {
		return { role: "user", content: (entry as { content: unknown }).content, timestamp: 0 } as AgentMessage;
	}
	return undefined;
}

const renderLine = (line: string, i: number) => <div key={i}>{line ? ansiToNodes(line, String(i)) : "\u00a0"}</div>;

function RenderedLines({ lines }: { lines: string[] }) {
	return <LongLines className="terminal" lines={lines} renderLine={renderLine} />;
}

/** Lines an extension rendered for an entry (entry, message or tool result renderer). */
export function RenderedView({ extension, lines }: { extension: string; lines: string[] }) {
	return (
		<article className="message rendered" aria-label={`${extension} entry`}>
			<RenderedLines lines={lines} />
		</article>
	);
}

type Item =
	| { key: string; message: AgentMessage; streaming: boolean; thinking?: ThinkingNote[] }
	| { key: string; rendered: RenderedEntries[string] }
	| { key: string; compaction: CompactionEntry }
	| { key: string; answer: GivenAnswer };

/** A dialog the script or the user answered: its own line, so a reader sees who answered what. */
function AnswerView({ answer }: { answer: GivenAnswer }) {
	const who = answer.by === "user" ? "you" : "the script";
	return (
		<p className="scripted-answer" role="note" aria-label={answer.by === "user" ? "Your answer" : "Scripted answer"}>
			{answer.method} “{answer.title}” → {answer.shown === "cancelled" ? "cancelled" : `answered ${answer.shown}`} by {who}
		</p>
	);
}

/** Rows re-render when their item changes, not each time the list scrolls or measures. */
const ItemView = memo(function ItemView({ item }: { item: Item }) {
	if ("rendered" in item) return <RenderedView {...item.rendered} />;
	if ("compaction" in item) return <CompactionView entry={item.compaction} />;
	if ("answer" in item) return <AnswerView answer={item.answer} />;
	return <MessageView message={item.message} streaming={item.streaming} thinking={item.thinking} />;
});

const ROW_CHROME = 60;

/** A guess at a row's height before it is measured: the list settles in fewer passes when it is close. */
function estimateItem(item: Item): number {
	if ("rendered" in item) return ROW_CHROME + 17 * Math.min(item.rendered.lines.length, 122);
	if ("compaction" in item || "answer" in item) return ROW_CHROME;
	const message = item.message as { content?: unknown; output?: string };
	const text =
		message.output ??
		blocks(message.content)
			.map((block) => (block.type === "text" ? (block.text ?? "") : ""))
			.join("\n");
	return ROW_CHROME + estimatedTextHeight(String(text));
}

/** Content with the display texts in place of its own (display only: the entry keeps its text). */
function displayContent(content: unknown, texts: Record<number, string>): unknown {
	if (typeof content === "string") return texts[0] ?? content;
	if (!Array.isArray(content)) return content;
	return (content as Block[]).map((block, i) => {
		const text = texts[i];
		if (text === undefined) return block;
		if (block.type === "text") return { ...block, text };
		if (block.type === "thinking") return { ...block, thinking: text };
		return block;
	});
}

function displayMessage(message: AgentMessage, texts: Record<number, string> | undefined): AgentMessage {
	if (!texts) return message;
	if (message.role === "branchSummary") return { ...message, summary: texts[0] ?? message.summary };
	if ("content" in message) return { ...message, content: displayContent(message.content, texts) } as AgentMessage;
	return message;
}

function itemFor(
	entry: StoredEntry,
	drawn: RenderedEntries[string] | undefined,
	texts: Record<number, string> | undefined,
	thinking: ThinkingNote[] | undefined,
): Item | undefined {
	if (drawn) return { key: entry.id, rendered: drawn };
	if (isCompactionEntry(entry)) return { key: entry.id, compaction: texts?.[0] === undefined ? entry : { ...entry, summary: texts[0] } };
	const message = shownMessage(entry);
	return message ? { key: entry.id, message: displayMessage(message, texts), streaming: false, ...(thinking && { thinking }) } : undefined;
}

const NO_ANSWERS: GivenAnswer[] = [];
const NO_DISPLAY: DisplayTexts = {};
const NO_THINKING: Record<string, ThinkingNote[]> = {};
const NO_OUTPUTS: Record<string, string> = {};

/** Virtualized: a 10,000-entry session renders only what is near the viewport; new output follows. */
export function Transcript({
	entries,
	streaming,
	rendered = {},
	renderedCalls = {},
	display = NO_DISPLAY,
	renderedThinking = NO_THINKING,
	toolOutputs = NO_OUTPUTS,
	shellOutput,
	answers = NO_ANSWERS,
	emptyText = "No messages yet. Write a prompt below.",
}: {
	entries: StoredEntry[];
	streaming?: AgentMessage;
	rendered?: RenderedEntries;
	renderedCalls?: RenderedEntries;
	/** Markdown transformers' display texts (the entries themselves are shown as stored otherwise). */
	display?: DisplayTexts;
	/** Thinking renderers' notes, by entry id. */
	renderedThinking?: Record<string, ThinkingNote[]>;
	/** Running tools' output so far (tools no extension renderer draws), by call id. */
	toolOutputs?: Record<string, string>;
	/** The user's `!cmd` while it runs: shown last, as its entry will be. */
	shellOutput?: { command: string; text: string };
	/** The answers to dialogs, the script's and the user's, each shown after the entry it followed (those of other branches are not). */
	answers?: GivenAnswer[];
	/** What an empty transcript says (a read-only one has no prompt below). */
	emptyText?: string;
}) {
	// One item per entry, kept while the entry and its drawing stay the same, so the rows that did not change
	// do not render again; the streamed reply changes only its own item.
	const cache = useRef(new WeakMap<StoredEntry, { item: Item; texts: Record<number, string> | undefined; thinking: ThinkingNote[] | undefined }>());
	const entryItems = useMemo(() => {
		const known = cache.current;
		return entries.map((entry): Item | undefined => {
			const drawn = rendered[entry.id];
			const texts = display[entry.id];
			const thinking = renderedThinking[entry.id];
			const cached = known.get(entry);
			if (cached && cached.texts === texts && cached.thinking === thinking && ("rendered" in cached.item ? cached.item.rendered === drawn : !drawn))
				return cached.item;
			const item = itemFor(entry, drawn, texts, thinking);
			if (item) known.set(entry, { item, texts, thinking });
			return item;
		});
	}, [entries, rendered, display, renderedThinking]);
	const items = useMemo(() => {
		const after = new Map<string | null, Item[]>();
		answers.forEach((answer, i) => after.set(answer.afterEntryId, [...(after.get(answer.afterEntryId) ?? []), { key: `answer:${i}`, answer }]));
		const shown: Item[] = [...(after.get(null) ?? [])];
		entryItems.forEach((item, index) => {
			if (item) shown.push(item);
			const answered = after.get(entries[index].id);
			if (answered) shown.push(...answered);
		});
		if (streaming) shown.push({ key: "streaming", message: streaming, streaming: true });
		if (shellOutput) shown.push({ key: "shell", message: runningShell(shellOutput), streaming: true });
		return shown;
	}, [entries, entryItems, streaming, shellOutput, answers]);
	return (
		<RenderedCalls.Provider value={renderedCalls}>
			<ToolOutputs.Provider value={toolOutputs}>
				<section className="transcript" aria-label="Transcript" aria-live="polite">
					{items.length === 0 ? (
						<p className="muted">{emptyText}</p>
					) : (
						<TranscriptList items={items} render={(item) => <ItemView item={item} />} estimateSize={estimateItem} />
					)}
				</section>
			</ToolOutputs.Provider>
		</RenderedCalls.Provider>
	);
}
