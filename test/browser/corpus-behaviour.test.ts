/**
 * The corpus behaviour checks (test/corpus/behaviours*.ts) in Chromium, as the page runs extensions: the
 * runtime in a dedicated worker, the workspace in its own worker. A check with `gap` runs as `it.fails`, as
 * under Node. Writes each check's outcome to test/corpus/chromium-behaviours.json, which
 * test/unit/corpus.test.ts puts into docs/corpus.md as the "behaves" column.
 */
import { describeCorpusBehaviours } from "./support/corpus-behaviours.ts";

await describeCorpusBehaviours({
	corpus: "pi",
	title: "the corpus behaviour checks in Chromium",
	results: "test/corpus/chromium-behaviours.json",
	atLeast: 50,
});
