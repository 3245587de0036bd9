/**
 * The editor's host side: the page renders (and the editor asks for its tabs and drafts) before the
 * database has opened, so those calls wait for it instead of failing and leaving the editor closed.
 */
import { describe, expect, it } from "vitest";
import type { PlayaDatabase } from "../../src/host/storage/database.ts";
import { type AuthoredFile, EditorDesk } from "../../src/host/editor/editor-desk.ts";
import { initialPlaygroundState } from "../../src/host/state/playground-state.ts";
import type { ExtensionStatus } from "../../src/protocol/runtime.ts";
import { workspaceUrl } from "../../src/protocol/workspace/workspace-url.ts";

/** The two settings calls EditorDesk makes, over a map (IndexedDB itself is tested in the browser project). */
function settingsStore(initial: Record<string, unknown> = {}): PlayaDatabase {
	const settings = new Map<string, unknown>(Object.entries(initial));
	return {
		getSetting: async (key: string) => structuredClone(settings.get(key)),
		setSetting: async (key: string, value: unknown) => void settings.set(key, structuredClone(value)),
	} as unknown as PlayaDatabase;
}

function editorDesk(opened: Promise<PlayaDatabase>): EditorDesk {
	return new EditorDesk({
		databases: { opened },
		workspace: { readFile: async () => new Uint8Array(), writeFile: async () => undefined, sessionCwd: "/workspace" },
		trust: { authored: async () => undefined },
		store: { get: () => initialPlaygroundState() },
		choices: { setScript: async () => undefined },
		extensions: { reloadExtensions: async () => [] },
	});
}

describe("editor host", () => {
	it("answers the tabs and drafts asked for before the database opened, once it opens", async () => {
		let open!: (storage: PlayaDatabase) => void;
		const opened = new Promise<PlayaDatabase>((resolve) => {
			open = resolve;
		});
		const host = editorDesk(opened);
		const tabs = host.tabs();
		const draft = host.draft("/workspace/.pi/extensions/a.ts");
		open(
			settingsStore({
				editorTabs: { paths: ["/workspace/.pi/extensions/a.ts"], active: "/workspace/.pi/extensions/a.ts" },
				editorDrafts: { "/workspace/.pi/extensions/a.ts": "// unsaved" },
			}),
		);
		await expect(tabs).resolves.toEqual({ paths: ["/workspace/.pi/extensions/a.ts"], active: "/workspace/.pi/extensions/a.ts" });
		await expect(draft).resolves.toBe("// unsaved");
	});

	it("keeps drafts in order and forgets one once saved", async () => {
		const store = settingsStore();
		const host = editorDesk(Promise.resolve(store));
		void host.keepDraft("/workspace/a.ts", "one");
		await host.keepDraft("/workspace/a.ts", "two");
		expect(await store.getSetting("editorDrafts")).toEqual({ "/workspace/a.ts": "two" });
		await host.save("/workspace/a.ts", "two");
		expect(await store.getSetting("editorDrafts")).toEqual({});
		expect(await host.draft("/workspace/a.ts")).toBeUndefined();
	});
});

describe("Run", () => {
	const path = "/workspace/.pi/extensions/spin.ts";
	const card = (patch: Partial<ExtensionStatus>): ExtensionStatus => ({
		url: workspaceUrl(path),
		name: "spin",
		loaded: true,
		tools: [],
		commands: [],
		shortcuts: [],
		flags: [],
		notices: [],
		...patch,
	});

	/** A desk over one file, whose reload reports `after` and records what it was given. */
	function desk(after: ExtensionStatus[]) {
		const files = new Map([[path, "while (true) {}"]]);
		const reloads: AuthoredFile[][] = [];
		const host = new EditorDesk({
			databases: { opened: Promise.resolve(settingsStore()) },
			workspace: {
				readFile: async (p) => new TextEncoder().encode(files.get(p) ?? ""),
				writeFile: async (p, text) => void files.set(p, text),
				sessionCwd: "/workspace",
			},
			trust: { authored: async () => undefined },
			store: { get: () => initialPlaygroundState() },
			choices: { setScript: async () => undefined },
			extensions: {
				reloadExtensions: async ({ authored = [] }) => {
					reloads.push(authored);
					return after;
				},
			},
		});
		return { host, reloads };
	}

	it("says how the file's extension came out: loaded, failed with its error, or still turned off", async () => {
		expect(await desk([card({})]).host.run(path, "// fixed")).toEqual({ saved: true, extension: { name: "spin", state: "loaded" } });
		const failed = card({ loaded: false, error: { url: workspaceUrl(path), phase: "factory", message: "the factory broke" } });
		expect(await desk([failed]).host.run(path, "// broken")).toEqual({
			saved: true,
			extension: { name: "spin", state: "failed", reason: "the factory broke" },
		});
		const off = card({
			loaded: false,
			disabled: true,
			error: { url: workspaceUrl(path), phase: "handler", message: "stopped responding in tool spin and was turned off" },
		});
		expect(await desk([off]).host.run(path, "while (true) {}")).toEqual({
			saved: true,
			extension: { name: "spin", state: "off", reason: "stopped responding in tool spin and was turned off" },
		});
		// A file no extension is loaded from: it was saved, that is all there is to say.
		expect(await desk([]).host.run(path, "// a helper")).toEqual({ saved: true });
	});

	it("tells the reload whether the file changed: a changed file of a turned-off extension is turned on", async () => {
		const { host, reloads } = desk([card({})]);
		await host.run(path, "while (true) {}");
		await host.run(path, "// fixed");
		expect(reloads.map(([file]) => file.changed)).toEqual([false, true]);
	});
});

