/**
 * Behaviour tests for oh-my-pi's examples, loaded unchanged (the reference dialect's corpus, docs/corpus-omp.md),
 * under Node as the headless runner runs them (test/browser/corpus-omp-behaviour.test.ts runs the same checks in
 * Chromium). The checks live in test/corpus/omp-behaviours*.ts; a check marked `gap` asserts the reference's
 * behaviour where Playa falls short and runs as `it.fails` until the gap is closed. To see each gap check fail
 * with its reason: PLAYA_SHOW_GAPS=1 npx vitest run test/unit/corpus-omp-behaviour.test.ts
 */
import { afterEach, describe, it } from "vitest";
import { setCorpusEnvironment } from "../corpus/environment.ts";
import { nodeEnvironment } from "../corpus/environment-node.ts";
import { closeSessions } from "../corpus/kit.ts";
import { exampleName } from "../corpus/names.ts";
import { OMP_BEHAVIOURS } from "../corpus/omp-behaviours.ts";

setCorpusEnvironment(nodeEnvironment);
afterEach(closeSessions);

const byExample = new Map<string, typeof OMP_BEHAVIOURS>();
for (const behaviour of OMP_BEHAVIOURS) {
	if (behaviour.only?.in === "chromium") continue;
	byExample.set(behaviour.example, [...(byExample.get(behaviour.example) ?? []), behaviour]);
}

for (const [example, behaviours] of byExample) {
	describe(exampleName(example), () => {
		for (const behaviour of behaviours) {
			if (behaviour.gap && !process.env.PLAYA_SHOW_GAPS) it.fails(`${behaviour.title} [gap: ${behaviour.gap}]`, behaviour.run);
			else it(behaviour.title, behaviour.run);
		}
	});
}
