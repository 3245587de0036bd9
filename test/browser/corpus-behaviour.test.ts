/**
 * The corpus behaviour checks (test/corpus/behaviours*.ts) in Chromium, as the page runs extensions: the
 * runtime in a dedicated worker, the workspace in its own worker. A check with `gap` runs as `it.fails`, as
 * under Node. Writes each check's outcome to test/corpus/chromium-behaviours.json, which
 * test/unit/corpus.test.ts puts into docs/corpus.md as the "behaves" column.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { commands } from "vitest/browser";
import { exampleName } from "../corpus/names.ts";
import type { ChromiumBehaviour } from "../corpus/table.ts";
import type { BehaviourOutcome, BehaviourRequest, BehaviourSummary } from "./support/corpus-behaviour-worker.ts";

/** Generous: a check that hangs fails here and its worker is replaced; the checks themselves take well under a second. */
const CHECK_TIMEOUT = 60_000;

let worker: Worker | undefined;
function ask<T>(request: BehaviourRequest, timeout = CHECK_TIMEOUT): Promise<T> {
	worker ??= new Worker(new URL("./support/corpus-behaviour-worker.ts", import.meta.url), { type: "module" });
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

const checks = await ask<BehaviourSummary[]>({ type: "list" }, 120_000);
const outcomes = new Map<number, ChromiumBehaviour>();

async function run(index: number): Promise<void> {
	const { example, title } = checks[index];
	const outcome = await ask<BehaviourOutcome>({ type: "run", index, cdn: inject("cdn") }).catch(
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

describe("the corpus behaviour checks in Chromium", () => {
	it("run in a cross-origin isolated page (the synchronous channel needs shared memory)", () => {
		expect(crossOriginIsolated).toBe(true);
		expect(checks.length).toBeGreaterThan(50);
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
		// In the order of BEHAVIOURS, as test/unit/corpus.test.ts reads them.
		const expected = [...byExample.values()].flat().sort((a, b) => a - b);
		if (expected.some((index) => !outcomes.has(index))) return;
		const results = expected.map((index) => outcomes.get(index)!);
		await commands.writeFile("test/corpus/chromium-behaviours.json", `${JSON.stringify(results, null, "\t")}\n`);
	});
});
