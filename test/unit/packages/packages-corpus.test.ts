/**
 * The package corpus under Node, as `playa-headless --pkg` runs it, and docs/packages-corpus.md made from it and
 * from Chromium's results (test/corpus/packages/chromium.json). Fails when a check fails, or when the page is
 * stale; `PLAYA_WRITE_CORPUS=1` writes it.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageHosts } from "../../../src/packages/hosts.ts";
import { packageLoad, resolvePackage } from "../../../src/packages/resolve.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { PACKAGE_CHECKS } from "../../corpus/packages/checks.ts";
import { type PackageOutcome, runPackage, unresolved } from "../../corpus/packages/harness.ts";
import { type CorpusRow, corpusTable, type Measured } from "../../corpus/packages/table.ts";
import { packageServer } from "../../support/package-server.ts";

const ROOT = join(import.meta.dirname, "../../..");
const DOC = join(ROOT, "docs/packages-corpus.md");
const CHROMIUM = join(ROOT, "test/corpus/packages/chromium.json");

function tarballBytes(source: string): number | undefined {
	const match = /^npm:(.+)@([^@]+)$/.exec(source);
	if (!match) return undefined;
	const file = join(ROOT, "node_modules/.playa-test/packages", `${match[1].replace(/^@/, "").replace("/", "-")}-${match[2]}.tgz`);
	return existsSync(file) ? statSync(file).size : undefined;
}

describe("the package corpus under Node, and docs/packages-corpus.md", () => {
	it("runs every package's check and keeps the page true", { timeout: 600_000 }, async () => {
		const server = await packageServer();
		const hosts = packageHosts(server.hosts);
		const chromium = existsSync(CHROMIUM)
			? (JSON.parse(readFileSync(CHROMIUM, "utf8")) as { source: string; outcome: PackageOutcome; failure?: string }[])
			: [];
		const rows: CorpusRow[] = [];
		for (const check of PACKAGE_CHECKS) {
			const start = server.requests.length;
			const resolution = await resolvePackage(check.source, hosts);
			let outcome: PackageOutcome;
			let measured: Measured | undefined;
			if (resolution.ok) {
				const { pkg } = resolution;
				const metadataRequests = server.requests.length - start;
				const before = server.requests.length;
				const workspace = await EmbeddedWorkspace.create({ cwd: "/workspace" });
				outcome = await runPackage(
					check.source,
					packageLoad(pkg),
					pkg.problems.map((problem) => problem.message),
					check.prompts ?? [],
					{ workspace, cdn: server.hosts.cdn },
				);
				const basePath = new URL(pkg.base).pathname;
				const fetched = [...new Set(server.requests.slice(before).filter((path) => path.startsWith(basePath)))].map((path) =>
					decodeURIComponent(path.slice(basePath.length)),
				);
				measured = {
					source: check.source,
					files: pkg.files.length,
					listedBytes: pkg.files.reduce((sum, file) => sum + file.size, 0),
					metadataRequests,
					metadataBytes: pkg.read.bytes,
					fetchedFiles: fetched.length,
					fetchedBytes: fetched.reduce((sum, path) => sum + (pkg.files.find((file) => file.path === path)?.size ?? 0), 0),
					tarballBytes: tarballBytes(pkg.id),
				};
			} else outcome = unresolved(check.source, resolution.error);
			rows.push({
				check,
				node: { outcome, failure: check.check(outcome, "node") },
				chromium: chromium.find((entry) => entry.source === check.source),
				measured,
			});
		}
		expect(rows.filter((row) => row.node.failure).map((row) => `${row.check.source}: ${row.node.failure}`)).toEqual([]);
		expect(PACKAGE_CHECKS.filter((check) => !chromium.some((entry) => entry.source === check.source)).map((check) => check.source)).toEqual([]);
		expect(chromium.filter((entry) => entry.failure).map((entry) => `${entry.source}: ${entry.failure}`)).toEqual([]);
		const text = corpusTable(rows);
		if (process.env.PLAYA_WRITE_CORPUS) writeFileSync(DOC, text);
		expect(readFileSync(DOC, "utf8"), "docs/packages-corpus.md is stale: PLAYA_WRITE_CORPUS=1 writes it").toBe(text);
	});
});