describe("the editor's open requests and edits", () => {
	it("keeps a request made before the editor listens, for the first one that does", () => {
		const host = editorDesk(Promise.resolve(settingsStore()));
		host.requestOpen("/workspace/.pi/extensions/b.ts", undefined, { besides: ["/workspace/.pi/extensions/a.ts"] });
		const heard: unknown[] = [];
		const stop = host.onOpenRequest((...request) => heard.push(request));
		expect(heard).toEqual([["/workspace/.pi/extensions/b.ts", undefined, { besides: ["/workspace/.pi/extensions/a.ts"] }]]);
		stop();
		// Taken once: the next listener does not get it again.
		host.onOpenRequest((...request) => heard.push(request));
		expect(heard).toHaveLength(1);
	});

	it("tells the playground's origin of a typed change and of a Run that changed the file, not of a Run that did not", async () => {
		let edits = 0;
		const files = new Map<string, string>([["/workspace/.pi/extensions/a.ts", "same"]]);
		const host = new EditorDesk({
			databases: { opened: Promise.resolve(settingsStore()) },
			workspace: {
				readFile: async (path) => new TextEncoder().encode(files.get(path) ?? ""),
				writeFile: async (path, text) => void files.set(path, text),
				sessionCwd: "/workspace",
			},
			trust: { authored: async () => undefined },
			store: { get: () => initialPlaygroundState() },
			choices: { setScript: async () => undefined },
			extensions: { reloadExtensions: async () => [] },
			origin: { edited: async () => void edits++ },
		});
		await host.run("/workspace/.pi/extensions/a.ts", "same");
		expect(edits).toBe(0);
		await host.keepDraft("/workspace/.pi/extensions/a.ts", undefined);
		expect(edits).toBe(0);
		await host.keepDraft("/workspace/.pi/extensions/a.ts", "changed");
		expect(edits).toBe(1);
		await host.run("/workspace/.pi/extensions/a.ts", "changed");
		expect(edits).toBe(2);
	});

	it("has the next Run's runtime made ahead once something is typed, after each Run and for a new extension, not on a save alone", async () => {
		const events: string[] = [];
		const host = new EditorDesk({
			databases: { opened: Promise.resolve(settingsStore()) },
			workspace: { readFile: async () => new Uint8Array(), writeFile: async () => undefined, sessionCwd: "/workspace" },
			trust: { authored: async () => undefined },
			store: { get: () => initialPlaygroundState() },
			choices: { setScript: async () => undefined },
			extensions: {
				reloadExtensions: async () => (events.push("reload"), []),
				prepareReload: () => void events.push("prepare"),
			},
		});
		await host.keepDraft("/workspace/.pi/extensions/a.ts", undefined);
		expect(events).toEqual([]);
		await host.keepDraft("/workspace/.pi/extensions/a.ts", "typed");
		expect(events).toEqual(["prepare"]);
		// After the reload, for the Run after it (the reload took the frame made ahead).
		await host.run("/workspace/.pi/extensions/a.ts", "typed");
		expect(events).toEqual(["prepare", "reload", "prepare"]);
		await host.createFromTemplate("/workspace/.pi/extensions/b.ts", "export default () => {};", []);
		expect(events).toEqual(["prepare", "reload", "prepare", "prepare"]);
	});
});
