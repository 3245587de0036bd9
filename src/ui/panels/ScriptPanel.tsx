/** The scripted model's steps as JSON: what it says and which tools it calls, reply by reply. */
import { parseScript, type ScriptStep } from "../../protocol/script.ts";
import { JsonPanel } from "./JsonPanel.tsx";

const parseSteps = (text: string) => {
	const parsed = parseScript(text);
	return parsed.ok ? { ok: true as const, value: parsed.steps } : parsed;
};

export function ScriptPanel({ script, onApply }: { script: ScriptStep[]; onApply(steps: ScriptStep[]): void }) {
	return (
		<JsonPanel
			label="Scripted model"
			title="Scripted model"
			fieldLabel="Script steps (JSON)"
			applyLabel="Apply script"
			rows={10}
			value={script}
			parse={parseSteps}
			onApply={onApply}
		>
			Reply N plays step N: <code>{'{ "text": "…", "thinking": "…", "toolCalls": [{ "name": "…", "arguments": {} }] }'}</code>
		</JsonPanel>
	);
}
