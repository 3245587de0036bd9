/**
 * Project-local extension discovery in the workspace, with pi's layouts: `.pi/extensions/*.ts|*.js`,
 * `<folder>/index.ts` (before index.js), a folder whose package.json names `pi.extensions` (or oh-my-pi's
 * `omp.extensions`), and `.omp/extensions/` beside `.pi/extensions/`. A broken package.json is a
 * problem at its line; the other extensions are still found.
 */
import { describe, expect, it } from "vitest";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { discoverProjectExtensions } from "../../src/workspace/project-discovery.ts";
import type { SeedFiles } from "../../src/workspace/workspace.ts";

const EXT = "export default function (pi) {}\n";

async function discover(files: SeedFiles) {
	const workspace = await EmbeddedWorkspace.create({ files });
	return { workspace, found: await discoverProjectExtensions(workspace, workspace.cwd) };
}

const paths = (found: { extensions: { path: string }[] }) => found.extensions.map((extension) => extension.path);

describe("project-local extension discovery", () => {
	it("finds direct .ts and .js files, and a folder's index.ts before its index.js, one level deep", async () => {
		const { found } = await discover({
			".pi/extensions/b.ts": EXT,
			".pi/extensions/a.js": EXT,
			".pi/extensions/notes.md": "# not an extension",
			".pi/extensions/folder/index.ts": EXT,
			".pi/extensions/folder/index.js": EXT,
			".pi/extensions/plainjs/index.js": EXT,
			".pi/extensions/empty/readme.txt": "nothing to load",
			".pi/extensions/deep/nested/index.ts": EXT,
			"src/elsewhere.ts": EXT,
		});
		expect(paths(found)).toEqual([
			"/workspace/.pi/extensions/a.js",
			"/workspace/.pi/extensions/b.ts",
			"/workspace/.pi/extensions/folder/index.ts",
			"/workspace/.pi/extensions/plainjs/index.js",
		]);
		expect(found.problems).toEqual([]);
	});

	it("loads what a folder's package.json declares under pi.extensions or omp.extensions, relative to the folder", async () => {
		const { found } = await discover({
			".pi/extensions/pack/package.json": JSON.stringify({ name: "pack", pi: { extensions: ["./src/one.ts", "src/two.ts"] } }),
			".pi/extensions/pack/src/one.ts": EXT,
			".pi/extensions/pack/src/two.ts": EXT,
			".pi/extensions/pack/index.ts": EXT,
			".omp/extensions/omp-pack/package.json": JSON.stringify({ omp: { extensions: ["./main.ts"] } }),
			".omp/extensions/omp-pack/main.ts": EXT,
			".omp/extensions/gate.ts": EXT,
		});
		expect(paths(found)).toEqual([
			"/workspace/.pi/extensions/pack/src/one.ts",
			"/workspace/.pi/extensions/pack/src/two.ts",
			"/workspace/.omp/extensions/gate.ts",
			"/workspace/.omp/extensions/omp-pack/main.ts",
		]);
		// A folder extension is trusted by all of its files.
		expect(found.extensions[0].files.map((file) => file.path)).toEqual(
			expect.arrayContaining([
				"/workspace/.pi/extensions/pack/package.json",
				"/workspace/.pi/extensions/pack/src/one.ts",
				"/workspace/.pi/extensions/pack/index.ts",
			]),
		);
	});

	it("a package.json without a pi field leaves the folder to its index.ts", async () => {
		const { found } = await discover({
			".pi/extensions/tool/package.json": JSON.stringify({ name: "tool", dependencies: {} }),
			".pi/extensions/tool/index.ts": EXT,
		});
		expect(paths(found)).toEqual(["/workspace/.pi/extensions/tool/index.ts"]);
		expect(found.problems).toEqual([]);
	});

	it("reports a broken package.json at its line and still finds the other extensions (and the folder's index.ts, as pi)", async () => {
		const { found } = await discover({
			".pi/extensions/broken/package.json": '{\n  "name": "broken",\n  "pi": { "extensions": ["./a.ts"], }\n}\n',
			".pi/extensions/broken/index.ts": EXT,
			".pi/extensions/fine.ts": EXT,
		});
		expect(paths(found)).toEqual(["/workspace/.pi/extensions/broken/index.ts", "/workspace/.pi/extensions/fine.ts"]);
		expect(found.problems).toEqual([
			{
				file: "/workspace/.pi/extensions/broken/package.json",
				line: 3,
				column: expect.any(Number),
				message: expect.stringContaining("package.json is not valid JSON"),
			},
		]);
	});

	it("reports pi.extensions that is not a list of paths, and declared files that do not exist", async () => {
		const { found } = await discover({
			".pi/extensions/wrong/package.json": '{\n  "pi": { "extensions": "./main.ts" }\n}\n',
			".pi/extensions/missing/package.json": '{\n  "name": "missing",\n  "pi": { "extensions": ["./gone.ts", "./here.ts"] }\n}\n',
			".pi/extensions/missing/here.ts": EXT,
		});
		expect(paths(found)).toEqual(["/workspace/.pi/extensions/missing/here.ts"]);
		expect(found.problems).toEqual([
			{ file: "/workspace/.pi/extensions/missing/package.json", line: 3, message: expect.stringContaining("./gone.ts, which is not a file") },
			{ file: "/workspace/.pi/extensions/wrong/package.json", line: 2, message: expect.stringContaining('"pi.extensions" must be an array') },
		]);
	});

	it("hashes each file's content, so a change is seen", async () => {
		const { workspace, found } = await discover({ ".pi/extensions/x.ts": EXT });
		await workspace.writeFile(".pi/extensions/x.ts", `${EXT}// changed\n`);
		const again = await discoverProjectExtensions(workspace, workspace.cwd);
		expect(found.extensions[0].files[0].hash).toMatch(/^[0-9a-f]{64}$/);
		expect(again.extensions[0].files[0].hash).not.toBe(found.extensions[0].files[0].hash);
	});

	it("finds nothing in a workspace without the folders", async () => {
		const { found } = await discover({ "index.ts": EXT });
		expect(found).toEqual({ extensions: [], problems: [] });
	});
});
