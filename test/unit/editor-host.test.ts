/**
 * The editor's host side: the page renders (and the editor asks for its tabs and drafts) before the
 * database has opened, so those calls wait for it instead of failing and leaving the editor closed.
 */
import { describe, expect, it } from "vitest";
import type { PlayaDatabase } from "../../src/host/storage/database.ts";
import { EditorDesk } from "../../src/host/editor/editor-desk.ts";
import { initialPlaygroundState } from "../../src/host/state/playground-state.ts";

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
		runtime: { start: async () => undefined },
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
