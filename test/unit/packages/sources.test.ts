import { describe, expect, it } from "vitest";
import { formatSource, installLine, parsePackageSource } from "../../../src/packages/source.ts";
import { matchGlob } from "../../../src/packages/manifest-glob.ts";
import { packageHosts } from "../../../src/packages/hosts.ts";
import type { FetchLike } from "../../../src/packages/http.ts";
import { resolveNpmVersion } from "../../../src/packages/registry.ts";

describe("package sources as pi writes them", () => {
	it("reads npm sources with and without a version, range, tag or scope", () => {
		expect(parsePackageSource("npm:pi-aliases")).toEqual({ source: { type: "npm", name: "pi-aliases" } });
		expect(parsePackageSource("npm:pi-aliases@1.0.7")).toEqual({ source: { type: "npm", name: "pi-aliases", spec: "1.0.7" } });
		expect(parsePackageSource(" npm:@aliou/pi-processes@^0.12.0 ")).toEqual({ source: { type: "npm", name: "@aliou/pi-processes", spec: "^0.12.0" } });
		expect(parsePackageSource("npm:pi-aliases@next")).toEqual({ source: { type: "npm", name: "pi-aliases", spec: "next" } });
		expect(parsePackageSource("npm:x@>=1.2 <2")).toEqual({ source: { type: "npm", name: "x", spec: ">=1.2 <2" } });
	});

	it("reads git sources: git:github.com/…, https URLs (a git source, as pi treats them), with a ref", () => {
		const repo = { type: "git", host: "github.com", owner: "xRyul", repo: "pi-aliases" };
		expect(parsePackageSource("git:github.com/xRyul/pi-aliases")).toEqual({ source: repo });
		expect(parsePackageSource("git:github.com/xRyul/pi-aliases@v1.0.7")).toEqual({ source: { ...repo, ref: "v1.0.7" } });
		expect(parsePackageSource("https://github.com/xRyul/pi-aliases")).toEqual({ source: repo });
		expect(parsePackageSource("https://github.com/xRyul/pi-aliases.git@main")).toEqual({ source: { ...repo, ref: "main" } });
		expect(parsePackageSource("git:git@github.com:xRyul/pi-aliases")).toEqual({ source: repo });
	});

	it("says in a sentence what is wrong with a source", () => {
		const error = (text: string) => (parsePackageSource(text) as { error: string }).error;
		expect(error("npm:")).toMatch(/names no package/);
		expect(error("npm:Pi_Aliases")).toMatch(/is not an npm package name/);
		expect(error("npm:pi-aliases@")).toMatch(/names no version/);
		expect(error("git:gitlab.com/a/b")).toMatch(/is on gitlab.com: only GitHub repositories load in the browser/);
		expect(error("git:github.com/only-owner")).toMatch(/does not name a GitHub repository/);
		expect(error("./local-package")).toMatch(/is a local path: a browser cannot read your disk/);
		expect(error("pi-aliases")).toMatch(/is not a package source: write npm:/);
		expect(error("")).toMatch(/No package named/);
	});

	it("writes a pinned source back, and the pi install line", () => {
		expect(formatSource({ type: "npm", name: "@a/b", spec: "1.2.3" })).toBe("npm:@a/b@1.2.3");
		expect(installLine({ type: "git", host: "github.com", owner: "o", repo: "r", ref: "v1" })).toBe("pi install git:github.com/o/r@v1");
	});
});

describe("versions: npm's ranges, tags and exact versions, from the registry's package document", () => {
	const versions = ["0.9.0", "1.0.0", "1.2.3", "1.4.0-beta.1", "1.4.0", "2.0.0-rc.1", "2.0.0", "2.1.0"];
	const hosts = packageHosts({ registry: "http://registry.test/" });
	const document = {
		name: "x",
		"dist-tags": { latest: "2.0.0", next: "2.1.0" },
		versions: Object.fromEntries(versions.map((version) => [version, { name: "x", version }])),
	};
	/** A registry that answers the package document, and each version's own document. */
	const registry: FetchLike = async (url) => {
		if (url === "http://registry.test/x") return Response.json(document);
		const version = decodeURIComponent(url.slice("http://registry.test/x/".length));
		return versions.includes(version) ? Response.json({ name: "x", version }) : new Response("not found", { status: 404 });
	};
	const pick = async (spec?: string) => {
		const answer = await resolveNpmVersion(registry, hosts, "x", spec);
		return "error" in answer ? answer.error : answer.version;
	};
	it("picks the highest version a range allows", async () => {
		expect(await pick("^1.0.0")).toBe("1.4.0");
		expect(await pick("~1.2.0")).toBe("1.2.3");
		expect(await pick("1.x")).toBe("1.4.0");
		expect(await pick("*")).toBe("2.1.0");
		expect(await pick(">=1.2 <2")).toBe("1.4.0");
		expect(await pick("1.0.0 - 1.3")).toBe("1.2.3");
		expect(await pick("^0.9.0 || ^2.0.0")).toBe("2.1.0");
		expect(await pick("^0.9.0")).toBe("0.9.0");
		expect(await pick("^3")).toBe("npm:x has no version matching ^3 (its newest: 2.1.0, 2.0.0, 2.0.0-rc.1).");
	});
	it("takes a prerelease only when the range names one of its release", async () => {
		expect(await pick("^2.0.0-rc.0")).toBe("2.1.0");
		expect(await pick(">=1.4.0-beta.0 <1.4.0")).toBe("1.4.0-beta.1");
		expect(await pick("~1.3.0")).toMatch(/has no version matching ~1\.3\.0/);
	});
	it("reads tags and exact versions", async () => {
		expect(await pick()).toBe("2.0.0");
		expect(await pick("next")).toBe("2.1.0");
		expect(await pick("1.2.3")).toBe("1.2.3");
		expect(await pick("beta")).toBe('npm:x has no dist-tag "beta" (its tags: latest, next).');
		expect(await pick("3.0.0")).toMatch(/has no version matching 3\.0\.0/);
	});
});

describe("globs over a package's files", () => {
	const paths = ["index.ts", "src/a.ts", "src/deep/b.ts", "src/.hidden/c.ts", "prompts/x.md", "prompts/y.txt"];
	it("matches *, ** and braces, not dot folders", () => {
		expect(matchGlob("src/*.ts", paths)).toEqual(["src/a.ts"]);
		expect(matchGlob("./src/**/*.ts", paths)).toEqual(["src/a.ts", "src/deep/b.ts"]);
		expect(matchGlob("prompts/*.{md,txt}", paths)).toEqual(["prompts/x.md", "prompts/y.txt"]);
		expect(matchGlob("*.ts", paths)).toEqual(["index.ts"]);
	});
});

describe("package hosts", () => {
	it("defaults to npm's registry and jsDelivr, and takes a stand-in's bases", () => {
		expect(packageHosts({})).toEqual({
			registry: "https://registry.npmjs.org/",
			files: "https://cdn.jsdelivr.net/",
			listing: "https://data.jsdelivr.com/v1/packages/",
		});
		expect(packageHosts({ registry: "/_registry", npmcdn: "http://127.0.0.1:1/_cdn" }, "http://127.0.0.1:1/")).toEqual({
			registry: "http://127.0.0.1:1/_registry/",
			files: "http://127.0.0.1:1/_cdn/",
			listing: "http://127.0.0.1:1/_cdn/v1/packages/",
		});
	});
});
