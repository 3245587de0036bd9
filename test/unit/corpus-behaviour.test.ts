/**
 * Behaviour tests for upstream pi's example extensions, loaded unchanged (issue 3, "The corpus"), under
 * Node as the headless runner runs them (test/browser/corpus-behaviour.test.ts runs the same checks in
 * Chromium). The checks live in test/corpus/behaviours.ts; a check marked `gap` asserts upstream's behaviour
 * where Playa falls short and runs as `it.fails` until the gap is closed. To see each gap check
 * fail with its reason: PLAYA_SHOW_GAPS=1 npx vitest run test/unit/corpus-behaviour.test.ts
 */
import { afterEach, describe, it } from "vitest";
import { BEHAVIOURS } from "../corpus/behaviours.ts";
import { setCorpusEnvironment } from "../corpus/environment.ts";
import { nodeEnvironment } from "../corpus/environment-node.ts";
import { closeSessions } from "../corpus/kit.ts";
import { exampleName } from "../corpus/names.ts";

setCorpusEnvironment(nodeEnvironment);
afterEach(closeSessions);

const byExample = new Map<string, typeof BEHAVIOURS>();
for (const behaviour of BEHAVIOURS) {
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
