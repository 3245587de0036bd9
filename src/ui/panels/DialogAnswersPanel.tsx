/** The script's answers to the extensions' dialogs as JSON, beside the scripted model's steps. */
import { parseDialogAnswers, type DialogAnswer } from "../../host/state/answer-log.ts";
import { JsonPanel } from "./JsonPanel.tsx";

const EXAMPLE =
	'[{ "method": "select", "value": "staging" }, { "method": "confirm", "confirmed": true }, { "method": "input", "value": "…" }, { "cancelled": true }]';

const parseAnswers = (text: string) => {
	const parsed = parseDialogAnswers(text);
	return parsed.ok ? { ok: true as const, value: parsed.answers } : parsed;
};

export function DialogAnswersPanel({ answers, position, onApply }: { answers: DialogAnswer[]; position: number; onApply(answers: DialogAnswer[]): void }) {
	return (
		<JsonPanel
			label="Scripted dialog answers"
			title="Dialog answers"
			fieldLabel="Dialog answers (JSON)"
			applyLabel="Apply answers"
			rows={5}
			value={answers}
			parse={parseAnswers}
			onApply={onApply}
			extra={
				answers.length > 0 && (
					<output className="muted" aria-label="Next dialog answer">
						{position < answers.length ? `Next: answer ${position + 1} of ${answers.length} in this session` : `All ${answers.length} used in this session`}
					</output>
				)
			}
		>
			Answer N of a session answers its Nth dialog, in order, so a demo runs hands-free: <code>{EXAMPLE}</code>. An answer for another kind of dialog waits, and
			you answer that one.
		</JsonPanel>
	);
}
