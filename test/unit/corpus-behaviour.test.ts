/**
 * Behaviour tests for upstream pi's example extensions, loaded unchanged (issue 3, "The corpus").
 * The checks live in test/corpus/behaviours.ts; a check marked `gap` asserts upstream's behaviour
 * where Playa falls short and runs as `it.fails` until the gap is closed. To see each gap check
 * fail with its reason: PLAYA_SHOW_GAPS=1 npx vitest run test/unit/corpus-behaviour.test.ts
 */
import { describe, it } from "vitest";
import { BEHAVIOURS } from "../corpus/behaviours.ts";
import { exampleName } from "../corpus/examples.ts";

const byExample = new Map<string, typeof BEHAVIOURS>();
for (const behaviour of BEHAVIOURS) byExample.set(behaviour.example, [...(byExample.get(behaviour.example) ?? []), behaviour]);

for (const [example, behaviours] of byExample) {
	describe(exampleName(example), () => {
		for (const behaviour of behaviours) {
			if (behaviour.gap && !process.env.PLAYA_SHOW_GAPS) it.fails(`${behaviour.title} [gap: ${behaviour.gap}]`, behaviour.run);
			else it(behaviour.title, behaviour.run);
		}
	});
}
