/**
 * The Scenarios tab: "Save as scenario" (the current session's run on the branch shown, as the headless recorder
 * writes it), "Export as test" (a zip of the scenario, a Vitest file that replays it through `playa/headless`, and
 * the extensions' sources the page can read), "Open scenario…" (a file replayed in a new session against the
 * extensions as they are now), and the replay's outcome: "matches", the run diff, or why the file was refused.
 * Faults and lifecycle actions on demand (LifecycleControls.tsx) make runs that go through the paths extensions
 * break on.
 */
import { useState, useSyncExternalStore } from "react";
import type { Playground } from "../../host/playground.ts";
import { downloadBlob } from "../design/download.ts";
import { FilePicker } from "../design/kit/FilePicker.tsx";
import { zipFiles } from "../files/workspace-zip.ts";
import { LifecycleControls } from "./LifecycleControls.tsx";
import { RunDiff } from "./RunDiff.tsx";
import "./scenario.css";

export function ScenarioPanel({ playground, busy }: { playground: Playground; busy: boolean }) {
	const desk = playground.scenarios;
	const { replay } = useSyncExternalStore(desk.store.subscribe, desk.store.get);
	const [problem, setProblem] = useState<string>();
	const [fault, setFault] = useState<string>();
	const [comparing, setComparing] = useState<{ id: string; name: string }[]>();
	const [pair, setPair] = useState<[string, string]>(["", ""]);
	const running = replay?.phase === "running";

	const save = async () => {
		const saved = await desk.save();
		setProblem(saved.ok ? undefined : saved.error);
		if (saved.ok) downloadBlob(saved.name, saved.text);
	};
	const exportTest = async () => {
		const exported = await desk.exportTest();
		setProblem(exported.ok ? undefined : exported.error);
		if (!exported.ok) return;
		const encoder = new TextEncoder();
		const files = Object.fromEntries(exported.files.map((file) => [file.name, typeof file.data === "string" ? encoder.encode(file.data) : file.data]));
		const scenario = exported.files[0].name.replace(/\.scenario\.json$/, "");
		downloadBlob(`${scenario}-test.zip`, await zipFiles(files));
	};

	return (
		<section className="panel scenario-panel" aria-label="Scenarios">
			<h2>Scenarios</h2>
			<p className="muted">
				A scenario is this session's run as a file: the prompts, the model's replies, the dialogs' answers, and what happened. Replay one to see whether the
				extensions as they are now still do the same.
			</p>
			<div className="row">
				<button type="button" onClick={() => void save()} disabled={busy || running}>
					Save as scenario
				</button>
				<button type="button" onClick={() => void exportTest()} disabled={busy || running}>
					Export as test
				</button>
				<FilePicker
					inputLabel="Open a scenario file"
					accept=".json,application/json"
					disabled={busy || running}
					onChange={(event) => {
						const file = event.target.files?.[0];
						event.target.value = "";
						setProblem(undefined);
						if (file) void desk.open(file, file.name);
					}}
				>
					Open scenario…
				</FilePicker>
			</div>
			<div className="row">
				<button
					type="button"
					disabled={running}
					onClick={() => {
						const runs = desk.comparable();
						setComparing(runs);
						setPair([runs.at(-2)?.id ?? "", runs.at(-1)?.id ?? ""]);
					}}
				>
					Compare two sessions…
				</button>
			</div>
			{comparing &&
				(comparing.length < 2 ? (
					<p className="muted">
						Two sessions to compare are two this page watched from their start: run each in a new session (or replay a scenario), then compare.
					</p>
				) : (
					<form
						className="row"
						aria-label="Compare two sessions"
						onSubmit={(event) => {
							event.preventDefault();
							setProblem(undefined);
							void desk.compareSessions(pair[0], pair[1]);
						}}
					>
						{(["First session", "Second session"] as const).map((label, side) => (
							<label key={label}>
								{label}{" "}
								<select value={pair[side]} onChange={(event) => setPair(side === 0 ? [event.target.value, pair[1]] : [pair[0], event.target.value])}>
									{comparing.map((run) => (
										<option key={run.id} value={run.id}>
											{run.name}
										</option>
									))}
								</select>
							</label>
						))}
						<button type="submit">Compare</button>
					</form>
				))}
			<fieldset className="scenario-faults">
				<legend>Faults on demand: the scripted model's next reply fails</legend>
				<div className="row">
					{(Object.keys(desk.faults) as (keyof typeof desk.faults)[]).map((name) => (
						<button key={name} type="button" disabled={running} onClick={() => void desk.injectFault(name).then((outcome) => setFault(outcome.message))}>
							{desk.faults[name].label}
						</button>
					))}
				</div>
				{fault && (
					<p role="status" aria-label="Fault">
						{fault}
					</p>
				)}
			</fieldset>
			<LifecycleControls lifecycle={desk.lifecycle} busy={busy} replaying={running} />
			{problem && (
				<p role="alert" className="scenario-problem">
					{problem}
				</p>
			)}
			{replay?.phase === "running" && (
				<p role="status" aria-label="Replay">
					Replaying {replay.source}: {replay.step === 0 ? "loading the extensions" : `step ${replay.step} of ${replay.steps}`}…
				</p>
			)}
			{replay?.phase === "failed" && (
				<p role="alert" aria-label="Scenario problem" className="scenario-problem">
					{replay.error}
				</p>
			)}
			{replay?.phase === "done" && <RunDiff replay={replay} onShowInInspector={() => desk.showInInspector()} />}
		</section>
	);
}
