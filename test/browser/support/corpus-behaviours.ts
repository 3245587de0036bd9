/**
 * Runs one corpus's behaviour checks in Chromium (corpus-behaviour-worker.ts), one test per check grouped by
 * example, and writes each check's outcome to `results` (a ChromiumBehaviour[] in the order of the corpus's list),
 * which the corpus's unit test puts into its docs table as the "behaves" column. A check with `gap` runs as
 * `it.fails`, as under Node; a check marked `only: { in: "node" }` is skipped here.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { commands } from "vitest/browser";
import { exampleName } from "../../corpus/names.ts";
import type { ChromiumBehaviour } from "../../corpus/table.ts";
import type { BehaviourOutcome, BehaviourRequest, BehaviourSummary, Corpus } from "./corpus-behaviour-worker.ts";

/** Generous: a check that hangs fails here and its worker is replaced; the checks themselves take well under a second. */
const CHECK_TIMEOUT = 60_000;

export interface CorpusBehaviourRun {
	corpus: Corpus;
	/** The describe block's title. */
	title: string;
	/** Where the outcomes go, relative to the repository. */
	results: string;
	/** How many checks the corpus has at least (a list that came back short is a broken import, not a pass). */
	atLeast: number;
}

export async function describeCorpusBehaviours({ corpus, title, results, atLeast }: CorpusBehaviourRun): Promise<void> {
	let worker: Worker | undefined;
	function ask<T>(request: BehaviourRequest, timeout = CHECK_TIMEOUT): Promise<T> {
		worker ??= new Worker(new URL("./corpus-behaviour-worker.ts", import.meta.url), { type: "module" });
		const current = worker;
		return new Promise<T>((resolve, reject) => {
			const timer = setTimeout(() => {
				current.terminate();
				if (worker === current) worker = undefined;
				reject(new Error(`no answer from the corpus worker in ${timeout / 1000} s`));
			}, timeout);
			current.onmessage = (event: MessageEvent<T>) => {
				clearTimeout(timer);
				resolve(event.data);
			};
			current.onerror = (event) => {
				clearTimeout(timer);
				reject(new Error(`the corpus worker failed: ${event.message}`));
			};
			current.postMessage(request);
		});
	}

	const checks = await ask<BehaviourSummary[]>({ type: "list", corpus }, 120_000);
	const outcomes = new Map<number, ChromiumBehaviour>();

	async function run(index: number): Promise<void> {
		const { example, title } = checks[index];
		const outcome = await ask<BehaviourOutcome>({ type: "run", corpus, index, cdn: inject("cdn"), mockProviders: inject("mockProviders") }).catch(
			(error: Error): BehaviourOutcome => ({ index, passed: false, error: error.message }),
		);
		outcomes.set(index, { example, title, passed: outcome.passed, ...(outcome.passed ? {} : { error: outcome.error.split("\n")[0] }) });
		if (!outcome.passed) throw new Error(outcome.error);
	}

	const byExample = new Map<string, number[]>();
	checks.forEach((check, index) => {
		if (check.only?.in === "node") return;
		byExample.set(check.example, [...(byExample.get(check.example) ?? []), index]);
	});

	describe(title, () => {
		it("run in a cross-origin isolated page (the synchronous channel needs shared memory)", () => {
			expect(crossOriginIsolated).toBe(true);
			expect(checks.length).toBeGreaterThanOrEqual(atLeast);
		});

		for (const [example, indices] of byExample) {
			describe(exampleName(example), () => {
				for (const index of indices) {
					const { title, gap } = checks[index];
					if (gap) it.fails(`${title} [gap: ${gap}]`, { timeout: CHECK_TIMEOUT + 5_000 }, () => run(index));
					else it(title, { timeout: CHECK_TIMEOUT + 5_000 }, () => run(index));
				}
			});
		}

		afterAll(async () => {
			worker?.terminate();
			// Only a whole run is written: a filtered run (-t) would drop the other checks from the table.
			// In the order of the corpus's list, as its unit test reads them.
			const expected = [...byExample.values()].flat().sort((a, b) => a - b);
			if (expected.some((index) => !outcomes.has(index))) return;
			const written = expected.map((index) => outcomes.get(index)!);
			await commands.writeFile(results, `${JSON.stringify(written, null, "\t")}\n`);
		});
	});
}
