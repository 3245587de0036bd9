/**
 * oh-my-pi's behaviour checks (test/corpus/omp-behaviours*.ts) in Chromium, as the page runs extensions: the
 * runtime in a dedicated worker, the workspace in its own worker (the runner of corpus-behaviour.test.ts). A check
 * with `gap` runs as `it.fails`, as under Node. Writes each check's outcome to test/corpus/omp-chromium-behaviours.json,
 * which test/unit/corpus-omp.test.ts puts into docs/corpus-omp.md as the "behaves" column.
 */
import { describeCorpusBehaviours } from "./support/corpus-behaviours.ts";

await describeCorpusBehaviours({
	corpus: "omp",
	title: "oh-my-pi's behaviour checks in Chromium",
	results: "test/corpus/omp-chromium-behaviours.json",
	atLeast: 30,
});
