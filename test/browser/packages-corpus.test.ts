/**
 * The package corpus in Chromium: each real pi package of test/corpus/packages/ resolved in the page (the
 * registry's document and the CDN's file list, from the stand-in), then run with the runtime in a dedicated worker
 * and the workspace in its own, as the page runs them, and checked (checks.ts). Writes
 * test/corpus/packages/chromium.json, the Chromium columns of docs/packages-corpus.md.
 */
import { describe, expect, inject, it } from "vitest";
import { commands } from "vitest/browser";
import { packageHosts } from "../../src/packages/hosts.ts";
import { packageLoad, resolvePackage } from "../../src/packages/resolve.ts";
import { startEmbeddedWorkspace } from "../../src/workspace/embedded/start.ts";
import { PACKAGE_CHECKS } from "../corpus/packages/checks.ts";
import { type PackageOutcome, unresolved } from "../corpus/packages/harness.ts";
import type { PackageRun } from "./support/package-worker.ts";

async function runInWorker(run: Omit<PackageRun, "port">): Promise<PackageOutcome> {
	const { workspace, terminate } = await startEmbeddedWorkspace({ cwd: "/workspace" });
	const worker = new Worker(new URL("./support/package-worker.ts", import.meta.url), { type: "module" });
	try {
		const port = await workspace.createPort();
		return await new Promise<PackageOutcome>((resolve, reject) => {
			worker.onmessage = (event: MessageEvent<PackageOutcome>) => resolve(event.data);
			worker.onerror = (event) => reject(new Error(event.message));
			worker.postMessage({ ...run, port }, [port]);
		});
	} finally {
		worker.terminate();
		terminate();
	}
}

describe("the package corpus in Chromium", () => {
	it("resolves each package in the page and runs its check with the runtime in a worker", { timeout: 600_000 }, async () => {
		expect(crossOriginIsolated).toBe(true);
		const settings = inject("packageHosts");
		expect(settings.error, "the package stand-in could not be made").toBeUndefined();
		const hosts = packageHosts(settings);
		const results: { source: string; outcome: PackageOutcome; failure?: string }[] = [];
		for (const check of PACKAGE_CHECKS) {
			const resolution = await resolvePackage(check.source, hosts);
			const outcome = resolution.ok
				? await runInWorker({
						source: check.source,
						load: packageLoad(resolution.pkg),
						problems: resolution.pkg.problems.map((problem) => problem.message),
						prompts: check.prompts ?? [],
						cdn: settings.cdn,
					})
				: unresolved(check.source, resolution.error);
			results.push({ source: check.source, outcome, failure: check.check(outcome, "chromium") });
		}
		// The stand-in's port changes from run to run; what was recorded does not.
		const text = JSON.stringify(results, null, "\t").replaceAll(new URL(settings.cdn).origin, "http://stand-in");
		await commands.writeFile("test/corpus/packages/chromium.json", `${text}\n`);
		expect(results.filter((result) => result.failure).map((result) => `${result.source}: ${result.failure}`)).toEqual([]);
	});
});
