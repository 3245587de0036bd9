/**
 * oh-my-pi's example corpus measured in Chromium: every example loaded unchanged with the runtime in a dedicated
 * worker and the workspace in its own worker, as the page runs them (the worker of corpus-chromium.test.ts).
 * Writes test/corpus/omp-chromium-loads.json, which test/unit/corpus-omp.test.ts puts into docs/corpus-omp.md.
 */
import { describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import type { ChromiumLoad } from "./support/corpus-worker.ts";
import { loadInWorker } from "./support/load-in-worker.ts";
import { ompExampleEntries as entries, ompExampleFiles as files } from "./support/omp-example-files.ts";

describe("oh-my-pi's example corpus in Chromium", () => {
	it("loads every example in a runtime worker, as the page does", { timeout: 300_000 }, async () => {
		expect(crossOriginIsolated).toBe(true);
		expect(entries).toHaveLength(21);
		const results: ChromiumLoad[] = [];
		for (const entry of entries) results.push(await loadInWorker(entry, files));
		await commands.writeFile("test/corpus/omp-chromium-loads.json", `${JSON.stringify(results, null, "\t")}\n`);
		expect(results.filter((result) => !result.loaded).map((result) => result.entry)).toEqual([]);
	});
});
