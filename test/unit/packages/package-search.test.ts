import { describe, expect, it } from "vitest";
import { packageHosts } from "../../../src/packages/hosts.ts";
import { imageUrl, packageDetails, repositoryLink, searchPackages } from "../../../src/packages/search.ts";
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
			packages: [
				{ name: "pi-sync-system-theme", weeklyDownloads: 2000 },
				{ name: "pi-system-theme", version: "0.5.0", weeklyDownloads: 1500 },
			],
		});
	});

	it("says so when the registry does not answer", async () => {
		const gone = packageHosts({ registry: "http://127.0.0.1:9/" });
		expect(await searchPackages(fetch, gone, "x")).toEqual({ error: expect.stringMatching(/^127\.0\.0\.1:9 did not answer when asked for pi packages/) });
	});
});

describe("a search result's details: what it provides, its repository, its gallery image", () => {
	it("reads them from the version's document and file list: the manifest's, or the conventional folders'", { timeout: TIMEOUT }, async () => {
		const hosts = packageHosts((await packageServer()).hosts);
		expect(await packageDetails(fetch, hosts, "pi-markdown-preview", "0.16.0")).toEqual({
			provides: { extensions: ["index.ts"], skills: [], prompts: [], themes: [] },
			from: "pi",
			repository: "https://github.com/omaclaren/pi-markdown-preview",
			image: `${hosts.files}npm/pi-markdown-preview@0.16.0/screenshots/dark-terminal.png`,
		});
		expect(await packageDetails(fetch, hosts, "@aliou/pi-utils-settings", "0.19.2")).toMatchObject({
			provides: { extensions: [], skills: ["skills/pi-utils-settings/SKILL.md"] },
		});
		expect(await packageDetails(fetch, hosts, "pi-aliases", "9.9.9")).toEqual({ error: expect.any(String) });
	});

	it("shows an image only from https or inside the package's folder on the CDN, and a repository only as https", () => {
		const base = "https://cdn.test/npm/x@1.0.0/";
		expect(imageUrl("shots/a.png", base)).toBe("https://cdn.test/npm/x@1.0.0/shots/a.png");
		expect(imageUrl("./shots/a.png", base)).toBe("https://cdn.test/npm/x@1.0.0/shots/a.png");
		expect(imageUrl("https://img.test/a.png", base)).toBe("https://img.test/a.png");
		for (const hostile of [
			"javascript:alert(1)",
			"data:image/svg+xml,<svg onload=alert(1)>",
			"http://img.test/a.png",
			"//evil.test/a.png",
			"../../y@1/a.png",
			"/etc/a.png".repeat(300),
			"",
			42,
		]) {
			const url = imageUrl(hostile, base);
			expect(url === undefined || url.startsWith(base), String(hostile)).toBe(true);
		}
		expect(imageUrl("../../y@1/a.png", base)).toBeUndefined();
		expect(repositoryLink({ type: "git", url: "git+https://github.com/o/r.git" })).toBe("https://github.com/o/r");
		expect(repositoryLink("github:o/r")).toBe("https://github.com/o/r");
		expect(repositoryLink("o/r")).toBe("https://github.com/o/r");
		for (const hostile of ["javascript:alert(1)", { url: 'git://github.com/o/r"><script>' }, "http://github.com/o/r", "ssh://git@github.com/o/r", undefined]) {
			expect(repositoryLink(hostile), String(hostile)).toBeUndefined();
		}
	});
});
