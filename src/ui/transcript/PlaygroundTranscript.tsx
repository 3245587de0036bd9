/** A playground's current branch as the transcript shows it, with everything its extensions drew for it. */
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { memo, useEffect } from "react";
import { ansiToNodes } from "../design/ansi.tsx";
import { formatCount } from "../shell/Notifications.tsx";
import { loadMarkdownWhenIdle, Transcript } from "./Transcript.tsx";
import "./transcript.css";

/** An extension's header (`ctx.ui.setHeader`): its ANSI lines, as text, above the transcript. */
const ExtensionHeader = memo(function ExtensionHeader({ header }: { header: NonNullable<PlaygroundState["header"]> }) {
	return (
		<div className="widgets extension-header">
			<pre aria-label={`${header.extension} header`}>
				{header.lines.map((line, i) => (
					<div key={i}>{line ? ansiToNodes(line, String(i)) : "\u00a0"}</div>
				))}
				{header.hiddenLines > 0 && <div className="muted widget-more">… {formatCount(header.hiddenLines)} more lines not shown</div>}
			</pre>
		</div>
	);
});

/** `readOnly`: no composer below it (a read-only embed). */
export function PlaygroundTranscript({ state, branch, readOnly = false }: { state: PlaygroundState; branch: StoredEntry[]; readOnly?: boolean }) {
	// Once the runtime is ready, not while the page starts: the first reply's markdown renderer loads ahead.
	const ready = state.phase === "ready";
	useEffect(() => (ready ? loadMarkdownWhenIdle() : undefined), [ready]);
	return (
		<>
			{state.header && <ExtensionHeader header={state.header} />}
			<Transcript
				entries={branch}
				streaming={state.streaming}
				rendered={state.renderedEntries}
				renderedCalls={state.renderedToolCalls}
				renderedThinking={state.renderedThinking}
				display={state.markdownDisplay}
				toolOutputs={state.toolOutputs}
				shellOutput={state.shellOutput}
				answers={state.answerLog}
				{...(readOnly && { emptyText: "No messages yet." })}
			/>
		</>
	);
}

/**
 * What the session's commands and extensions said (`ctx.ui.notify`), under a read-only embed's transcript: there the
 * reader sent nothing and sees no composer, so what a command answered stays in the page's flow rather than in a
 * toast that leaves. The newest few, as the page keeps them.
 */
export function CommandOutput({ notices }: { notices: PlaygroundState["notifications"] }) {
	const said = notices.filter((notice) => notice.origin === "session").slice(-5);
	if (said.length === 0) return null;
	return (
		<ul className="command-output" aria-label="Command output">
			{said.map((notice) => (
				<li key={notice.id} className={`command-output-${notice.level}`}>
					<span className="source">{notice.source}:</span> <span className="text">{notice.message}</span>
					{notice.count && notice.count > 1 ? <span className="muted"> ×{notice.count}</span> : null}
				</li>
			))}
		</ul>
	);
}
