/**
 * `--host pi` over the upstream corpus (docs/corpus-pi.md): each behaviour check of pi's and oh-my-pi's examples
 * (test/corpus/behaviours*.ts, omp-behaviours*.ts) recorded as a scenario in Playa and played in upstream pi's
 * CLI (test/corpus-pi/play.ts). By default a sample of three; `node scripts/corpus-vs-pi.mjs` runs them all (one
 * after another; pi runs in its own process, with Node 22 from the npm cache when this Node is older) and writes
 * the page. Runs in vitest's Node thread.
 */
import { writeFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { BEHAVIOURS } from "../corpus/behaviours.ts";
import { setCorpusEnvironment } from "../corpus/environment.ts";
import { nodeEnvironment } from "../corpus/environment-node.ts";
import { OMP_BEHAVIOURS } from "../corpus/omp-behaviours.ts";
import { type Corpus, type EntryResult, playInPi } from "../corpus-pi/play.ts";

setCorpusEnvironment(nodeEnvironment);

const ALL = process.env.PLAYA_CORPUS_PI_OUT;
const entries = [
	...BEHAVIOURS.map((behaviour) => ({ corpus: "pi" as Corpus, behaviour })),
	...OMP_BEHAVIOURS.map((behaviour) => ({ corpus: "omp" as Corpus, behaviour })),
];

// Defined only for the full run, so the default run lists no 145 skipped tests.
if (ALL)
	describe("--host pi over the whole corpus", () => {
		const results: EntryResult[] = [];
		afterAll(async () => {
			if (ALL) await writeFile(ALL, `${JSON.stringify(results, null, "\t")}\n`);
		});
		const only = process.env.PLAYA_CORPUS_PI_ONLY ? new RegExp(process.env.PLAYA_CORPUS_PI_ONLY) : undefined;
		for (const [index, { corpus, behaviour }] of entries.entries()) {
			if (only && !only.test(`${corpus}: ${behaviour.example}`)) continue;
			it(`${index + 1}. ${corpus}: ${behaviour.example}: ${behaviour.title}`, { timeout: 600_000 }, async () => {
				const result = await playInPi(corpus, behaviour, { stepTimeoutMs: 60_000 });
				results.push(result);
				const { outcome } = result;
				const said =
					outcome.kind === "match"
						? "match"
						: outcome.kind === "differs"
							? `differs: ${outcome.first.split("\n")[0]}`
							: `cannot run (${outcome.in}): ${outcome.why}`;
				process.stderr.write(`[corpus-pi] ${index + 1}/${entries.length} ${corpus}: ${behaviour.example}: ${said} (${result.seconds} s)\n`);
			});
		}
	});

const find = (corpus: Corpus, example: string, title: string) => {
	const found = entries.find((entry) => entry.corpus === corpus && entry.behaviour.example === example && entry.behaviour.title.startsWith(title));
	if (!found) throw new Error(`no check of ${example} titled "${title}…"`);
	return found.behaviour;
};

describe.skipIf(ALL)("--host pi over a sample of the corpus", () => {
	it("pi's hello example: the model's call and its result are the same in pi", { timeout: 600_000 }, async () => {
		const result = await playInPi("pi", find("pi", "hello.ts", "the model calls hello"));
		expect(result.outcome).toEqual({ kind: "match", explained: expect.any(Number) });
		expect(result.steps).toBe(1);
	});

	it("input-transform: a prompt its input handler rewrites, then plain ones, match (pi's short runs end before it answers)", { timeout: 600_000 }, async () => {
		const result = await playInPi("pi", find("pi", "input-transform.ts", "?quick rewrites the prompt"));
		expect(result.outcome).toEqual({ kind: "match", explained: expect.any(Number) });
		expect(result.steps).toBe(3);
	});

	it("system-prompt-header: the status that reports the system prompt's length differs, as each host's base prompt does", { timeout: 600_000 }, async () => {
		const result = await playInPi("pi", find("pi", "system-prompt-header.ts", ""));
		expect(result.outcome.kind).toBe("differs");
		expect(result.outcome.kind === "differs" && result.outcome.first).toMatch(/status\[0\] \(system-prompt\) › text: changed/);
	});

	it("a check that picks a model cannot be a scenario, and says why", async () => {
		const result = await playInPi("pi", find("pi", "model-status.ts", "a model pick"));
		expect(result.outcome).toEqual({ kind: "cannot", in: "headless", why: "it also calls runtime.selectModel, which a scenario has no step for" });
	});
});
