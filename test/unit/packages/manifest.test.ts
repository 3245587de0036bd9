import { describe, expect, it } from "vitest";
import { findResources, skillFolderFiles } from "../../../src/packages/manifest.ts";

describe("what pi loads from a package, over its file list", () => {
	it("follows the pi manifest: paths, folders, globs and ! / + / - patterns", () => {
		const files = [
			"package.json",
			"src/extension.ts",
			"extensions/a.ts",
			"extensions/b.ts",
			"extensions/legacy.ts",
			"extensions/tool/index.ts",
			"extensions/tool/helper.ts",
			"resources/skills/review/SKILL.md",
			"resources/skills/review/scripts/run.sh",
			"resources/skills/loose.md",
			"resources/prompts/one.md",
			"resources/prompts/nested/two.md",
			"resources/themes/dark.json",
		];
		const found = findResources(
			{
				pi: {
					extensions: ["./src/extension.ts", "extensions", "!extensions/legacy.ts"],
					skills: ["./resources/skills"],
					prompts: ["./resources/prompts/*.md"],
					themes: ["resources/themes/*.json"],
				},
			},
			files,
		);
		expect(found).toEqual({
			from: "pi",
			extensions: ["src/extension.ts", "extensions/a.ts", "extensions/b.ts", "extensions/tool/index.ts"],
			skills: ["resources/skills/loose.md", "resources/skills/review/SKILL.md"],
			prompts: ["resources/prompts/one.md"],
			themes: ["resources/themes/dark.json"],
		});
	});

	it("uses the conventional folders without a manifest (prompts and themes recursively), not node_modules or dot folders", () => {
		const found = findResources({ name: "x", pi: { image: "a.png" } }, [
			"extensions/index.ts",
			"extensions/other.ts",
			"skills/a/SKILL.md",
			"skills/b/SKILL.md",
			"prompts/p.md",
			"prompts/more/q.md",
			"prompts/node_modules/r.md",
			"themes/.hidden/t.json",
			"themes/u.json",
		]);
		expect(found).toEqual({
			from: "folders",
			extensions: ["extensions/index.ts"],
			skills: ["skills/a/SKILL.md", "skills/b/SKILL.md"],
			prompts: ["prompts/p.md", "prompts/more/q.md"],
			themes: ["themes/u.json"],
		});
	});

	it("reads oh-my-pi's omp manifest when there is no pi one, and finds nothing in a package that is no pi package", () => {
		expect(findResources({ omp: { extensions: ["./src/extension.ts"] } }, ["src/extension.ts"]).extensions).toEqual(["src/extension.ts"]);
		expect(findResources({ name: "lib" }, ["index.js", "README.md"]).from).toBe("none");
	});

	it("copies a skill's folder with it", () => {
		expect(skillFolderFiles("skills/a/SKILL.md", ["skills/a/SKILL.md", "skills/a/run.sh", "skills/ab/x.md"])).toEqual(["skills/a/SKILL.md", "skills/a/run.sh"]);
	});
});
