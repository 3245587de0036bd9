import { describe, expect, it } from "vitest";
import { packageHosts } from "../../../src/packages/hosts.ts";
import { searchPackages } from "../../../src/packages/search.ts";
import { packageServer } from "../../support/package-server.ts";

const TIMEOUT = 180_000;

describe("the package browser's search", () => {
	it("lists the registry's pi packages (keyword pi-package), narrowed by the words given", { timeout: TIMEOUT }, async () => {
		const hosts = packageHosts((await packageServer()).hosts);
		const all = await searchPackages(fetch, hosts, "");
		if ("error" in all) throw new Error(all.error);
		expect(all.packages.map((pkg) => pkg.name)).toEqual([
			"@aliou/pi-processes",
			"@baochunli/pi-collaborating-agents",
			"pi-aliases",
			"pi-markdown-preview",
			"pi-mcp-adapter",
			"pi-mermaid",
			"pi-prompt-template-model",
			"pi-subagents",
			"pi-sync-system-theme",
			"pi-system-theme",
			"pi-web-access",
		]);
		expect(await searchPackages(fetch, hosts, "theme")).toMatchObject({
			packages: [{ name: "pi-sync-system-theme" }, { name: "pi-system-theme", version: "0.5.0" }],
		});
	});

	it("says so when the registry does not answer", async () => {
		const gone = packageHosts({ registry: "http://127.0.0.1:9/" });
		expect(await searchPackages(fetch, gone, "x")).toEqual({ error: expect.stringMatching(/^127\.0\.0\.1:9 did not answer when asked for pi packages/) });
	});
});
