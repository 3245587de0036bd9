/**
 * What the scenario desk uses of src/scenario/ (the recorder, the comparer, the parser, the test file's text), in
 * one lazy chunk: it loads when a scenario is first saved, opened or compared, not with the page. Runs in the page.
 */
export { compareScenario } from "../../scenario/compare.ts";
export { parseScenario, ScenarioError, scenarioText } from "../../scenario/parse.ts";
export { formatReport } from "../../scenario/report.ts";
export { answerFor, observeRun, repliesIn, scenarioFromRun } from "../../scenario/run-record.ts";
export { SCENARIO_LIMITS } from "../../scenario/schema.ts";
export { testFileName, vitestFileText } from "../../scenario/vitest-file.ts";
