/**
 * The run diff: a scenario's run and its replay side by side, aligned by part (the start, each prompt) and, in a
 * part, by list (requests and their system prompts, tool calls with their arguments and results, entries,
 * notifications, status, widgets, dialogs, errors) and item; what differs (src/scenario/compare.ts) is listed
 * first and marked in place. The first part that differs is open, and "Show in inspector" opens the inspector on
 * the record (a dispatch with its handlers, or a model request) of the first difference. Every value is shown as text.
 */
import type { ReplayState } from "../../host/state/scenario-state.ts";
import type { Divergence } from "../../scenario/compare.ts";
import { EXPECTATION_KEYS, type Expectation, type ExpectationKey, type ScenarioStep, stepTitle } from "../../scenario/schema.ts";

type Done = Extract<ReplayState, { phase: "done" }>;

const VALUE_CHARS = 2_000;

function shown(value: unknown): string {
	if (value === undefined) return "(nothing)";
	const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
	return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}… (${text.length - VALUE_CHARS} more characters)` : text;
}

function where(divergence: Divergence): string {
	const item = divergence.item;
	const list = item ? `${divergence.list}[${item.index}]${item.label ? ` (${item.label})` : ""}` : divergence.list;
	return divergence.field ? `${list} › ${divergence.field}` : list;
}

/** A step as its part's heading names it: its prompt in quotes (cut at 60 characters), or its lifecycle action. */
function stepHeading(step: ScenarioStep): string {
	const title = stepTitle(step);
	if (title !== ("prompt" in step ? step.prompt : undefined)) return title;
	return JSON.stringify(title.length > 60 ? `${title.slice(0, 60)}…` : title);
}

const KIND: Record<Divergence["kind"], string> = { changed: "changed", missing: "expected, did not happen", unexpected: "happened, not expected" };

function DivergenceItem({ divergence }: { divergence: Divergence }) {
	return (
		<li className="divergence">
			<span className="divergence-where">{where(divergence)}</span>:{" "}
			{divergence.field && divergence.kind !== "changed" ? divergence.kind : KIND[divergence.kind]}
			{divergence.kind !== "unexpected" && (
				<pre className="divergence-expected">
					<span className="muted">expected: </span>
					{shown(divergence.expected)}
				</pre>
			)}
			{divergence.kind !== "missing" && (
				<pre className="divergence-actual">
					<span className="muted">actual: </span>
					{shown(divergence.actual)}
				</pre>
			)}
		</li>
	);
}

/** One list of a part, item by item: the scenario's on the left, the replay's on the right. */
function ListSide({
	list,
	expected,
	actual,
	marked,
	sides,
}: {
	list: ExpectationKey;
	expected: unknown[];
	actual: unknown[];
	marked: Set<number>;
	sides: [string, string];
}) {
	const rows = Math.max(expected.length, actual.length);
	return (
		<table className="run-diff-list" aria-label={`${list}, side by side`}>
			<caption>{list}</caption>
			<thead>
				<tr>
					<th scope="col">#</th>
					<th scope="col">{sides[0]}</th>
					<th scope="col">{sides[1]}</th>
				</tr>
			</thead>
			<tbody>
				{Array.from({ length: rows }, (_, index) => (
					<tr key={index} className={marked.has(index) ? "differs" : undefined}>
						<th scope="row">{index}</th>
						<td>
							<pre>{index < expected.length ? shown(expected[index]) : ""}</pre>
						</td>
						<td>
							<pre>{index < actual.length ? shown(actual[index]) : ""}</pre>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}

function Part({
	title,
	expected,
	actual,
	divergences,
	open,
	sides,
}: {
	title: string;
	expected: Expectation;
	actual: Expectation;
	divergences: Divergence[];
	open: boolean;
	sides: [string, string];
}) {
	const lists = EXPECTATION_KEYS.filter((key) => (expected[key]?.length ?? 0) + (actual[key]?.length ?? 0) > 0);
	const summary = divergences.length === 0 ? "matches" : `${divergences.length} difference${divergences.length === 1 ? "" : "s"}`;
	return (
		<details className={`run-diff-part${divergences.length > 0 ? " differs" : ""}`} open={open}>
			<summary>
				{title}: {summary}
			</summary>
			{divergences.length > 0 && (
				<ul className="divergences" aria-label="Differences">
					{divergences.map((divergence, index) => (
						<DivergenceItem key={index} divergence={divergence} />
					))}
				</ul>
			)}
			{lists.map((list) => (
				<ListSide
					key={list}
					list={list}
					expected={(expected[list] ?? []) as unknown[]}
					actual={(actual[list] ?? []) as unknown[]}
					marked={new Set(divergences.filter((d) => d.list === list && d.item).map((d) => d.item?.index ?? -1))}
					sides={sides}
				/>
			))}
		</details>
	);
}

/** `onShowInInspector`: opens the inspector on the first divergence's record (shown when the diff has one). */
export function RunDiff({ replay, onShowInInspector }: { replay: Done; onShowInInspector?: () => void }) {
	const { scenario, observed, divergences, source } = replay;
	const sides = replay.sides ?? ["scenario", "replay"];
	const steps = scenario.steps.length;
	const headline =
		divergences.length === 0
			? `${source}: matches (${steps} step${steps === 1 ? "" : "s"})`
			: `${source}: ${divergences.length} difference${divergences.length === 1 ? "" : "s"}${replay.sides ? "" : " from the scenario"}`;
	const first = divergences[0]?.step;
	return (
		<section className="run-diff" aria-label="Run diff">
			<p role="status" aria-label="Replay outcome" className={divergences.length === 0 ? "replay-matches" : "replay-differs"}>
				{divergences.length === 0 ? "✓ " : "✗ "}
				{headline}
			</p>
			{replay.inspect && onShowInInspector && (
				<p>
					<button type="button" onClick={onShowInInspector} title={`The first difference: ${replay.inspect.what}`}>
						Show in inspector
					</button>{" "}
					<span className="muted">the first difference: {replay.inspect.what}</span>
				</p>
			)}
			<Part
				title="Start (loading the extensions, session_start)"
				expected={scenario.start?.expect ?? {}}
				actual={observed.start}
				divergences={divergences.filter((d) => d.step === "start")}
				open={first === "start"}
				sides={sides}
			/>
			{scenario.steps.map((step, index) => (
				<Part
					key={index}
					title={`Step ${index + 1} ${stepHeading(step)}`}
					expected={step.expect ?? {}}
					actual={observed.steps[index] ?? {}}
					divergences={divergences.filter((d) => d.step === index + 1)}
					open={first === index + 1}
					sides={sides}
				/>
			))}
		</section>
	);
}
