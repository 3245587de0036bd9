/**
 * Behaviour tests for oh-my-pi's examples, loaded unchanged (the reference dialect's corpus, docs/corpus-omp.md).
 * The checks live in test/corpus/omp-behaviours.ts; a check marked `gap` asserts the reference's behaviour where
 * Playa falls short and runs as `it.fails` until the gap is closed. To see each gap check fail with its reason:
 * PLAYA_SHOW_GAPS=1 npx vitest run test/unit/corpus-omp-behaviour.test.ts
 */
import { afterEach, describe, it } from "vitest";
import { closeSessions } from "../corpus/kit.ts";
import { OMP_BEHAVIOURS } from "../corpus/omp-behaviours.ts";
import { ompName } from "../corpus/omp-tree.ts";

const byExample = new Map<string, typeof OMP_BEHAVIOURS>();
for (const behaviour of OMP_BEHAVIOURS) byExample.set(behaviour.example, [...(byExample.get(behaviour.example) ?? []), behaviour]);

afterEach(closeSessions);

for (const [example, behaviours] of byExample) {
	describe(ompName(example), () => {
		for (const behaviour of behaviours) {
			if (behaviour.gap && !process.env.PLAYA_SHOW_GAPS) it.fails(`${behaviour.title} [gap: ${behaviour.gap}]`, behaviour.run);
			else it(behaviour.title, behaviour.run);
		}
	});
}
