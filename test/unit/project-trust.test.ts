/**
 * The host's side of project-local extensions: trust kept per file and content hash (new and changed
 * files ask again, a file the user wrote in the page does not), what the Extension URL field's input
 * names (a workspace path or a URL), and the problems list built from every phase's errors.
 */
import { describe, expect, it } from "vitest";
import type { PlayaDatabase } from "../../src/host/storage/database.ts";
import { resolveExtensionInput } from "../../src/host/trust/extension-url.ts";
import { problemsOf } from "../../src/host/state/problems.ts";
import { ProjectTrust } from "../../src/host/trust/project-trust.ts";
import { workspacePathOf, workspaceUrl } from "../../src/protocol/workspace/workspace-url.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { discoverProjectExtensions } from "../../src/workspace/project-discovery.ts";

/** The two settings calls ProjectTrust makes, over a map (IndexedDB itself is tested in the browser project). */
function settingsStore(): PlayaDatabase {
	const settings = new Map<string, unknown>();
	return {
		getSetting: async (key: string) => structuredClone(settings.get(key)),
		setSetting: async (key: string, value: unknown) => void settings.set(key, structuredClone(value)),
	} as unknown as PlayaDatabase;
}

const EXT = "export default function (pi) {}\n";

describe("project trust", () => {
	it("a yes or a no about no files touches no storage: a link's yes starts without a settings write", async () => {
		const calls: string[] = [];
		const store = {
			getSetting: async (key: string) => void calls.push(`get ${key}`),
			setSetting: async (key: string) => void calls.push(`set ${key}`),
		} as unknown as PlayaDatabase;
		const trust = new ProjectTrust({ current: store });
		await trust.trust([]);
		await trust.decline([], true);
		expect(calls).toEqual([]);
	});

	it("asks about new and changed files, not about trusted ones; a no holds until the files change", async () => {
		const workspace = await EmbeddedWorkspace.create({ files: { ".pi/extensions/a.ts": EXT } });
		const store = settingsStore();
		const trust = new ProjectTrust({ current: store });
		const found = async () => (await discoverProjectExtensions(workspace, workspace.cwd)).extensions;
		const names = (list: { path: string }[]) => list.map((extension) => extension.path.split("/").at(-1));

		const first = await trust.split(await found());
		expect(names(first.unknown)).toEqual(["a.ts"]);
		await trust.trust(first.unknown);
		expect(names((await trust.split(await found())).trusted)).toEqual(["a.ts"]);

		await workspace.writeFile(".pi/extensions/b.ts", EXT);
		const second = await trust.split(await found());
		expect({ trusted: names(second.trusted), unknown: names(second.unknown) }).toEqual({ trusted: ["a.ts"], unknown: ["b.ts"] });
		trust.decline(second.unknown);
		expect(names((await trust.split(await found())).unknown)).toEqual([]);

		await workspace.writeFile(".pi/extensions/a.ts", `${EXT}// the agent changed it\n`);
		await workspace.writeFile(".pi/extensions/b.ts", `${EXT}// and this one\n`);
		const third = await trust.split(await found());
		expect({ trusted: names(third.trusted), unknown: names(third.unknown) }).toEqual({ trusted: [], unknown: ["a.ts", "b.ts"] });
	});

	it("a file the user saved in the page is trusted as written, not as changed later", async () => {
		const workspace = await EmbeddedWorkspace.create({});
		const store = settingsStore();
		const trust = new ProjectTrust({ current: store });
		const saved = `${EXT}// mine\n`;
		await workspace.writeFile(".pi/extensions/mine.ts", saved);
		await trust.authored("/workspace/.pi/extensions/mine.ts", saved);
		const found = async () => (await discoverProjectExtensions(workspace, workspace.cwd)).extensions;
		expect((await trust.split(await found())).trusted.map((extension) => extension.path)).toEqual(["/workspace/.pi/extensions/mine.ts"]);
		await workspace.writeFile(".pi/extensions/mine.ts", `${saved}// not mine\n`);
		expect((await trust.split(await found())).unknown.map((extension) => extension.path)).toEqual(["/workspace/.pi/extensions/mine.ts"]);
	});
});

describe("the Extension URL field's input", () => {
	const page = "http://localhost:5173/?ext=x";
	const cases: [string, string, string][] = [
		["/workspace/my-ext.ts", "/workspace", "workspace:/workspace/my-ext.ts"],
		[".pi/extensions/x.ts", "/workspace", "workspace:/workspace/.pi/extensions/x.ts"],
		["my ext.ts", "/home/workspace", "workspace:/home/workspace/my%20ext.ts"],
		["/home/workspace/a/../b.ts", "/workspace", "workspace:/home/workspace/b.ts"],
		["/extensions/dialog-demo.ts", "/workspace", "http://localhost:5173/extensions/dialog-demo.ts"],
		["https://example.com/ext.ts", "/workspace", "https://example.com/ext.ts"],
		["//example.com/ext.ts", "/workspace", "http://example.com/ext.ts"],
	];
	it.each(cases)("%s (cwd %s) → %s", (input, cwd, expected) => {
		expect(resolveExtensionInput(input, page, cwd)).toBe(expected);
	});

	it("workspace URLs give their path back", () => {
		expect(workspacePathOf(workspaceUrl("/workspace/.pi/extensions/my ext.ts"))).toBe("/workspace/.pi/extensions/my ext.ts");
		expect(workspacePathOf("https://example.com/x.ts")).toBeUndefined();
	});
});

describe("the problems list", () => {
	it("lists discovery, load and later errors at their files and lines, workspace files by path", () => {
		const main = workspaceUrl("/workspace/.pi/extensions/main.ts");
		const problems = problemsOf(
			[{ file: "/workspace/.pi/extensions/pack/package.json", line: 3, column: 5, message: "package.json is not valid JSON" }],
			[
				{
					url: main,
					name: "main",
					loaded: false,
					error: { url: main, file: workspaceUrl("/workspace/.pi/extensions/helper.ts"), phase: "transpile", message: "in …: Unexpected token", line: 2 },
					tools: [],
					commands: [],
					shortcuts: [],
					flags: [],
					notices: [],
				},
				{ url: "https://example.com/ok.ts", name: "ok", loaded: true, tools: [], commands: [], shortcuts: [], flags: [], notices: [] },
			],
			[{ url: "https://example.com/ok.ts", phase: "renderer", where: "renderCall of x", message: "boom", line: 7, column: 3 }],
		);
		expect(problems).toEqual([
			{
				file: "/workspace/.pi/extensions/pack/package.json",
				line: 3,
				column: 5,
				phase: "discover",
				message: "package.json is not valid JSON",
				extension: "workspace:/workspace/.pi/extensions/pack",
			},
			{ file: "/workspace/.pi/extensions/helper.ts", line: 2, phase: "transpile", message: "in …: Unexpected token", extension: main },
			{
				file: "https://example.com/ok.ts",
				line: 7,
				column: 3,
				phase: "renderer",
				message: "boom",
				extension: "https://example.com/ok.ts",
				where: "renderCall of x",
			},
		]);
	});
});
