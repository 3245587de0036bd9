/** The user's `!cmd` in the transcript: its message, or while it runs, its output so far. */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { LongText } from "./LongText.tsx";
import { ToolOutput } from "./ToolOutput.tsx";
import "./transcript.css";

/** A running `!cmd` as the message its entry will be, its output so far in place of the output. */
export function runningShell({ command, text }: { command: string; text: string }): AgentMessage {
	return { role: "bashExecution", command, output: text, exitCode: undefined, cancelled: false, truncated: false, timestamp: 0 };
}

export function ShellView({ message, running = false }: { message: Extract<AgentMessage, { role: "bashExecution" }>; running?: boolean }) {
	if (running) {
		return (
			<article className="message shell" aria-label="Shell command running">
				<header className="role">Shell (running)</header>
				<pre className="text">{`$ ${message.command}`}</pre>
				<ToolOutput name="the shell command" text={message.output} />
			</article>
		);
	}
	return (
		<article className="message shell" aria-label="Shell message">
			<header className="role">Shell{message.excludeFromContext ? " (not sent to the model)" : ""}</header>
			<LongText as="pre" className="text" prefix={`$ ${message.command}\n`} text={message.output || "(no output)"} />
			{message.exitCode !== undefined && message.exitCode !== 0 && <p className="muted">exit code {message.exitCode}</p>}
		</article>
	);
}
