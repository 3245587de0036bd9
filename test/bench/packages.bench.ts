/**
 * What trying a pi package costs, against the package stand-in (real published packages, test/support/): resolving
 * a source in the page's way (the registry's document and the CDN's file list) and starting a runtime that loads it
 * (its files fetched, hashed, transpiled; its npm dependencies from the esm.sh stand-in). Under Node; Chromium's run of
 * the same packages is test/browser/packages-corpus.test.ts. Sizes and requests are in docs/packages-corpus.md.
 */
import { bench, describe } from "vitest";
import { packageHosts } from "../../src/packages/hosts.ts";
import { packageLoad, resolvePackage } from "../../src/packages/resolve.ts";
import { Runtime } from "../../src/runtime/runtime.ts";
import { newSessionHeader } from "../../src/session/entries.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { packageServer } from "../support/package-server.ts";

describe("trying a pi package", async () => {
	const server = await packageServer();
	const hosts = packageHosts(server.hosts);
	for (const source of ["npm:pi-aliases@^1", "npm:pi-prompt-template-model@0.12.2", "npm:pi-subagents@0.67.0"]) {
		bench(`resolve ${source}`, async () => {
			const resolution = await resolvePackage(source, hosts);
			if (!resolution.ok) throw new Error(resolution.error);
		});
	}
	for (const source of ["npm:pi-aliases@1.0.7", "npm:pi-prompt-template-model@0.12.2"]) {
		const resolution = await resolvePackage(source, hosts);
		if (!resolution.ok) throw new Error(resolution.error);
		const load = packageLoad(resolution.pkg);
		bench(
			`start a runtime with ${source}`,
			async () => {
				const workspace = await EmbeddedWorkspace.create({ cwd: "/workspace" });
				const runtime = new Runtime({ scriptedTokensPerSecond: 0, workspace, inspect: false });
				await runtime.start(
					{
						session: { header: newSessionHeader(workspace.cwd), entries: [], leafId: null },
						extensions: [],
						script: [],
						packages: [load],
						cdn: server.hosts.cdn,
					},
					{ emit: () => undefined, requestUI: async () => ({ cancelled: true }), cancelUI: () => undefined },
				);
				await runtime.shutdown();
			},
			{ iterations: 5, time: 0 },
		);
	}
});
