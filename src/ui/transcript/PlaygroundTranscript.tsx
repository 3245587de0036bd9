/** A playground's current branch as the transcript shows it, with everything its extensions drew for it. */
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { memo } from "react";
import { ansiToNodes } from "../design/ansi.tsx";
import { formatCount } from "../shell/Notifications.tsx";
import { Transcript } from "./Transcript.tsx";
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

export function PlaygroundTranscript({ state, branch }: { state: PlaygroundState; branch: StoredEntry[] }) {
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
			/>
		</>
	);
}
