/**
 * The headless runner as a library: `import { runHeadless } from "playa/headless"` in an author's own tests, to
 * run extensions, record a run as a scenario, or replay a scenario and compare. Runs in the caller's Node thread.
 */
export {
	type HeadlessEvent,
	type HeadlessOptions,
	type HeadlessResult,
	type HeadlessScenarioOptions,
	type HeadlessScenarioResult,
	HeadlessUsageError,
	moduleUrl,
	runHeadless,
} from "./run.ts";
export type { Divergence, Observation } from "../scenario/compare.ts";
export { parseScenario, ScenarioError, scenarioText } from "../scenario/parse.ts";
export { type Expectation, type Scenario, SCENARIO_VERSION, type ScenarioStep } from "../scenario/schema.ts";
