import { describe, expect, it } from "vitest";
import { formatSource, installLine, parsePackageSource } from "../../../src/packages/source.ts";
import { maxSatisfying, parseRange } from "../../../src/packages/semver.ts";
import { matchGlob } from "../../../src/packages/manifest-glob.ts";
import { packageHosts } from "../../../src/packages/hosts.ts";

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

describe("versions: npm's ranges", () => {
	const versions = ["0.9.0", "1.0.0", "1.2.3", "1.4.0-beta.1", "1.4.0", "2.0.0-rc.1", "2.0.0", "2.1.0"];
	const pick = (range: string) => maxSatisfying(versions, parseRange(range)!);
	it("picks the highest version a range allows", () => {
		expect(pick("^1.0.0")).toBe("1.4.0");
		expect(pick("~1.2.0")).toBe("1.2.3");
		expect(pick("1.x")).toBe("1.4.0");
		expect(pick("*")).toBe("2.1.0");
		expect(pick(">=1.2 <2")).toBe("1.4.0");
		expect(pick("1.0.0 - 1.3")).toBe("1.2.3");
		expect(pick("^0.9.0 || ^2.0.0")).toBe("2.1.0");
		expect(pick("^0.9.0")).toBe("0.9.0");
		expect(pick("^3")).toBeUndefined();
	});
	it("takes a prerelease only when the range names one of its release", () => {
		expect(pick("^2.0.0-rc.0")).toBe("2.1.0");
		expect(maxSatisfying(["1.4.0-beta.1"], parseRange("^1.3.0")!)).toBeUndefined();
		expect(maxSatisfying(["1.4.0-beta.1"], parseRange(">=1.4.0-beta.0")!)).toBe("1.4.0-beta.1");
	});
	it("knows a tag is no range", () => {
		expect(parseRange("latest")).toBeUndefined();
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
