/**
 * Trust covers every module an extension runs (issue 33): the page finds and hashes a trusted extension's imports
 * itself, a rewritten or new import asks again naming that file, and the runtime gets the hash of each module.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlayaDatabase } from "../../src/host/storage/database.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../src/host/state/playground-state.ts";
import { Store } from "../../src/host/state/store.ts";
import { ExtensionContentTrust } from "../../src/host/trust/extension-trust.ts";
import { importSpecifiers, moduleGraph } from "../../src/host/trust/module-graph.ts";
import { ProjectExtensions } from "../../src/host/trust/project-extensions.ts";
import { contentHash } from "../../src/share/content-hash.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { discoverProjectExtensions } from "../../src/workspace/project-discovery.ts";

function settingsStore(): PlayaDatabase {
	const settings = new Map<string, unknown>();
	return {
		getSetting: async (key: string) => structuredClone(settings.get(key)),
		setSetting: async (key: string, value: unknown) => void settings.set(key, structuredClone(value)),
	} as unknown as PlayaDatabase;
}

const GOOD = `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { greeting } from "./lib/helper.ts";
export default function (pi: ExtensionAPI) { pi.registerCommand("hi", { handler: async () => greeting }); }
`;
const HELPER = `export const greeting: string = "hello";\n`;
const REWRITTEN = `export const greeting: string = "pwned";\n`;
afterEach(() => void vi.unstubAllGlobals());

const GOOD_URL = "workspace:/workspace/.pi/extensions/good.ts";
const HELPER_URL = "workspace:/workspace/.pi/extensions/lib/helper.ts";

describe("the modules an extension runs, as the page finds them", () => {
	it("lists relative imports, not bare ones, type-only ones or the pi packages", async () => {
		const text = `import type { A } from "./types.ts";\nimport { b } from "./b.ts";\nimport z from "zod";\nexport * from "../c.ts";\nconst d = await import("./d.ts");\nconst e = <T,>(x: T) => x;\n`;
		expect(await importSpecifiers(text, "https://x/ext.ts")).toEqual(["./b.ts", "zod", "../c.ts", "./d.ts"]);
	});

	it("follows imports through the graph, each module once, hashing the text it read", async () => {
		const files: Record<string, string> = {
			"https://x/ext.ts": `import "./a.ts";\nimport "./b.ts";\n`,
			"https://x/a.ts": `import "./b.ts";\nimport "lodash";\n`,
			"https://x/b.ts": "export {};\n",
		};
		const modules = await moduleGraph("https://x/ext.ts", async (url) => files[url]);
		expect(modules.map((module) => module.url)).toEqual(["https://x/ext.ts", "https://x/a.ts", "https://x/b.ts"]);
		expect(modules[2]?.hash).toBe(await contentHash("export {};\n"));
	});
});

describe("a project extension's imports are part of what the user trusts", () => {
	const setup = async () => {
		const workspace = await EmbeddedWorkspace.create({ files: { ".pi/extensions/good.ts": GOOD, ".pi/extensions/lib/helper.ts": HELPER } });
		const store = new Store<PlaygroundState>(initialPlaygroundState(), () => undefined);
		const project = new ProjectExtensions({
			databases: { current: settingsStore() },
			workspace: { projectExtensions: () => discoverProjectExtensions(workspace, workspace.cwd), readFile: (path) => workspace.readFile(path) },
			store,
			notices: { notify: () => undefined },
		});
		return { workspace, store, project };
	};

	it("asks about the entry with the helper it imports, and hands the runtime the hash of both once trusted", async () => {
		const { store, project } = await setup();
		expect(await project.runnableUrls()).toBeUndefined();
		expect(store.get().consentFiles).toEqual([
			{ file: "/workspace/.pi/extensions/good.ts", changed: true },
			{ file: "/workspace/.pi/extensions/lib/helper.ts", changed: true },
		]);
		await project.decide(true);
		expect(await project.runnableUrls()).toEqual([GOOD_URL]);
		expect(project.contentHashes()).toEqual({ [GOOD_URL]: await contentHash(GOOD), [HELPER_URL]: await contentHash(HELPER) });
	});

	it("asks again when the helper is rewritten, naming it as the changed file, and the runtime gets no hash for it", async () => {
		const { workspace, store, project } = await setup();
		await project.runnableUrls();
		await project.decide(true);
		await workspace.writeFile("/workspace/.pi/extensions/lib/helper.ts", REWRITTEN);
		expect(await project.runnableUrls()).toBeUndefined();
		expect(store.get().untrustedProjectFiles).toEqual(["/workspace/.pi/extensions/good.ts"]);
		expect(store.get().consentFiles).toEqual([
			{ file: "/workspace/.pi/extensions/good.ts", changed: false },
			{ file: "/workspace/.pi/extensions/lib/helper.ts", changed: true },
		]);
		expect(project.contentHashes()).toEqual({});
	});

	it("asks again when the entry imports a new file", async () => {
		const { workspace, store, project } = await setup();
		await project.runnableUrls();
		await project.decide(true);
		await workspace.writeFile("/workspace/.pi/extensions/lib/helper.ts", `export { greeting } from "./more.ts";\n`);
		await workspace.writeFile("/workspace/.pi/extensions/lib/more.ts", HELPER);
		expect(await project.runnableUrls()).toBeUndefined();
		expect(
			store
				.get()
				.consentFiles.filter((file) => file.changed)
				.map((file) => file.file),
		).toEqual(["/workspace/.pi/extensions/lib/helper.ts", "/workspace/.pi/extensions/lib/more.ts"]);
	});

	it("hashes a module the extension imports by URL too, read with the page's fetch, and asks again when it changes", async () => {
		let served = HELPER;
		vi.stubGlobal("fetch", async (url: string) => (url === "https://x.test/remote.ts" ? new Response(served) : new Response("", { status: 404 })));
		const { workspace, store, project } = await setup();
		await workspace.writeFile("/workspace/.pi/extensions/lib/helper.ts", `export { greeting } from "https://x.test/remote.ts";\n`);
		await project.runnableUrls();
		expect(store.get().consentFiles.map((file) => file.file)).toContain("https://x.test/remote.ts");
		await project.decide(true);
		expect(await project.runnableUrls()).toEqual([GOOD_URL]);
		expect(project.contentHashes()["https://x.test/remote.ts"]).toBe(await contentHash(HELPER));
		served = REWRITTEN;
		expect(await project.runnableUrls()).toBeUndefined();
		expect(
			store
				.get()
				.consentFiles.filter((file) => file.changed)
				.map((file) => file.file),
		).toEqual(["https://x.test/remote.ts"]);
	});

	it("does not ask again about an unchanged graph", async () => {
		const { project } = await setup();
		await project.runnableUrls();
		await project.decide(true);
		expect(await project.runnableUrls()).toEqual([GOOD_URL]);
		expect(await project.runnableUrls()).toEqual([GOOD_URL]);
	});
});

describe("a link extension's relative imports are part of what the user trusts", () => {
	it("asks again when an import changed on the server, naming it; pins every module once trusted", async () => {
		const files: Record<string, string> = {
			"https://x/ext.ts": `import { greeting } from "./util.ts";\nexport default () => greeting;\n`,
			"https://x/util.ts": HELPER,
		};
		const read = async (url: string) => {
			if (files[url] === undefined) throw new Error("answered 404");
			return files[url];
		};
		const trust = new ExtensionContentTrust({ home: settingsStore() });
		const first = await trust.untrusted(["https://x/ext.ts"], read);
		expect(first.map((entry) => entry.changed)).toEqual([["https://x/ext.ts", "https://x/util.ts"]]);
		await trust.decide(true);
		expect(await trust.untrusted(["https://x/ext.ts"], read)).toEqual([]);
		expect(await trust.pinned(["https://x/ext.ts"])).toEqual({
			"https://x/ext.ts": await contentHash(files["https://x/ext.ts"]!),
			"https://x/util.ts": await contentHash(HELPER),
		});

		files["https://x/util.ts"] = REWRITTEN;
		const again = await trust.untrusted(["https://x/ext.ts"], read);
		expect(again.map((entry) => entry.changed)).toEqual([["https://x/util.ts"]]);
		expect(await trust.files(["https://x/ext.ts"])).toEqual([
			{ file: "https://x/ext.ts", changed: false },
			{ file: "https://x/util.ts", changed: true },
		]);
		// The runtime is told the hash the user trusted, not the new one: its loader refuses the rewritten file.
		expect((await trust.pinned(["https://x/ext.ts"]))["https://x/util.ts"]).toBe(await contentHash(HELPER));
	});
});
