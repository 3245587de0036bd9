// The editor's defaults (src/ui/editor/editor-defaults.ts): what a new line indents with (the file's own indentation),
// and the file an embed's editor opens with.
import { describe, expect, it } from "vitest";
import { fileToOpenFirst, indentOf } from "../../src/ui/editor/editor-defaults.ts";

describe("the editor's indent unit", () => {
	it("is a tab in a file that indents with tabs", () => {
		expect(indentOf("export default function (pi) {\n\tpi.on('x', () => {\n\t\treturn;\n\t});\n}\n")).toBe("\t");
	});
	it("is the file's step of spaces otherwise, two in a file with none", () => {
		expect(indentOf("function a() {\n    if (x) {\n        y();\n    }\n}\n")).toBe("    ");
		expect(indentOf("function a() {\n  y();\n}\n")).toBe("  ");
		expect(indentOf("const a = 1;\n")).toBe("  ");
		expect(indentOf("")).toBe("  ");
	});
	it("follows the most lines where a file mixes both", () => {
		expect(indentOf("a\n\tb\n\tc\n  d\n")).toBe("\t");
		expect(indentOf("a\n  b\n  c\n\td\n")).toBe("  ");
	});
});

describe("the file an embed's editor opens with", () => {
	it("is the first extension, else the first file, else none", () => {
		expect(fileToOpenFirst(["/w/notes.md", "/w/.pi/extensions/b.ts", "/w/.pi/extensions/a.ts"])).toBe("/w/.pi/extensions/a.ts");
		expect(fileToOpenFirst(["/w/z.md", "/w/notes.md"])).toBe("/w/notes.md");
		expect(fileToOpenFirst([])).toBeUndefined();
	});
});
