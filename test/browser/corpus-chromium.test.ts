/**
 * The corpus measured in Chromium: every upstream example loaded unchanged with the runtime in a
 * dedicated worker and the workspace in its own worker, as the page runs them (so `process`, `node:fs`
 * and the synchronous channel are what the page has). Writes test/corpus/chromium-loads.json, which
 * test/unit/corpus.test.ts puts into docs/corpus.md as the Chromium column. npm dependencies come from the
 * offline esm.sh stand-in the browser project starts (support/cdn-global-setup.ts).
 */
import { describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import type { ChromiumLoad } from "./support/corpus-worker.ts";
import { loadInWorker } from "./support/load-in-worker.ts";
import { exampleEntries as entries, exampleFiles as files } from "./support/example-files.ts";

describe("the example corpus in Chromium", () => {
	it("loads every example in a runtime worker, as the page does", { timeout: 600_000 }, async () => {
		expect(crossOriginIsolated).toBe(true);
		expect(entries.length).toBeGreaterThan(70);
		const results: ChromiumLoad[] = [];
		for (const entry of entries) results.push(await loadInWorker(entry, files));
		await commands.writeFile("test/corpus/chromium-loads.json", `${JSON.stringify(results, null, "\t")}\n`);
		expect(results.filter((result) => result.loaded).length).toBeGreaterThanOrEqual(70);
	});
});
