/**
 * Files opened as a playground of their own (a gallery example): a new playground beside the user's, with its files,
 * explanation and the files the editor shows; opened again while untouched it is the same one; the first edit makes it
 * the user's copy, after which the example opens fresh. Over fake-indexeddb (IndexedDB itself: the browser project).
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { openAsPlayground } from "../../../src/host/share/open-as-playground.ts";
import { PlaygroundOrigin } from "../../../src/host/share/playground-origin.ts";
import { SHARED_SETTINGS, type SharedStart } from "../../../src/host/share/share-materialize.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../../src/host/state/playground-state.ts";
import type { PlaygroundAbout } from "../../../src/host/state/records.ts";
import { Store } from "../../../src/host/state/store.ts";
import { PlayaDatabase } from "../../../src/host/storage/database.ts";
import { listPlaygrounds, openPlaygroundDatabase } from "../../../src/host/storage/playgrounds.ts";
import { GALLERY_EXAMPLES } from "../../../src/ui/gallery/examples.ts";
import { EXTENSIONS_FOLDER, exampleOpening, READ_ONLY_FOLDER, upstreamOpening } from "../../../src/ui/gallery/openings.ts";

const guard = GALLERY_EXAMPLES.find((example) => example.id === "tool-guard")!;

async function freshHome(): Promise<PlayaDatabase> {
	return PlayaDatabase.open(`playa-test-home-${crypto.randomUUID()}`);
}

describe("opening files as a playground of their own", () => {
	it("makes a playground with the example's files, explanation, script and files to show, and lists it", async () => {
		const home = await freshHome();
		const opening = await exampleOpening(guard, async (file) => `// ${file}\nexport default function () {}\n`);
		expect(opening.files.map((file) => file.path)).toEqual([`${EXTENSIONS_FOLDER}/tool-guard.ts`]);
		const id = await openAsPlayground(home, opening);
		const records = await listPlaygrounds(home);
		expect(records.find((record) => record.id === id)).toMatchObject({ title: `Example: ${guard.title}`, origin: "example:tool-guard" });
		const database = await openPlaygroundDatabase(id);
		try {
			expect(await database.getSetting<PlaygroundAbout>(SHARED_SETTINGS.about)).toMatchObject({ title: guard.title, text: guard.explanation });
			expect(await database.getSetting("script")).toEqual(guard.script);
			const start = await database.getSetting<SharedStart>(SHARED_SETTINGS.firstStart);
			expect(start?.prompt).toBe(guard.prompt);
			expect(start?.open).toEqual([`${EXTENSIONS_FOLDER}/tool-guard.ts`]);
			expect(start?.files.map((file) => file.path)).toEqual([`${EXTENSIONS_FOLDER}/tool-guard.ts`]);
		} finally {
			database.close();
		}
		home.close();
	});

	it("comes back to the same playground while it is untouched, and opens a fresh one once it is the user's copy", async () => {
		const home = await freshHome();
		const opening = await exampleOpening(guard, async () => "export default function () {}\n");
		const first = await openAsPlayground(home, opening);
		expect(await openAsPlayground(home, opening)).toBe(first);
		expect((await listPlaygrounds(home)).filter((record) => record.origin === opening.about.origin)).toHaveLength(1);

		// The user edits a file in it: it becomes theirs.
		const current = await openPlaygroundDatabase(first);
		const store = new Store<PlaygroundState>(initialPlaygroundState());
		const notes: string[] = [];
		const origin = new PlaygroundOrigin({
			databases: { current, home },
			store,
			notices: { notify: (message: string) => void notes.push(message) },
			playgroundId: first,
			location: { href: "https://playa.test/", assign: () => undefined },
		});
		await origin.load();
		expect(store.get().about?.origin).toBe("example:tool-guard");
		await Promise.all([origin.edited(), origin.edited()]);
		expect(store.get().about).toMatchObject({ copy: true, origin: undefined });
		expect(await current.getSetting<PlaygroundAbout>(SHARED_SETTINGS.about)).toMatchObject({ copy: true });
		expect(notes).toHaveLength(1);
		expect(notes[0]).toContain(`Your copy of ${guard.title}`);
		current.close();
		const copy = (await listPlaygrounds(home)).find((record) => record.id === first);
		expect(copy).toMatchObject({ title: `Your copy of ${guard.title}` });
		expect(copy?.origin).toBeUndefined();

		// The example again: a new original beside the copy.
		const second = await openAsPlayground(home, opening);
		expect(second).not.toBe(first);
		home.close();
	});

	it("goes to the example's playground from the user's own, and stays when it is already there", async () => {
		const gone: string[] = [];
		const home = await freshHome();
		const current = await freshHome();
		const parts = { databases: { current, home }, store: new Store<PlaygroundState>(initialPlaygroundState()), notices: { notify: () => undefined } };
		const location = { href: "https://playa.test/?ext=x#a", assign: (href: string) => void gone.push(href) };
		const opening = await exampleOpening(guard, async () => "export default function () {}\n");
		opening.about.origin = `example:tool-guard-${crypto.randomUUID()}`;
		expect(await new PlaygroundOrigin({ ...parts, playgroundId: "home", location }).open(opening)).toBe(true);
		expect(gone).toHaveLength(1);
		const id = new URL(gone[0]).searchParams.get("playground");
		expect(id).toBeTruthy();
		// Only the playground's address: the user's own link's extensions are not carried over.
		expect(new URL(gone[0]).searchParams.has("ext")).toBe(false);
		// Already in it (not edited since): nothing to go to.
		expect(await new PlaygroundOrigin({ ...parts, playgroundId: id!, location }).open(opening)).toBe(false);
		expect(gone).toHaveLength(1);
		home.close();
		current.close();
	});

	it("a playground not opened from the gallery stays as it is when edited", async () => {
		const home = await freshHome();
		const current = await freshHome();
		const store = new Store<PlaygroundState>(initialPlaygroundState());
		const origin = new PlaygroundOrigin({
			databases: { current, home },
			store,
			notices: { notify: () => undefined },
			playgroundId: "x",
			location: { href: "https://playa.test/", assign: () => undefined },
		});
		await origin.load();
		await origin.edited();
		expect(store.get().about).toBeUndefined();
		expect(await current.getSetting(SHARED_SETTINGS.about)).toBeUndefined();
		home.close();
		current.close();
	});
});

describe("upstream's examples as playgrounds", () => {
	const sources = {
		"hello.ts": async () => "export default function () {}\n",
		"plan-mode/index.ts": async () => "import './utils.ts';\n",
		"plan-mode/utils.ts": async () => "export const x = 1;\n",
		"plan-mode/README.md": async () => "# Plan mode\n",
		"gondolin/index.ts": async () => "import '@earendil-works/gondolin';\n",
	};
	const entry = (name: string, loads = true) => ({ name, needs: "", loads, notes: "", registers: "commands: /plan" });

	it("opens a folder's files in .pi/extensions/, its entry in front", async () => {
		const opening = await upstreamOpening(entry("plan-mode/"), sources);
		expect(opening.files.map((file) => file.path)).toEqual([
			`${EXTENSIONS_FOLDER}/plan-mode/README.md`,
			`${EXTENSIONS_FOLDER}/plan-mode/index.ts`,
			`${EXTENSIONS_FOLDER}/plan-mode/utils.ts`,
		]);
		expect(opening.open).toEqual([`${EXTENSIONS_FOLDER}/plan-mode/index.ts`]);
		expect(opening.about).toMatchObject({ kind: "upstream example", title: "plan-mode", origin: "upstream:plan-mode/" });
		expect((await upstreamOpening(entry("hello"), sources)).files.map((file) => file.path)).toEqual([`${EXTENSIONS_FOLDER}/hello.ts`]);
	});

	it("puts one that does not load in a browser where nothing runs, and says so", async () => {
		const opening = await upstreamOpening(entry("gondolin/", false), sources);
		expect(opening.files.map((file) => file.path)).toEqual([`${READ_ONLY_FOLDER}/gondolin/index.ts`]);
		expect(opening.about.details?.join(" ")).toContain("does not load in a browser");
	});

	it("says so when its source is not in the build", async () => {
		await expect(upstreamOpening(entry("missing"), sources)).rejects.toThrow("not in this build");
	});
});
