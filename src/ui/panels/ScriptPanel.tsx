/**
 * The scripted model's steps as JSON: what it says and which tools it calls, reply by reply. Reply N
 * plays step N, so a script applied in a session that already has replies asks where it starts: from
 * step 1 in a new session, or on from the next step here.
 */
import { useState } from "react";
import { parseScript, type ScriptStep } from "../../protocol/script.ts";
import { JsonPanel } from "./JsonPanel.tsx";

const parseSteps = (text: string) => {
	const parsed = parseScript(text);
	return parsed.ok ? { ok: true as const, value: parsed.steps } : parsed;
};

interface Props {
	script: ScriptStep[];
	/** Assistant replies on the branch shown: the next reply plays step `played + 1`. */
	played?: number;
	/** `newSession`: start the script from step 1 in a new session. */
	onApply(steps: ScriptStep[], options?: { newSession: boolean }): void;
}

export function ScriptPanel({ script, played = 0, onApply }: Props) {
	const [pending, setPending] = useState<ScriptStep[]>();
	const [cancelled, setCancelled] = useState(false);
	const decide = (newSession: boolean) => {
		if (pending) onApply(pending, { newSession });
		setPending(undefined);
	};
	return (
		<JsonPanel
			label="Scripted model"
			title="Scripted model"
			fieldLabel="Script steps (JSON)"
			applyLabel="Apply script"
			rows={10}
			value={script}
			parse={parseSteps}
			onApply={(steps) => {
				setCancelled(false);
				if (played > 0) setPending(steps);
				else onApply(steps);
			}}
			applied={pending === undefined && !cancelled}
			extra={
				pending && (
					<fieldset aria-label="Where the script starts" className="script-start">
						<span>
							This session has {played} {played === 1 ? "reply" : "replies"}: its next reply plays step {played + 1}.
						</span>
						<button type="button" onClick={() => decide(true)}>
							Start from step 1 in a new session
						</button>
						<button type="button" onClick={() => decide(false)}>
							Go on from step {played + 1}
						</button>
						<button
							type="button"
							onClick={() => {
								setPending(undefined);
								setCancelled(true);
							}}
						>
							Cancel
						</button>
					</fieldset>
				)
			}
		>
			Reply N plays step N: <code>{'{ "text": "…", "thinking": "…", "toolCalls": [{ "name": "…", "arguments": {} }] }'}</code>
		</JsonPanel>
	);
}
