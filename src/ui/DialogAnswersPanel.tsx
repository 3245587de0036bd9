/** The script's answers to the extensions' dialogs as JSON, beside the scripted model's steps. */
import { useEffect, useState } from "react";
import { parseDialogAnswers, type DialogAnswer } from "../host/dialog-answers.ts";

const EXAMPLE = '[{ "method": "select", "value": "staging" }, { "method": "confirm", "confirmed": true }, { "method": "input", "value": "…" }, { "cancelled": true }]';

export function DialogAnswersPanel({ answers, position, onApply }: { answers: DialogAnswer[]; position: number; onApply(answers: DialogAnswer[]): void }) {
	const [text, setText] = useState(() => JSON.stringify(answers, null, 2));
	const [error, setError] = useState<string>();
	const [applied, setApplied] = useState(false);
	useEffect(() => setText(JSON.stringify(answers, null, 2)), [answers]);
	return (
		<section className="panel" aria-label="Scripted dialog answers">
			<h2>Dialog answers</h2>
			<p className="muted">
				Answer N of a session answers its Nth dialog, in order, so a demo runs hands-free: <code>{EXAMPLE}</code>. An answer for another kind of
				dialog waits, and you answer that one.
			</p>
			<textarea
				aria-label="Dialog answers (JSON)"
				value={text}
				rows={5}
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
						const parsed = parseDialogAnswers(text);
						if (!parsed.ok) return setError(parsed.error);
						setError(undefined);
						setApplied(true);
						onApply(parsed.answers);
					}}
				>
					Apply answers
				</button>
				{applied && <span className="muted" role="status">Applied.</span>}
				{answers.length > 0 && (
					<output className="muted" aria-label="Next dialog answer">
						{position < answers.length ? `Next: answer ${position + 1} of ${answers.length} in this session` : `All ${answers.length} used in this session`}
					</output>
				)}
			</div>
		</section>
	);
}
