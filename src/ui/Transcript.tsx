/** The session's messages, rendered as text (never as HTML), plus the reply being streamed. */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { useMemo } from "react";
import { Virtuoso } from "react-virtuoso";
import type { SessionEntry } from "../runtime/session/entries.ts";
import type { Usage } from "@earendil-works/pi-ai";
import { MessageUsage } from "./Usage.tsx";

type Block = { type: string; text?: string; thinking?: string; name?: string; arguments?: unknown; mimeType?: string };

function blocks(content: unknown): Block[] {
	if (typeof content === "string") return [{ type: "text", text: content }];
	return Array.isArray(content) ? (content as Block[]) : [];
}

function ContentBlocks({ content }: { content: unknown }) {
	return (
		<>
			{blocks(content).map((block, i) => {
				if (block.type === "text") return <p key={i} className="text">{block.text}</p>;
				if (block.type === "thinking")
					return (
						<details key={i} className="thinking">
							<summary>Thinking</summary>
							<p className="text">{block.thinking}</p>
						</details>
					);
				if (block.type === "toolCall")
					return (
						<div key={i} className="tool-call" aria-label={`Tool call ${block.name}`}>
							<span className="tool-name">{block.name}</span>
							<pre>{JSON.stringify(block.arguments, null, 2)}</pre>
						</div>
					);
				if (block.type === "image") return <p key={i} className="muted">[image {block.mimeType}]</p>;
				return null;
			})}
		</>
	);
}

function ShellView({ message }: { message: Extract<AgentMessage, { role: "bashExecution" }> }) {
	return (
		<article className="message shell" aria-label="Shell message">
			<header className="role">Shell{message.excludeFromContext ? " (not sent to the model)" : ""}</header>
			<pre className="text">
				$ {message.command}
				{"\n"}
				{message.output || "(no output)"}
			</pre>
			{message.exitCode !== undefined && message.exitCode !== 0 && <p className="muted">exit code {message.exitCode}</p>}
		</article>
	);
}

export function MessageView({ message, streaming = false }: { message: AgentMessage; streaming?: boolean }) {
	if (message.role === "bashExecution") return <ShellView message={message} />;
	const m = message as { role: string; content: unknown; toolName?: string; isError?: boolean; errorMessage?: string; stopReason?: string; usage?: Usage };
	const role = m.role === "toolResult" ? `Result of ${m.toolName}` : m.role === "user" ? "You" : m.role === "assistant" ? "Assistant" : m.role;
	return (
		<article className={`message ${m.role}${m.isError ? " error" : ""}${streaming ? " streaming" : ""}`} aria-label={`${role} message`}>
			<header className="role">{role}</header>
			<ContentBlocks content={m.content} />
			{m.stopReason === "error" && <p className="error-text">Error: {m.errorMessage}</p>}
			{m.stopReason === "aborted" && <p className="muted">Stopped.</p>}
			{m.role === "assistant" && !streaming && m.usage && <MessageUsage usage={m.usage} />}
		</article>
	);
}

/** The message an entry shows in the transcript, if it shows one. */
function shownMessage(entry: SessionEntry): AgentMessage | undefined {
	if (entry.type === "message") return (entry as { message: AgentMessage }).message;
	if (entry.type === "custom_message" && (entry as { display?: boolean }).display) {
		return { role: "user", content: (entry as { content: unknown }).content, timestamp: 0 } as AgentMessage;
	}
	return undefined;
}

type Item = { key: string; message: AgentMessage; streaming: boolean };

/** Virtualized: a 10,000-entry session renders only what is near the viewport; new output follows. */
export function Transcript({ entries, streaming }: { entries: SessionEntry[]; streaming?: AgentMessage }) {
	const items = useMemo(() => {
		const shown: Item[] = entries.flatMap((entry) => {
			const message = shownMessage(entry);
			return message ? [{ key: entry.id, message, streaming: false }] : [];
		});
		if (streaming) shown.push({ key: "streaming", message: streaming, streaming: true });
		return shown;
	}, [entries, streaming]);
	return (
		<section className="transcript" aria-label="Transcript" aria-live="polite">
			{items.length === 0 ? (
				<p className="muted">No messages yet. Write a prompt below.</p>
			) : (
				<Virtuoso
					// Earlier history arriving (a long session loads its latest entries first) starts the list
					// anew at its end; appends keep the first item, so streaming never remounts.
					key={items[0].key}
					className="transcript-list"
					data={items}
					computeItemKey={(_, item) => item.key}
					initialTopMostItemIndex={items.length - 1}
					followOutput="auto"
					increaseViewportBy={{ top: 2000, bottom: 2000 }}
					itemContent={(_, item) => <MessageView message={item.message} streaming={item.streaming} />}
				/>
			)}
		</section>
	);
}
