/** The session's messages, rendered as text (never as HTML), plus the reply being streamed. */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { useEffect, useRef } from "react";
import type { SessionEntry } from "../runtime/session/entries.ts";

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
	const m = message as { role: string; content: unknown; toolName?: string; isError?: boolean; errorMessage?: string; stopReason?: string };
	const role = m.role === "toolResult" ? `Result of ${m.toolName}` : m.role === "user" ? "You" : m.role === "assistant" ? "Assistant" : m.role;
	return (
		<article className={`message ${m.role}${m.isError ? " error" : ""}${streaming ? " streaming" : ""}`} aria-label={`${role} message`}>
			<header className="role">{role}</header>
			<ContentBlocks content={m.content} />
			{m.stopReason === "error" && <p className="error-text">Error: {m.errorMessage}</p>}
			{m.stopReason === "aborted" && <p className="muted">Stopped.</p>}
		</article>
	);
}

function EntryView({ entry }: { entry: SessionEntry }) {
	if (entry.type === "message") return <MessageView message={(entry as { message: AgentMessage }).message} />;
	if (entry.type === "custom_message" && (entry as { display?: boolean }).display) {
		return <MessageView message={{ role: "user", content: (entry as { content: unknown }).content, timestamp: 0 } as AgentMessage} />;
	}
	return null;
}

export function Transcript({ entries, streaming }: { entries: SessionEntry[]; streaming?: AgentMessage }) {
	const end = useRef<HTMLDivElement>(null);
	useEffect(() => {
		end.current?.scrollIntoView?.({ block: "end" });
	}, [entries.length, streaming]);
	return (
		<section className="transcript" aria-label="Transcript" aria-live="polite">
			{entries.length === 0 && !streaming && <p className="muted">No messages yet. Write a prompt below.</p>}
			{entries.map((entry) => (
				<EntryView key={entry.id} entry={entry} />
			))}
			{streaming && <MessageView message={streaming} streaming />}
			<div ref={end} />
		</section>
	);
}
