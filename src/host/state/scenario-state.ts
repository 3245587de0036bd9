/**
 * What the Scenarios tab shows: the replay of a scenario in the page, while it plays and once compared, or why a
 * scenario file could not be played. Pure data; the desk that fills it is host/scenario/scenario-desk.ts.
 */
import type { Divergence, Observation } from "../../scenario/compare.ts";
import type { Scenario } from "../../scenario/schema.ts";

export type ReplayState =
	/** Playing `step` of `steps` (0: loading the extensions). */
	| { phase: "running"; source: string; step: number; steps: number }
	| {
			phase: "done";
			source: string;
			scenario: Scenario;
			observed: Observation;
			divergences: Divergence[];
			report: string;
			/** The two sides' names (default: the scenario, and its replay). */
			sides?: [string, string];
			/** The inspector's record of the first divergence, in the run that happened (host/scenario/inspector-target.ts). */
			inspect?: { key: string; tab: "events" | "requests"; what: string };
	  }
	/** The file could not be read or played: `error` names the line and field; nothing of the playground changed. */
	| { phase: "failed"; source: string; error: string };

export interface ScenarioState {
	replay?: ReplayState;
}
