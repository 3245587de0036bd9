/**
 * "Lifecycle on demand" in the Scenarios tab: New session, Fork (from an entry of the run), Reload, Compact, and
 * Esc in the middle of a tool, each taken as the page's own controls take it and recorded as a step of the run
 * (host/scenario/lifecycle-desk.ts), so that extensions' lifecycle handlers can be exercised, saved and replayed.
 * Entries are named by their text, shown as text.
 */
import { useState } from "react";
import type { Playground } from "../../host/playground.ts";

type LifecycleDesk = Playground["scenarios"]["lifecycle"];
type ForkChoice = ReturnType<LifecycleDesk["forkChoices"]>[number];
type LifecycleOutcome = Awaited<ReturnType<LifecycleDesk["reload"]>>;

export function LifecycleControls({ lifecycle, busy, replaying }: { lifecycle: LifecycleDesk; busy: boolean; replaying: boolean }) {
	const [outcome, setOutcome] = useState<string>();
	const [forking, setForking] = useState<ForkChoice[]>();
	const [from, setFrom] = useState("");
	const [escWaiting, setEscWaiting] = useState(false);
	const disabled = busy || replaying;

	const take = async (action: Promise<LifecycleOutcome>) => {
		setOutcome(undefined);
		setOutcome((await action).message);
	};

	return (
		<fieldset className="scenario-lifecycle">
			<legend>Lifecycle on demand: recorded as steps of the run</legend>
			<div className="row">
				<button type="button" disabled={disabled} onClick={() => void take(lifecycle.newSession())}>
					Step: New session
				</button>
				<button
					type="button"
					disabled={disabled}
					onClick={() => {
						const choices = lifecycle.forkChoices();
						setForking(choices);
						setFrom(choices.at(-1)?.id ?? "");
					}}
				>
					Step: Fork…
				</button>
				<button type="button" disabled={disabled} onClick={() => void take(lifecycle.reload())}>
					Step: Reload
				</button>
				<button type="button" disabled={disabled} onClick={() => void take(lifecycle.compact())}>
					Step: Compact
				</button>
				<button
					type="button"
					disabled={replaying}
					aria-pressed={escWaiting}
					onClick={() => {
						if (escWaiting) {
							lifecycle.disarmEsc();
							return;
						}
						setEscWaiting(true);
						setOutcome("Esc waits for the next tool to run, then stops the run.");
						void lifecycle.escInTool().then((pressed) => {
							setEscWaiting(false);
							setOutcome(pressed ? "Esc pressed while a tool ran: recorded in the prompt's step." : "Esc no longer waits.");
						});
					}}
				>
					Step: Esc in the next tool
				</button>
			</div>
			{forking &&
				(forking.length === 0 ? (
					<p className="muted">No entry of this run to fork from yet: send a prompt first (in a session the page watched from its start).</p>
				) : (
					<form
						className="row"
						aria-label="Fork from an entry"
						onSubmit={(event) => {
							event.preventDefault();
							setForking(undefined);
							void take(lifecycle.fork(from));
						}}
					>
						<label>
							From{" "}
							<select value={from} onChange={(event) => setFrom(event.target.value)}>
								{forking.map((choice) => (
									<option key={choice.id} value={choice.id}>
										{`step ${choice.step + 1}, entry ${choice.entry + 1}: ${choice.label}`}
									</option>
								))}
							</select>
						</label>
						<button type="submit" disabled={disabled}>
							Fork here
						</button>
					</form>
				))}
			{outcome && (
				<p role="status" aria-label="Lifecycle">
					{outcome}
				</p>
			)}
		</fieldset>
	);
}
