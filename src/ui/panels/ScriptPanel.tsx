/**
 * The scripted model's steps: what it says and which tools it calls, reply by reply, written in a form (a step
 * list, tool calls with fields from each tool's schema) or as JSON; the two stay in step (script-form.ts), and JSON
 * that cannot be read says why and leaves the form as it was. Reply N plays step N, so a script applied in a
 * session that already has replies asks where it starts: from step 1 in a new session, or on from the next step.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { ManualToolInfo } from "../../protocol/runtime.ts";
import { parseScript, type ScriptStep } from "../../protocol/script.ts";
import { type DraftStep, draftOf, keyMaker, scriptJson, stepsOf } from "./script-form.ts";
import { ScriptStepForm } from "./ScriptStepForm.tsx";
import "./panels.css";

interface Props {
	script: ScriptStep[];
	/** Assistant replies on the branch shown: the next reply plays step `played + 1`. */
	played?: number;
	/** The session's tools with their schemas, for the form's tool calls. */
	tools?: ManualToolInfo[];
	/** `newSession`: start the script from step 1 in a new session. */
	onApply(steps: ScriptStep[], options?: { newSession: boolean }): void;
}

const NO_TOOLS: ManualToolInfo[] = [];

export function ScriptPanel({ script, played = 0, tools = NO_TOOLS, onApply }: Props) {
	const newKey = useMemo(() => keyMaker(), []);
	const [text, setText] = useState(() => scriptJson(script));
	const [draft, setDraft] = useState<DraftStep[]>(() => draftOf(script, tools, newKey));
	const [jsonError, setJsonError] = useState<string>();
	const [formErrors, setFormErrors] = useState<{ errors: Record<number, Record<string, string>>; message: string }>();
	const [applyError, setApplyError] = useState<string>();
	const [applied, setApplied] = useState(false);
	const [pending, setPending] = useState<ScriptStep[]>();
	const textRef = useRef(text);
	textRef.current = text;

	// A script applied elsewhere (an example, a link, a lesson) replaces both views.
	useEffect(() => {
		setText(scriptJson(script));
		setDraft(draftOf(script, tools, newKey));
		setJsonError(undefined);
		setFormErrors(undefined);
	}, [script]);
	// The session's tools arrived or changed: the form's calls take their schemas' fields.
	useEffect(() => {
		const parsed = parseScript(textRef.current);
		if (parsed.ok) setDraft(draftOf(parsed.steps, tools, newKey));
	}, [tools]);

	const editJson = (next: string) => {
		setText(next);
		setApplied(false);
		setApplyError(undefined);
		const parsed = parseScript(next);
		if (!parsed.ok) return setJsonError(parsed.error);
		setJsonError(undefined);
		setFormErrors(undefined);
		setDraft(draftOf(parsed.steps, tools, newKey));
	};
	const editForm = (next: DraftStep[]) => {
		setDraft(next);
		setApplied(false);
		setApplyError(undefined);
		const result = stepsOf(next);
		if (!result.ok) return setFormErrors({ errors: result.errors, message: result.message });
		setFormErrors(undefined);
		setJsonError(undefined);
		setText(scriptJson(result.steps));
	};
	const apply = () => {
		if (formErrors) return setApplyError(formErrors.message);
		const parsed = parseScript(text);
		if (!parsed.ok) return setApplyError(parsed.error);
		setApplyError(undefined);
		setApplied(true);
		if (played > 0) setPending(parsed.steps);
		else onApply(parsed.steps);
	};
	const decide = (newSession: boolean | undefined) => {
		if (pending && newSession !== undefined) onApply(pending, { newSession });
		else setApplied(false);
		setPending(undefined);
	};

	return (
		<section className="panel" aria-label="Scripted model">
			<h2>Scripted model</h2>
			<p className="muted">
				Reply N plays step N. Write the steps in the form or as JSON: each one is kept in step with the other, and <b>Apply script</b> uses them.
			</p>
			<details className="script-form-details" open>
				<summary>Steps ({draft.length})</summary>
				{jsonError && <p className="muted">The JSON below cannot be read: the form shows the last script that could.</p>}
				<ScriptStepForm draft={draft} tools={tools} errors={formErrors?.errors ?? {}} newKey={newKey} onChange={editForm} />
			</details>
			<details className="script-json-details" open>
				<summary>JSON</summary>
				<p className="muted">
					<code>{'{ "text": "…", "thinking": "…", "toolCalls": [{ "name": "…", "arguments": {} }] }'}</code>
				</p>
				<textarea aria-label="Script steps (JSON)" value={text} rows={10} spellCheck={false} onChange={(event) => editJson(event.target.value)} />
				{jsonError && (
					<p className="error-text" role="alert">
						{jsonError}
					</p>
				)}
			</details>
			{formErrors && !applyError && <p className="error-text">{formErrors.message}</p>}
			{applyError && (
				<p className="error-text" role="alert">
					{applyError}
				</p>
			)}
			<div className="row">
				<button type="button" onClick={apply}>
					Apply script
				</button>
				{applied && !pending && (
					<span className="muted" role="status">
						Applied.
					</span>
				)}
				{pending && (
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
						<button type="button" onClick={() => decide(undefined)}>
							Cancel
						</button>
					</fieldset>
				)}
			</div>
		</section>
	);
}
