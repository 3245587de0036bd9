/**
 * The tarball check's parts (scripts/tarball-check.mjs, whose full run — npm pack, an offline install outside the
 * clone, the runner's three exit codes — takes about two minutes and is a script, docs/headless.md): the lockfile it
 * installs from and the check that every package the built runner imports is one of its dependencies.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import manifest from "../../package.json" with { type: "json" };
import { consumerLock, undeclaredImports } from "../../scripts/tarball-check.mjs";

const folders: string[] = [];
afterEach(async () => {
	for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe("the tarball check's lockfile", () => {
	const lock = consumerLock("playa-0.1.0.tgz", "sha512-x");

	it("installs the tarball with the dependencies it declares", () => {
		expect(lock.packages[""]).toEqual({ name: "playa-tarball-check", dependencies: { playa: "file:playa-0.1.0.tgz" } });
		expect(lock.packages["node_modules/playa"]).toMatchObject({ resolved: "file:playa-0.1.0.tgz", integrity: "sha512-x", dependencies: manifest.dependencies });
	});

	it("holds every declared dependency and none of the clone's dev tools", () => {
		for (const name of Object.keys(manifest.dependencies)) expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
		for (const name of ["vitest", "@playwright/test", "@biomejs/biome", "@earendil-works/pi-coding-agent"])
			expect(lock.packages[`node_modules/${name}`], name).toBeUndefined();
		expect(Object.values(lock.packages).some((entry) => entry.dev === true)).toBe(false);
	});
});

describe("the built runner's imports", () => {
	async function installed(files: Record<string, string>, dependencies: Record<string, string>): Promise<string> {
		const folder = await mkdtemp(join(tmpdir(), "playa-imports-"));
		folders.push(folder);
		await mkdir(join(folder, "dist-headless", "assets"), { recursive: true });
		await writeFile(join(folder, "package.json"), JSON.stringify({ name: "playa", dependencies }));
		for (const [path, text] of Object.entries(files)) await writeFile(join(folder, "dist-headless", path), text);
		return folder;
	}

	it("names a package imported but not declared, and not built-ins, relative files or strings", async () => {
		const folder = await installed(
			{
				"cli.mjs": 'import { a } from "zod";\nimport { b } from "node:fs";\nimport "./assets/x.js";\n// import y from "in-a-comment";\n',
				"assets/x.js": 'import c from "marked-cjk-friendly";\nimport d from "@scope/pkg/deep/file.js";\nconst s = `from "x"`;\nawait import("fs");\n',
			},
			{ zod: "1", "@scope/pkg": "1" },
		);
		expect(await undeclaredImports(folder)).toEqual(["marked-cjk-friendly (imported by dist-headless/assets/x.js)"]);
	});

	it("finds nothing when every import is declared", async () => {
		const folder = await installed({ "cli.mjs": 'import c from "marked-cjk-friendly";\n' }, { "marked-cjk-friendly": "0.1.2" });
		expect(await undeclaredImports(folder)).toEqual([]);
	});
});
