/**
 * What a shared snapshot says of its files before anything runs: which of them run as code (the project's
 * extensions, by pi's discovery rules), listed first, and no file whose name reads as another (a bidi
 * control, a zero-width or other format character): such a snapshot is refused, naming the file escaped.
 */
import { describe, expect, it, vi } from "vitest";
import { ShareDesk } from "../../../src/host/share/share-desk.ts";
import { snapshotCode } from "../../../src/host/share/snapshot-code.ts";
import { hidingCharactersOf, visibleText } from "../../../src/protocol/visible-text.ts";
import { parseSnapshot, type PlaygroundSnapshot } from "../../../src/share/snapshot.ts";

const EXT = "export default function (pi) {}\n";

/** Every character the issue names, and a few more of category Cf. */
const HIDING = [
	...["\u202A", "\u202B", "\u202C", "\u202D", "\u202E"],
	...["\u2066", "\u2067", "\u2068", "\u2069"],
	...["\u200E", "\u200F", "\u061C"],
	...["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u180E"],
];

const escaped = (char: string) => `\\u${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

describe("file names that read as something else", () => {
	it("a snapshot with one is refused, naming the file escaped and the character", () => {
		const result = parseSnapshot({ version: 1, files: [{ path: ".pi/extensions/readme\u202Edm.ts", content: EXT }] });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error).toContain(".pi/extensions/readme\\u202Edm.ts");
		expect(result.error).toContain("(\\u202E)");
		expect(result.error).not.toContain("\u202E");
		expect(result.error).toMatch(/^This snapshot is not valid at files\.0\.path: /);
	});

	it.each(HIDING.map((char) => [escaped(char), char]))("refuses %s anywhere in a path", (shown, char) => {
		for (const path of [`a${char}b.ts`, `${char}notes.md`, `.pi/extensions/x${char}/index.ts`]) {
			const result = parseSnapshot({ version: 1, files: [{ path, content: "x" }] });
			expect(result.ok, path).toBe(false);
			if (!result.ok) expect(result.error).toContain(shown);
		}
	});

	it("keeps names in other scripts and with emoji", () => {
		for (const path of ["notes/ملاحظات.md", "日本語.ts", "naïve café.txt", "🙂.md"]) {
			expect(parseSnapshot({ version: 1, files: [{ path, content: "x" }] }).ok, path).toBe(true);
		}
	});

	it("shows such a name with its characters escaped, and only those", () => {
		expect(visibleText(".pi/extensions/readme\u202Edm.ts")).toBe(".pi/extensions/readme\\u202Edm.ts");
		expect(visibleText("a\u200Bb\u2066c\uFEFF\nd")).toBe("a\\u200Bb\\u2066c\\uFEFF\\u000Ad");
		expect(visibleText("tag\u{E0041}")).toBe("tag\\u{E0041}");
		expect(visibleText("ملاحظات 日本語 naïve 🙂")).toBe("ملاحظات 日本語 naïve 🙂");
		expect(hidingCharactersOf("a\u202Eb\u202Ec\u200B")).toEqual(["\\u202E", "\\u200B"]);
	});
});

describe("which files of a snapshot run", () => {
	const file = (path: string, content = EXT) => ({ path, content });

	it("the project's extensions by pi's rules: files in .pi/extensions and .omp/extensions, a folder's index or its package.json's entries", async () => {
		const code = await snapshotCode([
			file("notes.md", "# notes"),
			file(".pi/extensions/x.ts"),
			file(".pi/extensions/readme.md", "# not code"),
			file(".pi/extensions/tool/index.ts"),
			file(".pi/extensions/tool/helper.ts"),
			file(".pi/extensions/pkg/package.json", JSON.stringify({ pi: { extensions: ["./main.js"] } })),
			file(".pi/extensions/pkg/main.js"),
			file(".omp/extensions/y.js"),
			file("src/not-an-extension.ts"),
			file(".pi/extensions/deep/er/index.ts"),
		]);
		expect(code).toEqual([
			{ path: ".pi/extensions/pkg/main.js", extension: ".pi/extensions/pkg/main.js" },
			{ path: ".pi/extensions/tool/index.ts", extension: ".pi/extensions/tool/index.ts" },
			{ path: ".pi/extensions/x.ts", extension: ".pi/extensions/x.ts" },
			{ path: ".omp/extensions/y.js", extension: ".omp/extensions/y.js" },
			{ path: ".pi/extensions/pkg/package.json", extension: ".pi/extensions/pkg/main.js" },
			{ path: ".pi/extensions/tool/helper.ts", extension: ".pi/extensions/tool/index.ts" },
		]);
	});

	it("none when the snapshot has no extension file", async () => {
		expect(await snapshotCode([file("notes.md", "# notes"), file("src/x.ts")])).toEqual([]);
	});

	it("the consent's offer says which files run", async () => {
		const desk = new ShareDesk({ href: "https://playa.test/", hash: "", search: "", assign: vi.fn() }, { state: null, replaceState: vi.fn() });
		const snapshot: PlaygroundSnapshot = { version: 1, files: [file("notes.md", "# hi"), file(".pi/extensions/x.ts")], extensions: [] };
		await desk.openSnapshot(snapshot, "a link");
		expect(desk.store.get().offer).toEqual({ snapshot, source: "a link", code: [{ path: ".pi/extensions/x.ts", extension: ".pi/extensions/x.ts" }] });
	});
});
