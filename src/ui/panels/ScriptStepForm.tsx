/**
 * The Script panel's step form: the script's steps as a list, each a text reply and tool calls whose arguments are
 * fields read from the tool's schema (the same fields Manual mode's form shows, SchemaFields.tsx). Steps are added,
 * removed and moved up or down; every change goes to the panel, which keeps the JSON beside it in step.
 */
import { useState } from "react";
import type { ManualToolInfo } from "../../protocol/runtime.ts";
import { CallFields } from "../transcript/SchemaFields.tsx";
import { type DraftCall, type DraftStep, draftCall, moved } from "./script-form.ts";

interface Props {
	draft: DraftStep[];
	tools: ManualToolInfo[];
	/** Each call's field errors, by call key. */
	errors: Record<number, Record<string, string>>;
	newKey(): number;
	onChange(draft: DraftStep[]): void;
}

function StepCalls({
	step,
	stepNumber,
	tools,
	errors,
	newKey,
	onChange,
}: {
	step: DraftStep;
	stepNumber: number;
	tools: ManualToolInfo[];
	errors: Props["errors"];
	newKey(): number;
	onChange(step: DraftStep): void;
}) {
	const [chosen, setChosen] = useState(tools[0]?.name ?? "");
	const tool = tools.some((candidate) => candidate.name === chosen) ? chosen : (tools[0]?.name ?? "");
	const setCall = (key: number, change: (call: DraftCall) => DraftCall) =>
		onChange({ ...step, calls: step.calls.map((call) => (call.key === key ? change(call) : call)) });
	return (
		<>
			{step.calls.map((call, index) => (
				<fieldset key={call.key} className="manual-call" aria-label={`Step ${stepNumber}, tool call ${index + 1}: ${call.name}`}>
					<legend>
						<span className="tool-name">{call.name}</span>{" "}
						<button
							type="button"
							aria-label={`Remove the ${call.name} call from step ${stepNumber}`}
							onClick={() => onChange({ ...step, calls: step.calls.filter((other) => other.key !== call.key) })}
						>
							Remove
						</button>
					</legend>
					{call.unknownTool && <p className="muted">This session has no tool named {call.name}: its arguments are JSON.</p>}
					<CallFields
						fields={call.fields}
						values={call.values}
						errors={errors[call.key]}
						label={(field) => `Step ${stepNumber}, ${call.name}: ${field.name}`}
						onChange={(name, value) => setCall(call.key, (c) => ({ ...c, values: { ...c.values, [name]: value } }))}
					/>
				</fieldset>
			))}
			<div className="row">
				{tools.length > 0 ? (
					<>
						<select aria-label={`Tool to call in step ${stepNumber}`} value={tool} onChange={(event) => setChosen(event.target.value)}>
							{tools.map((candidate) => (
								<option key={candidate.name} value={candidate.name}>
									{candidate.name}
								</option>
							))}
						</select>
						<button
							type="button"
							aria-label={`Add tool call to step ${stepNumber}`}
							onClick={() => onChange({ ...step, calls: [...step.calls, draftCall(tools, tool, undefined, newKey())] })}
						>
							Add tool call
						</button>
					</>
				) : (
					<span className="muted">The session's tools show here once it has started.</span>
				)}
			</div>
		</>
	);
}

export function ScriptStepForm({ draft, tools, errors, newKey, onChange }: Props) {
	const setStep = (key: number, next: DraftStep) => onChange(draft.map((step) => (step.key === key ? next : step)));
	return (
		<div className="script-form">
			<ol className="script-steps">
				{draft.map((step, index) => {
					const n = index + 1;
					return (
						<li key={step.key}>
							<fieldset className="script-step" aria-label={`Step ${n}`}>
								<legend>Step {n}</legend>
								<div className="row">
									<button type="button" aria-label={`Move step ${n} up`} disabled={index === 0} onClick={() => onChange(moved(draft, index, -1))}>
										Up
									</button>
									<button
										type="button"
										aria-label={`Move step ${n} down`}
										disabled={index === draft.length - 1}
										onClick={() => onChange(moved(draft, index, 1))}
									>
										Down
									</button>
									<button type="button" aria-label={`Remove step ${n}`} onClick={() => onChange(draft.filter((other) => other.key !== step.key))}>
										Remove
									</button>
								</div>
								<textarea
									aria-label={`Step ${n}: text reply`}
									rows={2}
									value={step.text}
									placeholder="What the model says (optional)"
									onChange={(event) => setStep(step.key, { ...step, text: event.target.value })}
								/>
								{(step.rest.thinking || step.rest.error) && (
									<p className="muted">
										Kept from the JSON: {[step.rest.thinking && "thinking", step.rest.error && "an error"].filter(Boolean).join(" and ")}.
									</p>
								)}
								<StepCalls step={step} stepNumber={n} tools={tools} errors={errors} newKey={newKey} onChange={(next) => setStep(step.key, next)} />
							</fieldset>
						</li>
					);
				})}
			</ol>
			<button type="button" onClick={() => onChange([...draft, { key: newKey(), text: "", calls: [], rest: {} }])}>
				Add a step
			</button>
		</div>
	);
}
