/**
 * oh-my-pi's example corpus measured in Chromium: every example loaded unchanged with the runtime in a dedicated
 * worker and the workspace in its own worker, as the page runs them (the worker of corpus-chromium.test.ts).
 * Writes test/corpus/omp-chromium-loads.json, which test/unit/corpus-omp.test.ts puts into docs/corpus-omp.md.
 */
import { describe, expect, inject, it } from "vitest";
import { commands } from "vitest/browser";
import { startEmbeddedWorkspace } from "../../src/workspace/embedded/start.ts";
import type { ChromiumLoad } from "./support/corpus-worker.ts";

const PREFIX = "../corpus/omp-examples/";
const sources = import.meta.glob("../corpus/omp-examples/**/*.{ts,json,md}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const files = Object.fromEntries(Object.entries(sources).map(([path, source]) => [path.slice(PREFIX.length), source]));
const entries = Object.keys(files)
	.filter((path) => /^(extensions|hooks|custom-tools)\/([^/]+\.ts|[^/]+\/index\.ts)$/.test(path))
	.sort();

async function loadInWorker(entry: string): Promise<ChromiumLoad> {
	const { workspace, terminate } = await startEmbeddedWorkspace({ cwd: "/workspace" });
	const worker = new Worker(new URL("./support/corpus-worker.ts", import.meta.url), { type: "module" });
	try {
		const port = await workspace.createPort();
		return await new Promise<ChromiumLoad>((resolve, reject) => {
			worker.onmessage = (event: MessageEvent<ChromiumLoad>) => resolve(event.data);
			worker.onerror = (event) => reject(new Error(event.message));
			// npm packages come from the offline esm.sh stand-in the browser project starts (support/cdn-global-setup.ts).
			worker.postMessage({ entry, files, port, cdn: inject("cdn") }, [port]);
		});
	} finally {
		worker.terminate();
		terminate();
	}
}

describe("oh-my-pi's example corpus in Chromium", () => {
	it("loads every example in a runtime worker, as the page does", { timeout: 300_000 }, async () => {
		expect(crossOriginIsolated).toBe(true);
		expect(entries).toHaveLength(21);
		const results: ChromiumLoad[] = [];
		for (const entry of entries) results.push(await loadInWorker(entry));
		await commands.writeFile("test/corpus/omp-chromium-loads.json", `${JSON.stringify(results, null, "\t")}\n`);
		expect(results.filter((result) => !result.loaded).map((result) => result.entry)).toEqual([]);
	});
});
