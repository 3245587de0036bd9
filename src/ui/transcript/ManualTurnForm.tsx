/**
 * "You are the model": the form the manual model shows when the agent asks for a reply. The user writes the
 * assistant's text and any number of tool calls, each with an argument form read from the tool's JSON schema.
 * Esc stops the run (the runtime cancels the request).
 */
import { useMemo, useState } from "react";
import type { ManualToolInfo, ManualTurn } from "../../protocol/runtime.ts";
import type { PendingManualTurn } from "../../host/state/records.ts";
import { buildArguments, fieldsOf, initialValues, type FieldValues } from "./schema-form.ts";
import { CallFields } from "./SchemaFields.tsx";
import "./transcript.css";

interface DraftCall {
	key: number;
	tool: ManualToolInfo;
	values: FieldValues;
	errors: Record<string, string>;
}

export function ManualTurnForm({ pending, onSend, onAbort }: { pending: PendingManualTurn; onSend(id: string, turn: ManualTurn): void; onAbort(): void }) {
	const { tools, lastMessage } = pending.request;
	const [text, setText] = useState("");
	const [thinking, setThinking] = useState("");
	const [calls, setCalls] = useState<DraftCall[]>([]);
	const [nextKey, setNextKey] = useState(1);
	const [chosen, setChosen] = useState(tools[0]?.name ?? "");
	const fieldsByTool = useMemo(() => new Map(tools.map((tool) => [tool.name, fieldsOf(tool.parameters)])), [tools]);

	const addCall = () => {
		const tool = tools.find((t) => t.name === chosen);
		if (!tool) return;
		setCalls([...calls, { key: nextKey, tool, values: initialValues(fieldsByTool.get(tool.name) ?? []), errors: {} }]);
		setNextKey(nextKey + 1);
	};
	const update = (key: number, change: (call: DraftCall) => DraftCall) => setCalls(calls.map((call) => (call.key === key ? change(call) : call)));

	const send = () => {
		let failed = false;
		const built = calls.map((call) => {
			const result = buildArguments(fieldsByTool.get(call.tool.name) ?? [], call.values);
			if (!result.ok) failed = true;
			return { call, result };
		});
		setCalls(built.map(({ call, result }) => ({ ...call, errors: result.ok ? {} : result.errors })));
		if (failed) return;
		onSend(pending.id, {
			...(thinking ? { thinking } : {}),
			...(text ? { text } : {}),
			toolCalls: built.map(({ call, result }) => ({ name: call.tool.name, arguments: result.ok ? result.arguments : {} })),
		});
	};

	return (
		<section
			className="manual-turn"
			aria-label="Manual model turn"
			onKeyDown={(event) => {
				if (event.key !== "Escape") return;
				event.preventDefault();
				onAbort();
			}}
		>
			<h2>You are the model</h2>
			{lastMessage && (
				<p className="muted">
					Answering the {lastMessage.role} message: <span className="text">{lastMessage.text.slice(0, 500)}</span>
				</p>
			)}
			<textarea
				aria-label="Assistant text"
				rows={3}
				value={text}
				placeholder="What the assistant says"
				onChange={(event) => setText(event.target.value)}
				autoFocus
			/>
			<details>
				<summary>Thinking</summary>
				<textarea aria-label="Assistant thinking" rows={2} value={thinking} onChange={(event) => setThinking(event.target.value)} />
			</details>
			{calls.map((call, index) => (
				<fieldset key={call.key} className="manual-call" aria-label={`Tool call ${index + 1}: ${call.tool.name}`}>
					<legend>
						{index + 1}. <span className="tool-name">{call.tool.name}</span>{" "}
						<button type="button" onClick={() => setCalls(calls.filter((c) => c.key !== call.key))}>
							Remove
						</button>
					</legend>
					{call.tool.description && <p className="muted">{call.tool.description}</p>}
					<CallFields
						fields={fieldsByTool.get(call.tool.name) ?? []}
						values={call.values}
						errors={call.errors}
						onChange={(name, value) => update(call.key, (c) => ({ ...c, values: { ...c.values, [name]: value } }))}
					/>
				</fieldset>
			))}
			<div className="row">
				{tools.length > 0 ? (
					<>
						<select aria-label="Tool to call" value={chosen} onChange={(event) => setChosen(event.target.value)}>
							{tools.map((tool) => (
								<option key={tool.name} value={tool.name}>
									{tool.name}
								</option>
							))}
						</select>
						<button type="button" onClick={addCall}>
							Add tool call
						</button>
					</>
				) : (
					<span className="muted">No tools are active.</span>
				)}
				<span className="spacer" />
				<button type="button" onClick={onAbort}>
					Stop
				</button>
				<button type="button" onClick={send}>
					Send turn
				</button>
			</div>
		</section>
	);
}
