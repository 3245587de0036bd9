/**
 * Hostile registries, CDNs and packages (the stand-in's fault modes, package-stand-in.mjs FAULTS): a file list that
 * points a file outside the package is refused before any consent; a dependency whose range is not a version (an npm
 * alias, a URL, a path) never becomes an address on the ESM CDN; a file the CDN changed after its listing does not
 * match the listed hash the runtime checks.
 */
import { describe, expect, it } from "vitest";
import { packageImport } from "../../../src/loader/package-imports.ts";
import { packageHosts } from "../../../src/packages/hosts.ts";
import { listedPath } from "../../../src/packages/listing.ts";
import { resolvePackage } from "../../../src/packages/resolve.ts";
import type { PackageLoad } from "../../../src/protocol/packages.ts";
import { packageServer } from "../../support/package-server.ts";

const TIMEOUT = 180_000;

async function faultHosts(mode: string) {
	const { url } = await packageServer();
	return packageHosts({ registry: `${url}_fault/${mode}/_registry/`, npmcdn: `${url}_fault/${mode}/_cdn/` });
}

describe("a file list is read as paths inside the package", () => {
	it("keeps a plain path and refuses one that leaves the package's folder", () => {
		expect(listedPath("/src/index.ts")).toBe("src/index.ts");
		expect(listedPath("/skills/a b/SKILL.md")).toBe("skills/a b/SKILL.md");
		for (const name of [
			"//evil.example/x.ts",
			"https://evil.example/x.ts",
			"/../other@1.0.0/x.ts",
			"/a/./b.ts",
			"/a//b.ts",
			"/a\\..\\b.ts",
			"/%2e%2e/x.ts",
			"/a/\u0000.ts",
			"",
			"/",
		]) {
			expect(listedPath(name), name).toBeUndefined();
		}
	});

	for (const mode of ["offsite-host", "offsite-path"]) {
		it(`refuses a package whose file list points outside it (${mode}), naming it`, { timeout: TIMEOUT }, async () => {
			const result = await resolvePackage("npm:pi-aliases@1.0.7", await faultHosts(mode));
			expect(result).toEqual({ ok: false, requested: "npm:pi-aliases@1.0.7", error: expect.stringContaining("outside the package's folder") });
		});
	}
});

describe("a dependency that is not what its name says", () => {
	const pkg: PackageLoad = {
		id: "npm:x@1.0.0",
		name: "x",
		version: "1.0.0",
		base: "https://cdn.test/npm/x@1.0.0/",
		files: [],
		dependencies: { minimatch: "^10.2.5", aliased: "npm:evil@1.0.0", url: "https://evil.example/x.tgz", escape: "1.0.0/../../evil", git: "github:o/r" },
		unavailable: {},
		extensions: [],
		skills: [],
		prompts: [],
		themes: [],
	};
	const importer = `${pkg.base}index.ts`;

	it("goes to the ESM CDN at its range only when the range is a version range", () => {
		expect(packageImport(pkg, "minimatch", importer, "https://esm.test/")).toEqual({ kind: "dependency", url: "https://esm.test/minimatch@^10.2.5" });
		for (const name of ["aliased", "url", "escape", "git"]) expect(packageImport(pkg, name, importer, "https://esm.test/"), name).toEqual({ kind: "other" });
	});

	it("the stand-in's impostor maps pi's packages elsewhere: the consent shows it, the loader asks Playa's table first", { timeout: TIMEOUT }, async () => {
		const result = await resolvePackage("npm:pi-aliases@1.0.7", await faultHosts("impostor-dependency"));
		if (!result.ok) throw new Error(result.error);
		expect(result.pkg.ownDependencies).toMatchObject({ "@earendil-works/pi-coding-agent": "npm:left-pad@1.3.0" });
		expect(packageImport(result.pkg, "@earendil-works/pi-coding-agent", `${result.pkg.base}src/index.ts`, "https://esm.test/")).toEqual({ kind: "other" });
	});
});

describe("a file the CDN changed after listing it", () => {
	it("is served with content whose hash is not the listed one", { timeout: TIMEOUT }, async () => {
		const result = await resolvePackage("npm:pi-aliases@1.0.7", await faultHosts("changed-file"));
		if (!result.ok) throw new Error(result.error);
		const listed = result.pkg.files.find((file) => file.path === "src/index.ts")!;
		const served = new Uint8Array(await (await fetch(`${result.pkg.base}src/index.ts`)).arrayBuffer());
		const hash = `sha256-${Buffer.from(await crypto.subtle.digest("SHA-256", served)).toString("hex")}`;
		expect(hash).not.toBe(listed.hash);
	});
});
