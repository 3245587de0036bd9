/** The scripted model's steps as JSON: what it says and which tools it calls, reply by reply. */
import { useEffect, useState } from "react";
import { parseScript, type ScriptStep } from "../protocol/script.ts";

export function ScriptPanel({ script, onApply }: { script: ScriptStep[]; onApply(steps: ScriptStep[]): void }) {
	const [text, setText] = useState(() => JSON.stringify(script, null, 2));
	const [error, setError] = useState<string>();
	const [applied, setApplied] = useState(false);
	useEffect(() => setText(JSON.stringify(script, null, 2)), [script]);
	return (
		<section className="panel" aria-label="Scripted model">
			<h2>Scripted model</h2>
			<p className="muted">
				Reply N plays step N: <code>{'{ "text": "…", "thinking": "…", "toolCalls": [{ "name": "…", "arguments": {} }] }'}</code>
			</p>
			<textarea
				aria-label="Script steps (JSON)"
				value={text}
				rows={10}
				spellCheck={false}
				onChange={(event) => {
					setText(event.target.value);
					setApplied(false);
				}}
			/>
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			<div className="row">
				<button
					type="button"
					onClick={() => {
						const parsed = parseScript(text);
						if (!parsed.ok) return setError(parsed.error);
						setError(undefined);
						setApplied(true);
						onApply(parsed.steps);
					}}
				>
					Apply script
				</button>
				{applied && <span className="muted" role="status">Applied.</span>}
			</div>
		</section>
	);
}
